/** The assistants module's entry (issue 14): picks the answer provider from the config and registers the routes. */
import type { FastifyInstance } from 'fastify';
import { ExtractiveProvider } from './answer/extractive';
import { OpenAiProvider } from './answer/openai-provider';
import type { AnswerProvider } from './answer/provider';
import { registerAssistantRoutes } from './assistants.routes';
import type { AssistantsDeps } from './assistants-deps';
import { embedder } from '../retrieval/embeddings';
import type { UserDataRegistry } from '../account/user-data-registry';
import { registerAssistantsPersonData } from './assistants-person-data';
import type { AssetUsersRegistry } from '../account/asset-users-registry';
import { registerStoreAssetUsers } from './stores.routes';

export function answerProvider(llm: AssistantsDeps['config']['llm']): AnswerProvider {
  return llm ? new OpenAiProvider(llm) : new ExtractiveProvider();
}

export function registerAssistants(app: FastifyInstance, deps: Omit<AssistantsDeps, 'provider' | 'embedder'> & { userData: UserDataRegistry; assetUsers: AssetUsersRegistry }): void {
  registerAssistantsPersonData(deps.userData, deps.storage);
  registerStoreAssetUsers(deps.assetUsers, deps);
  const provider = answerProvider(deps.config.llm);
  const dense = embedder(deps.config.embedding);
  app.log.info({ provider: provider.description, embeddingModel: dense?.model ?? null }, 'assistants answer with this provider');
  registerAssistantRoutes(app, { ...deps, provider, embedder: dense });
}
