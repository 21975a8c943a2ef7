/**
 * Batch import and the Quantum HR assistant (issue 16 parts 1-2, SPEC §7 "find jobs by skills,
 * and batch import of files"; ADR 029).
 * - Batch import: an administrator (manageApp/devOp) uploads many files (a zip or several
 *   files, multipart field `files`) to `/upload/assistants/batchImport/{fileNamePrefix}/{pipeName}/{listenerName}`;
 *   every stored name gets the prefix, the import runs as a resumable job, per-file progress
 *   arrives on the pipe (`batchImportEventSchema`, plus the files' indexing `state` events).
 * - Quantum HR: job postings live in the HR assistant's vector store (seeded with sample
 *   postings on first visit); find jobs by skills ranks postings by the skills they mention.
 */
import { z } from 'zod';
import { defineAction, defineRoute } from '../api';
import type { ApiDescriptor } from '../api';
import { referenceSchema } from './assistants-schemas';

const A = { app: 'assistants' } as const;

/** A prefix every imported file's stored name gets: letters, digits, `_`, `-`, `.` (1-64). */
export const FILE_NAME_PREFIX_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
/** Files per import (a zip's entries or the selected files). */
export const BATCH_IMPORT_MAX_FILES = 500;
/** Uncompressed bytes of one import altogether (each file also obeys ASSISTANT_FILE_MAX_BYTES). */
export const BATCH_IMPORT_MAX_TOTAL_BYTES = 200 * 1024 * 1024;

export const IMPORT_ITEM_STATES = ['pending', 'importing', 'imported', 'duplicate', 'failed'] as const;
export type ImportItemState = (typeof IMPORT_ITEM_STATES)[number];
export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importItemSchema = z.object({
  index: z.number().int(),
  /** The stored name (prefix included). */
  name: z.string(),
  size: z.number().int(),
  state: z.enum(IMPORT_ITEM_STATES),
  error: z.string().nullable(),
  fileId: z.string().nullable(),
});
export type ImportItem = z.infer<typeof importItemSchema>;

export const importReportSchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  failed: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const batchImportSchema = z.object({
  _id: z.string(),
  prefix: z.string(),
  vectorStoreId: z.string(),
  status: z.enum(IMPORT_STATUSES),
  pipeName: z.string().nullable(),
  listenerName: z.string().nullable(),
  items: z.array(importItemSchema),
  report: importReportSchema,
  _createdAt: z.string(),
  _finishedAt: z.string().nullable(),
});
export type BatchImport = z.infer<typeof batchImportSchema>;

/** What the import sends on its pipe; the files' indexing states come as the assistants' `state` events. */
export const batchImportEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('import-item'), listener: z.string(), importId: z.string(), item: importItemSchema, processed: z.number().int(), total: z.number().int() }),
  z.object({ type: z.literal('import-done'), listener: z.string(), importId: z.string(), status: z.enum(IMPORT_STATUSES), report: importReportSchema }),
]);
export type BatchImportEvent = z.infer<typeof batchImportEventSchema>;

export const BATCH_IMPORT_PATH = '/upload/assistants/batchImport/:id/:pipeName/:listenerName';

/** POST multipart (field `files`; zips are unpacked); query `vectorStoreId` picks the target (default: the HR postings). */
export const startBatchImport = defineRoute({
  name: 'START_BATCH_IMPORT',
  summary: 'Import many files (a zip or several files) into a vector store, each name prefixed; a resumable job, progress on the pipe (manageApp, devOp).',
  method: 'POST',
  path: BATCH_IMPORT_PATH,
  withId: true,
  input: z.object({}),
  output: batchImportSchema,
  access: 'manageApp',
});

export function batchImportPath(prefix: string, pipeName: string, listenerName: string, vectorStoreId?: string): string {
  const path = BATCH_IMPORT_PATH.replace(':id', encodeURIComponent(prefix)).replace(':pipeName', encodeURIComponent(pipeName)).replace(':listenerName', encodeURIComponent(listenerName));
  return vectorStoreId ? `${path}?vectorStoreId=${encodeURIComponent(vectorStoreId)}` : path;
}

export const getBatchImport = defineAction({
  ...A, name: 'GET_BATCH_IMPORT', dataType: 'BatchImport', endpoint: 'get', withId: true,
  summary: 'One batch import with its files and report (manageApp, devOp).',
  input: z.object({}),
  output: batchImportSchema,
  access: 'manageApp',
});

export const importTargetSchema = z.object({ vectorStoreId: z.string(), name: z.string(), kind: z.enum(['hrPostings', 'hrCvs', 'assistant']) });

export const listImportTargets = defineAction({
  ...A, name: 'LIST_IMPORT_TARGETS', dataType: 'BatchImport', endpoint: 'targets',
  summary: 'Vector stores a batch import can go to: the HR postings and CVs, and every assistant’s store (manageApp, devOp).',
  input: z.object({}),
  output: z.object({ targets: z.array(importTargetSchema) }),
  access: 'manageApp',
});

export const hrSkillSchema = z.object({ name: z.string(), postings: z.number().int() });

export const getQuantumHr = defineAction({
  ...A, name: 'GET_QUANTUM_HR', dataType: 'QuantumHR', endpoint: 'get',
  summary: 'The Quantum HR assistant (created with its sample postings on first use), its postings count and the skills they ask for.',
  input: z.object({}),
  output: z.object({
    assistantId: z.string(),
    postingsStoreId: z.string(),
    cvsStoreId: z.string(),
    postings: z.number().int(),
    indexed: z.number().int(),
    /** Files still waiting in a running import into the postings (the samples on a fresh install). */
    importing: z.number().int(),
    skills: z.array(hrSkillSchema),
  }),
  access: 'read',
});

export const SKILL_MAX = 80;
export const SKILLS_MAX = 30;
export const CV_MAX = 20_000;

export const jobReferenceSchema = referenceSchema.omit({ fileStatus: true }).extend({ skills: z.array(z.string()) });
export type JobReference = z.infer<typeof jobReferenceSchema>;

export const jobMatchSchema = z.object({
  fileId: z.string(),
  title: z.string(),
  fileName: z.string(),
  /** Weighted share of the asked skills the posting mentions, 0-1 (ADR 029). */
  score: z.number(),
  matchedSkills: z.array(z.string()),
  missingSkills: z.array(z.string()),
  references: z.array(jobReferenceSchema),
});
export type JobMatch = z.infer<typeof jobMatchSchema>;

export const findJobsBySkills = defineAction({
  ...A, name: 'FIND_JOBS_BY_SKILLS', dataType: 'QuantumHR', endpoint: 'findJobsBySkills',
  summary: 'Job postings ranked by the skills given (or found in a pasted CV), with the passages that justify each match.',
  input: z
    .object({
      skills: z.array(z.string().trim().min(1, { message: 'skills must not be empty' }).max(SKILL_MAX)).max(SKILLS_MAX).default([]),
      cv: z.string().max(CV_MAX).optional(),
      limit: z.number().int().min(1).max(50).default(10),
    })
    .refine((v) => v.skills.length > 0 || (v.cv ?? '').trim().length > 0, { message: 'skills or cv is required', path: ['skills'] }),
  output: z.object({ skills: z.array(z.string()), jobs: z.array(jobMatchSchema) }),
  access: 'read',
});

export const QUANTUM_HR_DESCRIPTORS: readonly ApiDescriptor[] = [startBatchImport, getBatchImport, listImportTargets, getQuantumHr, findJobsBySkills];
