/** Rows → contract shapes (STYLE §4): only the fields the contract promises ever leave. */
import type { Generated } from 'kysely';
import type { assistants } from '@chi/contract';
import type { RequestUser } from '../../http/request-user';
import { canManageAssistant, canManageThread, canUseAssistant, canWriteThread } from './assistants.policy';
import type { AssistantFileVersionsTable, AssistantFilesTable, AssistantMessagesTable, AssistantThreadsTable, AssistantsTable } from './assistants-tables';

type Row<T> = { [K in keyof T]: T[K] extends Generated<infer V> ? V : T[K] };
export type AssistantRow = Row<AssistantsTable>;
export type ThreadRow = Row<AssistantThreadsTable>;
export type MessageRow = Row<AssistantMessagesTable>;
export type FileRow = Row<AssistantFilesTable>;
export type VersionRow = Row<AssistantFileVersionsTable>;

export function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function presentAssistant(row: AssistantRow, user: RequestUser | null, ownerName: string | null): assistants.Assistant {
  return {
    _id: row.id,
    kind: row.kind === 'teaching' ? 'teaching' : 'custom',
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    avatarUrl: row.avatar_url,
    course: row.course,
    modelSettings: parseObject(row.model_settings),
    vectorStoreId: row.vector_store_id,
    _ownerId: row.owner_id,
    _ownerName: ownerName,
    _published: Number(row.published) === 1,
    _createdAt: row.created_at,
    _updatedAt: row.updated_at,
    abilities: { manage: canManageAssistant(user, row), use: canUseAssistant(user, row) },
  };
}

export function presentThread(row: ThreadRow, assistant: AssistantRow, user: RequestUser | null, ownerName: string | null): assistants.Thread {
  return {
    _id: row.id,
    assistantId: row.assistant_id,
    title: row.title,
    _ownerId: row.owner_id,
    _ownerName: ownerName,
    _published: Number(row.published) === 1,
    _createdAt: row.created_at,
    _updatedAt: row.updated_at,
    abilities: { manage: canManageThread(user, row), write: canWriteThread(user, row, assistant) },
  };
}

export function parseReferences(text: string): assistants.Reference[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as assistants.Reference[]) : [];
  } catch {
    return [];
  }
}

export type FileStatusOf = (fileId: string, versionId: string) => 'current' | 'replaced' | 'deleted';

export function presentMessage(row: MessageRow, statusOf?: FileStatusOf): assistants.Message {
  const references = parseReferences(row.references_json).map((ref) => (statusOf ? { ...ref, fileStatus: statusOf(ref.fileId, ref.versionId) } : ref));
  return {
    _id: row.id,
    threadId: row.thread_id,
    seq: Number(row.seq),
    role: row.role === 'user' ? 'user' : 'assistant',
    content: row.content,
    status: (['streaming', 'complete', 'cancelled', 'error'] as const).find((s) => s === row.status) ?? 'error',
    error: row.error,
    sender: row.sender,
    references,
    _createdAt: row.created_at,
  };
}

export function presentFile(file: FileRow, version: VersionRow): assistants.AssistantFile {
  return {
    _id: file.id,
    vectorStoreId: file.vector_store_id,
    name: file.name,
    contentType: version.content_type,
    size: Number(version.size),
    version: Number(version.version),
    versionId: version.id,
    contentHash: version.content_hash,
    state: (['queued', 'parsing', 'chunking', 'indexing', 'ready', 'failed'] as const).find((s) => s === version.state) ?? 'failed',
    error: version.error,
    chunks: Number(version.chunks),
    pages: version.pages === null ? null : Number(version.pages),
    attributes: parseObject(file.attributes),
    _createdAt: file.created_at,
    _updatedAt: file.updated_at,
  };
}
