/**
 * One file of a batch import into a generic document collection (ADR 029, 2026-11-24
 * amendment): the file becomes a document of the import's app and data type, owned by the
 * importer and unpublished, with the prefixed name, a title, the text the assistants' parsers
 * extract, and its content hash. The document's id is derived from that hash, so the same
 * content lands on the same id: inserting it again changes nothing (a duplicate), and this
 * holds between two imports running at once too, without a separate lookup that could race.
 * After a restart, a document already there that names this import and file is its own, not a duplicate.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../db/schema';
import type { DetectedType } from '../ingest/file-type';
import { parseIsolated } from '../ingest/isolated-parse';
import type { ParseLimits } from '../ingest/isolated-parse';
import { sha256 } from '../store.service';

type Db = Kysely<DatabaseSchema>;

export interface DocumentImport {
  readonly importId: string;
  /** The file's place in the import: with the import id, what makes a document this file's own. */
  readonly seq: number;
  readonly ownerId: string;
  readonly appId: string;
  readonly dataType: string;
}

export type DocumentOutcome = { readonly state: 'imported'; readonly id: string } | { readonly state: 'duplicate'; readonly id: string; readonly of: string } | { readonly state: 'failed'; readonly reason: string };

/** The id of a document holding this content (identifier pattern: letters, digits, `-`). */
export function contentDocumentId(content: Buffer): string {
  return `sha256-${sha256(content)}`;
}

function titleOf(text: string, name: string): string {
  const heading = /^#{1,3}\s+(.+?)\s*#*\s*$/m.exec(text.slice(0, 4000))?.[1];
  return (heading ?? name.replace(/\.[A-Za-z0-9]+$/, '')).slice(0, 200);
}

type Stored = { name?: unknown; importId?: unknown; importSeq?: unknown };

async function existing(db: Db, target: DocumentImport, id: string) {
  const row = await db.selectFrom('documents').select('data').where('app_id', '=', target.appId).where('data_type', '=', target.dataType).where('id', '=', id).executeTakeFirst();
  return row ? (JSON.parse(row.data) as Stored) : undefined;
}

export async function importDocument(db: Db, target: DocumentImport, file: { name: string; type: DetectedType; content: Buffer }, at: Date, limits?: ParseLimits): Promise<DocumentOutcome> {
  const id = contentDocumentId(file.content);
  // Stored by this very file before a restart: its own; by anything else, even another file of this import: a duplicate.
  const judge = (data: Stored): DocumentOutcome =>
    data.importId === target.importId && data.importSeq === target.seq ? { state: 'imported', id } : { state: 'duplicate', id, of: typeof data.name === 'string' ? data.name : id };
  const before = await existing(db, target, id);
  if (before) return judge(before);

  let text: string;
  try {
    text = (await parseIsolated(file.type.kind, file.content, limits)).text;
  } catch (error) {
    return { state: 'failed', reason: `the text could not be read: ${(error instanceof Error ? error.message : String(error)).slice(0, 300)}` };
  }
  if (text.trim() === '') return { state: 'failed', reason: 'the file holds no text' };
  const stamp = at.toISOString();
  const fields = {
    name: file.name,
    title: titleOf(text, file.name),
    body: text,
    format: file.type.kind,
    contentType: file.type.contentType,
    size: file.content.length,
    contentHash: id.slice('sha256-'.length),
    importId: target.importId,
    importSeq: target.seq,
  };
  const inserted = await db
    .insertInto('documents')
    .values({ app_id: target.appId, data_type: target.dataType, id, owner_id: target.ownerId, published: 0, data: JSON.stringify(fields), created_at: stamp, updated_at: stamp })
    .onConflict((oc) => oc.columns(['app_id', 'data_type', 'id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { state: 'imported', id };
  // Another import stored the same content between the look and the insert.
  const after = await existing(db, target, id);
  return after ? judge(after) : { state: 'failed', reason: 'the document could not be stored' };
}
