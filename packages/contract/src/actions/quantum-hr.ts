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
import { APP_IDS } from '../apps';
import type { AppId } from '../apps';
import { referenceSchema } from './assistants-schemas';
import { DATA_TYPE_PATTERN } from './documents';

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

/**
 * A generic document collection an import may go to: one app's data type (SPEC §3 "documents
 * by data type"). Mutable types only (no leading `_`), and none a dedicated call owns.
 */
export const importCollectionSchema = z.object({ appId: z.enum(APP_IDS), dataType: z.string().regex(DATA_TYPE_PATTERN) });
export type ImportCollection = { appId: AppId; dataType: string };
/** Where an import goes: a vector store, or a document collection. */
export type ImportTargetRef = { vectorStoreId: string } | { collection: ImportCollection };
/** The collection a document import proposes first. */
export const DEFAULT_IMPORT_COLLECTION: ImportCollection = { appId: 'assistants', dataType: 'ImportedDocument' };

export const importItemSchema = z.object({
  index: z.number().int(),
  /** The stored name (prefix included). */
  name: z.string(),
  size: z.number().int(),
  state: z.enum(IMPORT_ITEM_STATES),
  error: z.string().nullable(),
  /** The stored file (vector store) or document (collection) id. */
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
  /** Set when the import goes to a vector store… */
  vectorStoreId: z.string().nullable(),
  /** …or this when it goes to a document collection. */
  collection: importCollectionSchema.nullable(),
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

/**
 * POST multipart (field `files`; zips are unpacked). The query picks the target: `vectorStoreId`
 * (default: the HR postings), or `collection=<appId>/<DataType>` for generic documents.
 */
export const startBatchImport = defineRoute({
  name: 'START_BATCH_IMPORT',
  summary: 'Import many files (a zip or several files) into a vector store or a document collection, each name prefixed; a resumable job, progress on the pipe (manageApp, devOp).',
  method: 'POST',
  path: BATCH_IMPORT_PATH,
  withId: true,
  input: z.object({}),
  output: batchImportSchema,
  access: 'manageApp',
});

/** The upload path; a plain string target is a vector store id. */
export function batchImportPath(prefix: string, pipeName: string, listenerName: string, target?: string | ImportTargetRef): string {
  const path = BATCH_IMPORT_PATH.replace(':id', encodeURIComponent(prefix)).replace(':pipeName', encodeURIComponent(pipeName)).replace(':listenerName', encodeURIComponent(listenerName));
  if (target === undefined || target === '') return path;
  if (typeof target === 'string') return `${path}?vectorStoreId=${encodeURIComponent(target)}`;
  if ('vectorStoreId' in target) return `${path}?vectorStoreId=${encodeURIComponent(target.vectorStoreId)}`;
  return `${path}?collection=${encodeURIComponent(`${target.collection.appId}/${target.collection.dataType}`)}`;
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
  summary: 'Where a batch import can go: the HR postings and CVs, every assistant’s store, and the document collections that exist (manageApp, devOp).',
  input: z.object({}),
  output: z.object({
    targets: z.array(importTargetSchema),
    /** Existing document collections (an import may also name a new one). */
    collections: z.array(importCollectionSchema.extend({ documents: z.number().int() })),
  }),
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
  summary: 'Job postings ranked by the skills given (or found in a pasted or imported CV), with the passages that justify each match.',
  input: z
    .object({
      skills: z.array(z.string().trim().min(1, { message: 'skills must not be empty' }).max(SKILL_MAX)).max(SKILLS_MAX).default([]),
      cv: z.string().max(CV_MAX).optional(),
      /** A CV imported into the HR CV store (see listHrCvs), used as if its text were pasted; managers only. */
      cvFileId: z.string().min(1).max(64).optional(),
      limit: z.number().int().min(1).max(50).default(10),
    })
    .refine((v) => v.skills.length > 0 || (v.cv ?? '').trim().length > 0 || v.cvFileId !== undefined, { message: 'skills, cv or cvFileId is required', path: ['skills'] }),
  output: z.object({ skills: z.array(z.string()), jobs: z.array(jobMatchSchema) }),
  access: 'read',
});

export const hrCvSchema = z.object({ fileId: z.string(), name: z.string(), _createdAt: z.string() });
export type HrCv = z.infer<typeof hrCvSchema>;

/**
 * LIST_HR_CVS: the CVs imported into the HR CV store (newest first), to match one against the
 * postings. CVs are people's personal data, so only those who import them (manageApp, devOp) list
 * and use them.
 */
export const listHrCvs = defineAction({
  ...A, name: 'LIST_HR_CVS', dataType: 'QuantumHR', endpoint: 'cvs',
  summary: 'The CVs imported into the Quantum HR CV store, newest first (manageApp, devOp).',
  input: z.object({}),
  output: z.object({ cvs: z.array(hrCvSchema) }),
  access: 'manageApp',
});

export const QUANTUM_HR_DESCRIPTORS: readonly ApiDescriptor[] = [startBatchImport, getBatchImport, listImportTargets, getQuantumHr, findJobsBySkills, listHrCvs];
