/** The assistants area: assistants, stores and files, answers, batch import, Quantum HR and strategies. */
import type { ServerArea } from '../../areas/server-area';
import { registerAssistants } from './assistants';
import { ASSISTANT_MIGRATIONS } from './migrations/index';
import { registerStrategyRoutes } from './strategies/strategies.routes';

export const assistantsArea: ServerArea = {
  name: 'assistants',
  tables: [
    'assistants',
    'assistant_threads',
    'assistant_messages',
    'assistant_vector_stores',
    'assistant_vector_store_shares',
    'assistant_files',
    'assistant_file_versions',
    'assistant_chunks',
    'assistant_embeddings',
    'assistant_lexemes',
    'assistant_store_lengths',
    'batch_imports',
    'batch_import_items',
    'quantum_hr',
  ],
  migrations: ASSISTANT_MIGRATIONS,
  register: (app, { config, database, now, storage, userData, assetUsers }) => {
    const hub = app.pipes;
    if (!hub) throw new Error('the pipes area registers before the assistants area (areas/server-areas.ts)');
    registerAssistants(app, { config, database, now, storage, userData, assetUsers, hub });
    // Quantum strategies (issue 16 part 3)
    registerStrategyRoutes(app, { database });
  },
};
