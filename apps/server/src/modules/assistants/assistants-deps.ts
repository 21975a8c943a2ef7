/**
 * What the assistants module's routes are given (issue 14). Its own file so the route files that
 * take it (files, batch import, Quantum HR) need not import assistants.routes.ts, which registers
 * them: no import cycle, type imports included (issue 28).
 */
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { PipeHub } from '../../pipes/pipe-hub';
import type { FileStorage } from '../../storage/file-storage';
import type { AnswerProvider } from './answer/provider';
import type { Embedder } from '../retrieval/embeddings';

export interface AssistantsDeps {
  readonly config: Config;
  readonly database: Database;
  readonly now: () => Date;
  readonly storage: FileStorage;
  readonly hub: PipeHub;
  readonly provider: AnswerProvider;
  /** Present when EMBEDDING_BASE_URL is configured (ADR 028). */
  readonly embedder?: Embedder | undefined;
}
