/**
 * Assistants entities (SPEC §3, issue 14): Assistant, Thread (with messages), File (with
 * versions), VectorStore and the references an answer stores. Shared by the server's
 * presenters and the web client's response parsing.
 */
import { z } from 'zod';

export const ASSISTANT_KINDS = ['custom', 'teaching'] as const;
export type AssistantKind = (typeof ASSISTANT_KINDS)[number];

/** Where a file's indexing is; `ready` and `failed` are final. */
export const FILE_STATES = ['queued', 'parsing', 'chunking', 'indexing', 'ready', 'failed'] as const;
export type FileState = (typeof FILE_STATES)[number];

export const MESSAGE_STATUSES = ['streaming', 'complete', 'cancelled', 'error'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** File types accepted for assistants, recognised by content and name (see the server's file-type check). */
export const ASSISTANT_FILE_EXTENSIONS = ['pdf', 'docx', 'txt', 'md', 'markdown', 'html', 'htm', 'csv', 'json'] as const;
export type AssistantFileExtension = (typeof ASSISTANT_FILE_EXTENSIONS)[number];

/** A file name's extension, lower-cased ('' when it has none): one reading for the browser's choice and the server's check. */
export function fileExtension(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return match?.[1]?.toLowerCase() ?? '';
}

/** The accepted extension of this file name, or undefined: the server still checks the content. */
export function assistantFileExtension(name: string): AssistantFileExtension | undefined {
  const extension = fileExtension(name);
  return (ASSISTANT_FILE_EXTENSIONS as readonly string[]).includes(extension) ? (extension as AssistantFileExtension) : undefined;
}
/** Why the server did not add a file, and how it says so after the file's name (`name: text`). */
export const FILE_REFUSALS = {
  kind: 'only PDF, DOCX, TXT, Markdown, HTML, CSV and JSON files are accepted',
  empty: 'the file is empty',
  notPdf: 'this is not a PDF file',
  notDocx: 'this is not a DOCX file',
  notText: 'this is not a UTF-8 text file',
  notJson: 'this is not valid JSON',
} as const;
export type FileRefusal = keyof typeof FILE_REFUSALS;
export const FILE_REFUSAL_REASONS = Object.keys(FILE_REFUSALS) as [FileRefusal, ...FileRefusal[]];

export function fileRefusalMessage(name: string, reason: FileRefusal): string {
  return `${name}: ${FILE_REFUSALS[reason]}`;
}

/** The file and reason of a refusal message (a page says it in its own language), or undefined. */
export function readFileRefusal(message: string): { name: string; reason: FileRefusal } | undefined {
  for (const reason of FILE_REFUSAL_REASONS) {
    const suffix = `: ${FILE_REFUSALS[reason]}`;
    if (message.endsWith(suffix) && message.length > suffix.length) return { name: message.slice(0, -suffix.length), reason };
  }
  return undefined;
}

/** The multipart field assistant files travel in. */
export const ASSISTANT_FILE_FIELD = 'files';

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 2_000;
export const INSTRUCTIONS_MAX = 20_000;
export const MESSAGE_MAX = 8_000;
/** Client-chosen pipe and listener names: random enough that they name one conversation. */
export const PIPE_NAME_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const LISTENER_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const pipeNameSchema = z.string().regex(PIPE_NAME_PATTERN, { message: 'pipeName must be 8-64 letters, digits, _ or -' });
export const listenerNameSchema = z.string().regex(LISTENER_NAME_PATTERN, { message: 'listenerName must be 1-64 letters, digits, _ or -' });

/** What the caller may do with a record; the UI reads these, the server decides them (STYLE §4). */
export const abilitiesSchema = z.object({
  manage: z.boolean(),
  use: z.boolean(),
});

export const modelSettingsSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(16).max(8_192).optional(),
  topK: z.number().int().min(1).max(20).optional(),
});
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

export const assistantSchema = z.object({
  _id: z.string(),
  kind: z.enum(ASSISTANT_KINDS),
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  avatarUrl: z.string().nullable(),
  course: z.string().nullable(),
  modelSettings: modelSettingsSchema,
  vectorStoreId: z.string(),
  _ownerId: z.string(),
  _ownerName: z.string().nullable(),
  _published: z.boolean(),
  _createdAt: z.string(),
  _updatedAt: z.string(),
  abilities: abilitiesSchema,
});
export type Assistant = z.infer<typeof assistantSchema>;

