/**
 * Assistants calls (SPEC §7 Assistants, issue 14). Ids travel in the path (`…/{id}`) where
 * SPEC §7 names one; everything else in the body. Who may do what:
 * - an assistant's owner manages it (and its vector store and files); manageApp/devOp manage all;
 * - a published assistant is usable (threads, runs) by every logged-in user;
 * - a thread is private to its user unless published; a teaching assistant's owner (the
 *   instructor) reads its course's threads, and students are told so.
 * The answers of runWithMessage and the indexing state arrive on a pipe (`pipes.events`).
 */
import { z } from 'zod';
import { defineAction, defineRoute } from '../api';
import type { ApiDescriptor } from '../api';
import {
  ASSISTANT_KINDS,
  FILE_REFUSAL_REASONS,
  DESCRIPTION_MAX,
  INSTRUCTIONS_MAX,
  MESSAGE_MAX,
  NAME_MAX,
  assistantSchema,
  fileSchema,
  listenerNameSchema,
  messageSchema,
  modelSettingsSchema,
  pipeNameSchema,
  storeShareSchema,
  threadSchema,
  vectorStoreSchema,
  vectorStoreSummarySchema,
} from './assistants-schemas';

export * from './assistants-schemas';

const A = { app: 'assistants' } as const;
const idString = z.string().min(1).max(64);
const attributes = z.record(z.string(), z.union([z.string().max(2_000), z.number(), z.boolean(), z.null()]));
const avatarUrl = z
  .string()
  .trim()
  .max(2_048)
  .refine((v) => v === '' || v.startsWith('/uploads/') || /^https?:\/\//i.test(v), { message: 'avatarUrl must be an http(s) URL or an uploaded image' });

export const assistantFields = z.object({
  name: z.string().trim().min(1, { message: 'name is required' }).max(NAME_MAX),
  description: z.string().trim().max(DESCRIPTION_MAX).optional(),
  instructions: z.string().max(INSTRUCTIONS_MAX).optional(),
  avatarUrl: avatarUrl.nullable().optional(),
  course: z.string().trim().max(NAME_MAX).nullable().optional(),
  modelSettings: modelSettingsSchema.optional(),
});

export const createAssistant = defineAction({
  ...A, name: 'CREATE_ASSISTANT', dataType: 'Assistant', endpoint: 'create',
  summary: 'Create a custom or teaching assistant (with its own vector store); the caller owns it.',
  input: assistantFields.extend({ kind: z.enum(ASSISTANT_KINDS).default('custom') }),
  output: assistantSchema,
  access: 'read',
});

export const listAssistants = defineAction({
  ...A, name: 'LIST_ASSISTANTS', dataType: 'Assistant', endpoint: 'list',
  summary: "List the assistants the caller may use (own, published, or all for managers), of one kind.",
  input: z.object({ kind: z.enum(ASSISTANT_KINDS).optional(), mine: z.boolean().optional() }),
  output: z.object({ assistants: z.array(assistantSchema) }),
  access: 'read',
});

export const loadAssistant = defineAction({
  ...A, name: 'LOAD_ASSISTANT', dataType: 'Assistant', endpoint: 'load', withId: true,
  summary: 'Load one assistant the caller may use.',
  input: z.object({}),
  output: assistantSchema,
  access: 'read',
});

export const patchAssistant = defineAction({
  ...A, name: 'PATCH_ASSISTANT', dataType: 'Assistant', endpoint: 'patch', withId: true, method: 'PATCH',
  summary: 'Change an assistant (owner, manageApp, devOp).',
  input: z.object({ update: assistantFields.partial(), assistantId: idString.optional() }),
  output: assistantSchema,
  access: 'read',
});

export const publishAssistant = defineAction({
  ...A, name: 'PUBLISH_ASSISTANT', dataType: 'Assistant', endpoint: 'publish', withId: true,
  summary: 'Publish an assistant: every logged-in user may use it.',
  input: z.object({}),
  output: assistantSchema,
  access: 'read',
});

export const retractAssistant = defineAction({
  ...A, name: 'RETRACT_ASSISTANT', dataType: 'Assistant', endpoint: 'retract', withId: true,
  summary: 'Retract an assistant: only its owner (and managers) may use it again.',
  input: z.object({}),
  output: assistantSchema,
  access: 'read',
});

export const deleteAssistant = defineAction({
  ...A, name: 'DELETE_ASSISTANT', dataType: 'Assistant', endpoint: 'delete', withId: true, method: 'DELETE',
  summary: 'Delete an assistant, its vector store, files, chunks and threads.',
  input: z.object({}),
  output: z.object({ _id: z.string(), deleted: z.literal(true) }),
  access: 'read',
});

export const runWithMessage = defineAction({
  ...A, name: 'RUN_WITH_MESSAGE', dataType: 'Assistant', endpoint: 'runWithMessage', withId: true,
  summary: 'Ask the assistant: answers at once with the ids; references, tokens and the final message arrive on the pipe.',
  input: z.object({
    pipeName: pipeNameSchema,
    listenerName: listenerNameSchema,
    thread_id: idString.optional(),
    message: z.string().trim().min(1, { message: 'message is required' }).max(MESSAGE_MAX),
    messageDocumentIds: z.array(idString).max(20).optional(),
    sender: z.string().trim().max(NAME_MAX).optional(),
    language: z.enum(['en', 'dk']).optional(),
  }),
  output: z.object({ thread_id: z.string(), userMessageId: z.string(), messageId: z.string() }),
  access: 'read',
});

export const cancelRun = defineAction({
  ...A, name: 'CANCEL_RUN', dataType: 'Assistant', endpoint: 'cancelRun', withId: true,
  summary: 'Stop a streaming answer (the id is the answer message id); what streamed so far is kept.',
  input: z.object({}),
  output: z.object({ _id: z.string(), status: z.string() }),
  access: 'read',
});

export const listThreads = defineAction({
  ...A, name: 'LIST_THREADS', dataType: 'Thread', endpoint: 'list',
  summary: "An assistant's threads the caller may read: own, published, and (for a teaching assistant's instructor) the course's.",
  input: z.object({ _assistantId: idString }),
  output: z.object({ threads: z.array(threadSchema), instructorReads: z.boolean() }),
  access: 'read',
});

export const createThread = defineAction({
  ...A, name: 'CREATE_THREAD', dataType: 'Thread', endpoint: 'create',
  summary: 'Start a thread with an assistant the caller may use.',
  input: z.object({ _assistantId: idString, title: z.string().trim().max(NAME_MAX).optional() }),
  output: threadSchema,
  access: 'read',
});

export const getThread = defineAction({
  ...A, name: 'GET_THREAD', dataType: 'Thread', endpoint: 'get',
  summary: 'One thread the caller may read.',
  input: z.object({ thread_id: idString }),
  output: threadSchema,
  access: 'read',
});

export const listMessages = defineAction({
  ...A, name: 'LIST_MESSAGES', dataType: 'Thread', endpoint: 'listMessages',
  summary: "A thread's messages in order, each answer with its stored references.",
  input: z.object({ thread_id: idString }),
  output: z.object({ messages: z.array(messageSchema) }),
  access: 'read',
});

export const publishThread = defineAction({
  ...A, name: 'PUBLISH_THREAD', dataType: 'Thread', endpoint: 'publish', withId: true, method: 'PUT',
  summary: 'Publish a thread: users of the assistant may read it.',
  input: z.object({}),
  output: threadSchema,
  access: 'read',
});

export const retractThread = defineAction({
  ...A, name: 'RETRACT_THREAD', dataType: 'Thread', endpoint: 'retract', withId: true,
  summary: 'Retract a thread: private to its user again.',
  input: z.object({}),
  output: threadSchema,
  access: 'read',
});

export const deleteThread = defineAction({
  ...A, name: 'DELETE_THREAD', dataType: 'Thread', endpoint: 'delete', withId: true, method: 'DELETE',
  summary: 'Delete a thread and its messages.',
  input: z.object({}),
  output: z.object({ _id: z.string(), deleted: z.literal(true) }),
  access: 'read',
});

export const getVectorStore = defineAction({
  ...A, name: 'GET_VECTOR_STORE', dataType: 'VectorStore', endpoint: 'get', withId: true, method: 'GET',
  summary: 'A vector store with its files and their indexing state.',
  input: z.object({}),
  output: vectorStoreSchema,
  access: 'read',
});

export const createVectorStore = defineAction({
  ...A, name: 'CREATE_VECTOR_STORE', dataType: 'VectorStore', endpoint: 'create',
  summary: 'Create a vector store (not tied to an assistant).',
  input: z.object({ name: z.string().trim().min(1, { message: 'name is required' }).max(NAME_MAX), attributes: attributes.optional() }),
  output: vectorStoreSchema,
  access: 'read',
});

export const patchVectorStore = defineAction({
  ...A, name: 'PATCH_VECTOR_STORE', dataType: 'VectorStore', endpoint: 'patch', withId: true, method: 'PATCH',
  summary: "Change a vector store's attributes; with pipeName, its state streams there too.",
  input: z.object({ attributes: attributes.optional(), name: z.string().trim().min(1).max(NAME_MAX).optional(), pipeName: pipeNameSchema.optional() }),
  output: vectorStoreSchema,
  access: 'read',
});

export const deleteVectorStore = defineAction({
  ...A, name: 'DELETE_VECTOR_STORE', dataType: 'VectorStore', endpoint: 'delete', withId: true, method: 'DELETE',
  summary: 'Delete a vector store that belongs to no assistant, with its files and chunks.',
  input: z.object({}),
  output: z.object({ _id: z.string(), deleted: z.literal(true) }),
  access: 'read',
});

export const addFiles = defineAction({
  ...A, name: 'ADD_FILES', dataType: 'VectorStore', endpoint: 'addFiles', withId: true, method: 'PUT',
  summary: 'Copy files (by id) the caller manages into this vector store; the same content is indexed once per store.',
  input: z.object({ files: z.array(idString).min(1, { message: 'files is required' }).max(50), pipeName: pipeNameSchema.optional() }),
  output: vectorStoreSchema,
  access: 'read',
});

export const streamState = defineAction({
  ...A, name: 'STREAM_VECTOR_STORE_STATE', dataType: 'VectorStore', endpoint: 'streamState', withId: true,
  summary: "Send this vector store's file states to the pipe (now, and on every change).",
  input: z.object({ pipeName: pipeNameSchema, listenerName: listenerNameSchema.optional() }),
  output: vectorStoreSchema,
  access: 'read',
});

export const listVectorStores = defineAction({
  ...A, name: 'LIST_VECTOR_STORES', dataType: 'VectorStore', endpoint: 'list',
  summary: 'The vector stores the caller owns or that are shared with them, most recently changed first (ADR 059).',
  input: z.object({}),
  output: z.object({ vectorStores: z.array(vectorStoreSummarySchema) }),
  access: 'read',
});

const shareInput = z.object({ accountId: idString });
const sharesOutput = z.object({ _id: z.string(), sharedWith: z.array(storeShareSchema) });

export const shareVectorStore = defineAction({
  ...A, name: 'SHARE_VECTOR_STORE', dataType: 'VectorStore', endpoint: 'share', withId: true, method: 'PUT',
  summary: 'Share a vector store with an active account (its owner or a manager of the app): they may read it and copy its files, not change or delete it. LIST_ASSET_USERS with asset shows whom it is shared with.',
  input: shareInput,
  output: sharesOutput,
  access: 'read',
});

export const unshareVectorStore = defineAction({
  ...A, name: 'UNSHARE_VECTOR_STORE', dataType: 'VectorStore', endpoint: 'unshare', withId: true, method: 'PUT',
  summary: 'Stop sharing a vector store with an account (its owner or a manager of the app).',
  input: shareInput,
  output: sharesOutput,
  access: 'read',
});

export const deleteFileFromStore = defineAction({
  ...A, name: 'DELETE_VECTOR_STORE_FILE', dataType: 'VectorStore', endpoint: 'deleteFile', withId: true,
  summary: 'Remove a file from the vector store; its chunks leave the index in the same transaction.',
  input: z.object({ fileId: idString }),
  output: vectorStoreSchema,
  access: 'read',
});

export const deleteFile = defineAction({
  ...A, name: 'DELETE_FILE', dataType: 'File', endpoint: 'delete', withId: true, method: 'DELETE',
  summary: 'Delete a file; its chunks leave the index in the same transaction. References keep their cited text.',
  input: z.object({}),
  output: z.object({ _id: z.string(), deleted: z.literal(true) }),
  access: 'read',
});

/** PATCH /api/v1/File/{id}: a file's attributes (SPEC §7). */
export const patchFile = defineRoute({
  name: 'PATCH_FILE',
  summary: "Change a file's attributes.",
  method: 'PATCH',
  path: '/File/:id',
  withId: true,
  input: z.object({ attributes: attributes }),
  output: fileSchema,
  access: 'read',
});

/** Multipart PUT (field `files`, one file): a new version of the file; old versions stay readable for references. */
export const replaceFile = defineRoute({
  name: 'REPLACE_FILE',
  summary: 'Replace a file with new content (multipart, field "files"); query pipeName/listenerName stream its indexing.',
  method: 'PUT',
  path: '/actions/assistants/File/action/replace/:id',
  withId: true,
  input: z.object({}),
  output: fileSchema,
  access: 'read',
});

export const UPLOAD_FILES_PATH = '/upload/assistants/Assistant/upload/files/:id/:pipeName/:listenerName';

/** GET: the assistant's files (as the upload page shows them). */
export const listUploadedFiles = defineRoute({
  name: 'LIST_ASSISTANT_FILES',
  summary: "An assistant's files and their indexing state.",
  method: 'GET',
  path: UPLOAD_FILES_PATH,
  withId: true,
  input: z.object({}),
  output: z.object({ files: z.array(fileSchema) }),
  access: 'read',
});

/** POST multipart (field `files`): adds files to the assistant's vector store; indexing state streams on the pipe. */
export const uploadFiles = defineRoute({
  name: 'UPLOAD_ASSISTANT_FILES',
  summary: 'Upload files to an assistant (multipart, field "files"; PDF, DOCX, TXT, Markdown, HTML, CSV, JSON).',
  method: 'POST',
  path: UPLOAD_FILES_PATH,
  withId: true,
  input: z.object({}),
  /** The files added, and those of the choice the server did not add (an empty file, a "PDF" that is not one). */
  output: z.object({
    files: z.array(fileSchema),
    refused: z.array(z.object({ name: z.string(), reason: z.enum(FILE_REFUSAL_REASONS) })),
    message: z.string(),
  }),
  access: 'read',
});

/** The path of the upload call for one assistant and pipe. */
export function uploadFilesPath(assistantId: string, pipeName: string, listenerName: string): string {
  return UPLOAD_FILES_PATH.replace(':id', encodeURIComponent(assistantId))
    .replace(':pipeName', encodeURIComponent(pipeName))
    .replace(':listenerName', encodeURIComponent(listenerName));
}

export const ASSISTANT_DESCRIPTORS: readonly ApiDescriptor[] = [
  createAssistant, listAssistants, loadAssistant, patchAssistant, publishAssistant, retractAssistant, deleteAssistant,
  runWithMessage, cancelRun,
  listThreads, createThread, getThread, listMessages, publishThread, retractThread, deleteThread,
  getVectorStore, createVectorStore, patchVectorStore, deleteVectorStore, addFiles, streamState, deleteFileFromStore,
  listVectorStores, shareVectorStore, unshareVectorStore,
  deleteFile, patchFile, replaceFile, listUploadedFiles, uploadFiles,
];
