/**
 * Dense vectors for assistants' chunks (issue 14, ADR 028), when an OpenAI-compatible
 * `/embeddings` endpoint is configured (EMBEDDING_BASE_URL, EMBEDDING_MODEL, EMBEDDING_API_KEY).
 * Vectors live in `assistant_embeddings`, one per (model, sha256 of the text): the same text is
 * never sent to the endpoint twice, whichever file or store it comes from. A vector no chunk
 * points at any more is retired (deleted) in the transaction that deletes the chunks.
 * Texts and the key never reach a log line or an error message.
 */
import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import './retrieval-tables';

type Db = Kysely<DatabaseSchema>;

/** Texts per request to the endpoint. */
export const EMBED_BATCH = 64;
/** A chunk's text is cut to this many characters before embedding (chunks are ~1,200). */
const MAX_EMBED_CHARS = 8_000;

export interface Embedder {
  /** The model name; vectors of another model are never compared with this one's. */
  readonly model: string;
  /** One vector per text, in order. Throws an Error whose message says why (never the texts). */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export interface EmbeddingSettings {
  readonly baseUrl: string;
  readonly apiKey?: string | undefined;
  readonly model: string;
  readonly timeoutMs?: number;
}

export class OpenAiEmbedder implements Embedder {
  readonly model: string;
  private readonly client: OpenAI;
  private readonly host: string;

  constructor(settings: EmbeddingSettings) {
    this.model = settings.model;
    this.host = new URL(settings.baseUrl).host;
    this.client = new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey ?? 'no-key', maxRetries: 1, timeout: settings.timeoutMs ?? 60_000 });
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += EMBED_BATCH) {
      const input = texts.slice(i, i + EMBED_BATCH).map((text) => text.slice(0, MAX_EMBED_CHARS));
      let data: { index: number; embedding: number[] }[];
      try {
        // 'float': every OpenAI-compatible server (llama.cpp, Ollama, vLLM) answers it.
        const response = await this.client.embeddings.create({ model: this.model, input, encoding_format: 'float' }, signal ? { signal } : {});
        data = response.data;
      } catch (error) {
        throw new Error(`the embedding endpoint (${this.host}) failed: ${describe(error)}`, { cause: error });
      }
      if (data.length !== input.length) throw new Error(`the embedding endpoint (${this.host}) answered ${data.length} vectors for ${input.length} texts`);
      for (const item of [...data].sort((a, b) => a.index - b.index)) out.push(Float32Array.from(item.embedding));
    }
    return out;
  }
}

function describe(error: unknown): string {
  if (error instanceof OpenAI.APIError) return `${error.status ?? 'no status'} ${error.message}`.slice(0, 300);
  return error instanceof Error ? error.message.slice(0, 300) : 'unknown error';
}

export function embedder(settings: EmbeddingSettings | undefined): Embedder | undefined {
  return settings ? new OpenAiEmbedder(settings) : undefined;
}

export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Float32 little-endian bytes, the stored form on both dialects. */
export function encodeVector(vector: Float32Array): Buffer {
  const out = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i += 1) out.writeFloatLE(vector[i] ?? 0, i * 4);
  return out;
}

export function decodeVector(bytes: Uint8Array): Float32Array {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(buffer.length / 4);
  for (let i = 0; i < out.length; i += 1) out[i] = buffer.readFloatLE(i * 4);
  return out;
}

export interface NewVector {
  readonly hash: string;
  readonly vector: Float32Array;
}

/**
 * Vectors for the texts whose hash has none yet for this model: asked of the endpoint once
 * per distinct hash. Answers them to be inserted (with `storeVectors`) in the caller's transaction.
 */
export async function missingVectors(db: Db, embed: Embedder, texts: ReadonlyMap<string, string>, signal?: AbortSignal): Promise<NewVector[]> {
  const hashes = [...texts.keys()];
  const known = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db.selectFrom('assistant_embeddings').select('content_hash').where('model', '=', embed.model).where('content_hash', 'in', hashes.slice(i, i + 500)).execute();
    for (const row of rows) known.add(row.content_hash);
  }
  const missing = hashes.filter((hash) => !known.has(hash));
  if (missing.length === 0) return [];
  const vectors = await embed.embed(
    missing.map((hash) => texts.get(hash) ?? ''),
    signal,
  );
  return missing.map((hash, i) => ({ hash, vector: vectors[i] as Float32Array }));
}

export async function storeVectors(db: Db, model: string, vectors: readonly NewVector[], at: Date): Promise<void> {
  for (let i = 0; i < vectors.length; i += 200) {
    await db
      .insertInto('assistant_embeddings')
      .values(vectors.slice(i, i + 200).map((v) => ({ model, content_hash: v.hash, dimensions: v.vector.length, vector: encodeVector(v.vector), created_at: at.toISOString() })))
      .onConflict((oc) => oc.columns(['model', 'content_hash']).doNothing())
      .execute();
  }
}

/** Deletes the vectors of these hashes that no chunk points at any more (call after deleting chunks, in the same transaction). */
export async function retireVectors(db: Db, hashes: readonly (string | null)[]): Promise<void> {
  const distinct = [...new Set(hashes.filter((h): h is string => h !== null))];
  for (let i = 0; i < distinct.length; i += 500) {
    await db
      .deleteFrom('assistant_embeddings')
      .where('content_hash', 'in', distinct.slice(i, i + 500))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('assistant_chunks as c').select('c.id').whereRef('c.content_hash', '=', 'assistant_embeddings.content_hash'))))
      .execute();
  }
}

/** The content hashes of chunks matching a filter, read before they are deleted. */
export async function chunkHashes(db: Db, column: 'file_id' | 'vector_store_id', value: string): Promise<string[]> {
  const rows = await db.selectFrom('assistant_chunks').select('content_hash').distinct().where(column, '=', value).execute();
  return rows.map((r) => r.content_hash).filter((h): h is string => h !== null);
}
