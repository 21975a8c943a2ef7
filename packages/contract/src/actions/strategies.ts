/**
 * Quantum strategies (SPEC §2 `/quantumStrategies`, §7 listQuantumStrategyDocuments, issue 16
 * part 3, ADR 031). A strategy document is a generic document of app `assistants`, data type
 * `QuantumStrategy` (so `documents.get` opens one in the reader, and `documents.create`/`patch`
 * author them); this call lists them with the generic document filter grammar, server-side
 * sorting and paging, and an optional full-text query over title, summary and body.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import type { ApiDescriptor } from '../api';
import { sortingSchema } from './documents';
import type { DocumentFilter } from './documents';

export const STRATEGY_APP = 'assistants';
export const STRATEGY_DATA_TYPE = 'QuantumStrategy';
export const STRATEGY_TOPICS = ['hardware', 'algorithms', 'security', 'workforce', 'industry', 'policy'] as const;
export type StrategyTopic = (typeof STRATEGY_TOPICS)[number];
export const STRATEGY_HORIZONS = ['near', 'mid', 'long'] as const;
export type StrategyHorizon = (typeof STRATEGY_HORIZONS)[number];
export const STRATEGY_STATUSES = ['draft', 'adopted', 'retired'] as const;
export type StrategyStatus = (typeof STRATEGY_STATUSES)[number];
/** The fields the table can sort on. */
export const STRATEGY_SORT_FIELDS = ['title', 'topic', 'horizon', 'status', 'year', '_updatedAt'] as const;
export const STRATEGY_PAGE_SIZES = [5, 10, 20, 50] as const;
export const MAX_STRATEGY_PAGE = 100;
export const MAX_STRATEGY_QUERY = 300;

/** One row of the list: everything but the body, plus the relevance of a full-text match. */
export const strategySummarySchema = z.object({
  _id: z.string(),
  _ownerId: z.string().nullable(),
  _published: z.boolean(),
  _createdAt: z.string(),
  _updatedAt: z.string(),
  title: z.string(),
  summary: z.string(),
  topic: z.string(),
  horizon: z.string(),
  status: z.string(),
  year: z.number().nullable(),
  /** Higher is better; null without a query. */
  score: z.number().nullable(),
});
export type StrategySummary = z.infer<typeof strategySummarySchema>;

export const listQuantumStrategyDocuments = defineAction({
  app: 'assistants',
  name: 'LIST_QUANTUM_STRATEGY_DOCUMENTS',
  endpoint: 'listQuantumStrategyDocuments',
  summary:
    'List the quantum strategy documents the caller may read: a generic document filter, an optional full-text query (title, summary, body), sorted and paged on the server.',
  input: z.object({
    filter: z.custom<DocumentFilter>().meta({ description: 'A clause { field, operator, value } or a group { type: AND|OR, filters }' }).optional(),
    query: z.string().trim().max(MAX_STRATEGY_QUERY, { message: `query is at most ${MAX_STRATEGY_QUERY} characters` }).optional(),
    offset: z.number().int().min(0).max(1_000_000).optional().default(0),
    limit: z.number().int().min(1).max(MAX_STRATEGY_PAGE).optional().default(20),
    sorting: sortingSchema.optional().default([]),
  }),
  output: z.object({ documents: z.array(strategySummarySchema), total: z.number().int() }),
  access: 'public',
});

export const STRATEGY_DESCRIPTORS: readonly ApiDescriptor[] = [listQuantumStrategyDocuments];