/** One reference of an answer, as it was cited: the text stays with the message whatever happens to the file. */
export const referenceSchema = z.object({
  n: z.number().int().min(1),
  fileId: z.string(),
  versionId: z.string(),
  version: z.number().int(),
  contentHash: z.string(),
  fileName: z.string(),
  chunkIndex: z.number().int(),
  page: z.number().int().nullable(),
  start: z.number().int(),
  end: z.number().int(),
  score: z.number(),
  text: z.string(),
  /** Computed when read: the cited file version is still current, was replaced, or the file is gone. */
  fileStatus: z.enum(['current', 'replaced', 'deleted']).optional(),
});
export type Reference = z.infer<typeof referenceSchema>;

export const messageSchema = z.object({
  _id: z.string(),
  threadId: z.string(),
  seq: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  error: z.string().nullable(),
  sender: z.string().nullable(),
  references: z.array(referenceSchema),
  _createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const threadSchema = z.object({
  _id: z.string(),
  assistantId: z.string(),
  title: z.string(),
  _ownerId: z.string(),
  _ownerName: z.string().nullable(),
  _published: z.boolean(),
  _createdAt: z.string(),
  _updatedAt: z.string(),
  abilities: z.object({ manage: z.boolean(), write: z.boolean() }),
});
export type Thread = z.infer<typeof threadSchema>;

export const fileSchema = z.object({
  _id: z.string(),
  vectorStoreId: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  version: z.number().int(),
  versionId: z.string(),
  contentHash: z.string(),
  state: z.enum(FILE_STATES),
  error: z.string().nullable(),
  chunks: z.number().int(),
  pages: z.number().int().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  _createdAt: z.string(),
  _updatedAt: z.string(),
});
export type AssistantFile = z.infer<typeof fileSchema>;

export const vectorStoreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  assistantId: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  files: z.array(fileSchema),
  /** Changes whenever a file is added, replaced, removed or changes state (SPEC §3 modification state). */
  modifiedAt: z.string(),
  chunks: z.number().int(),
  _createdAt: z.string(),
});
export type VectorStore = z.infer<typeof vectorStoreSchema>;

/** A vector store as the list of the caller's stores shows it (ADR 059): theirs, or shared with them. */
export const vectorStoreSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The assistant that answers from this store, if any (such a store is deleted with its assistant). */
  assistantId: z.string().nullable(),
  /** Live files in the store. */
  fileCount: z.number().int(),
  _ownerId: z.string(),
  _ownerName: z.string().nullable(),
  modifiedAt: z.string(),
  /** manage: rename, add and remove files, delete, share (the owner, managers of the app); otherwise shared with the caller to read and copy from. */
  abilities: z.object({ manage: z.boolean() }),
});
export type VectorStoreSummary = z.infer<typeof vectorStoreSummarySchema>;

/** An account a vector store is shared with. */
export const storeShareSchema = z.object({ _id: z.string(), name: z.string() });
export type StoreShare = z.infer<typeof storeShareSchema>;

/** What travels on a pipe (Server-Sent Events, `data:` JSON); `listener` is the listenerName given. */
export const pipeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), listener: z.string(), fileId: z.string(), versionId: z.string(), name: z.string(), state: z.enum(FILE_STATES), progress: z.number(), error: z.string().nullable() }),
  z.object({ type: z.literal('references'), listener: z.string(), messageId: z.string(), references: z.array(referenceSchema) }),
  z.object({ type: z.literal('token'), listener: z.string(), messageId: z.string(), text: z.string() }),
  z.object({ type: z.literal('message'), listener: z.string(), message: messageSchema }),
  z.object({ type: z.literal('error'), listener: z.string(), messageId: z.string(), error: z.string() }),
]);
export type PipeEvent = z.infer<typeof pipeEventSchema>;

export const ASSISTANT_ERRORS = {
  assistantNotFound: { name: 'Not Found', message: 'Assistant not found', code: 404 },
  threadNotFound: { name: 'Not Found', message: 'Thread not found', code: 404 },
  fileNotFound: { name: 'Not Found', message: 'File not found', code: 404 },
  storeNotFound: { name: 'Not Found', message: 'Vector store not found', code: 404 },
  messageNotFound: { name: 'Not Found', message: 'Message not found', code: 404 },
  storeInUse: { name: 'Conflict', message: 'This vector store belongs to an assistant; delete the assistant instead', code: 409 },
  pipeTaken: { name: 'Insufficient Privileges', message: 'This pipe belongs to someone else', code: 403 },
  notYourThread: { name: 'Insufficient Privileges', message: 'Only the thread’s own user can ask in it', code: 403 },
} as const;
