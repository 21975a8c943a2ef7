/**
 * Chunk `chi-assistants` — assistants: AI assistants that answer from your documents, with
 * references (issue 14). Every page is a lazy chunk (ADR 004): the home chunk carries the intro
 * and its links only. The thread route takes an optional thread id, so starting a thread
 * keeps the page (and its open event stream) instead of mounting a new one.
 */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import { lazyPage } from '../../ui/lazy-page';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { AssistantsHome } from './home';

const dkChecked: typeof en = dk;

const list = () => import('./pages/list-page');
const editor = () => import('./pages/editor-page');
const overview = () => import('./pages/assistant-page');

export const appModule: AppModule = {
  id: 'assistants',
  Home: AssistantsHome,
  Layout: Outlet,
  routes: [
    { name: 'assistantNew', path: '/assistant/new', Component: lazyPage(() => editor().then((m) => m.NewAssistantPage)), requiresLogin: true },
    { name: 'custom', path: '/custom', Component: lazyPage(() => list().then((m) => m.CustomListPage)), requiresLogin: true },
    { name: 'customAssistant', path: '/custom/assistant/:_assistantId', Component: lazyPage(() => overview().then((m) => m.AssistantPage)), requiresLogin: true },
    { name: 'teaching', path: '/teaching', Component: lazyPage(() => list().then((m) => m.TeachingListPage)), requiresLogin: true },
    { name: 'teachingAssistant', path: '/teaching/assistant/:_assistantId', Component: lazyPage(() => overview().then((m) => m.AssistantPage)), requiresLogin: true },
    { name: 'assistantAdmin', path: '/assistant/:_assistantId/ad', Component: lazyPage(() => editor().then((m) => m.AssistantAdminPage)), requiresLogin: true },
    { name: 'assistantThread', path: '/assistant/:_assistantId/thread/:thread_id?', Component: lazyPage(() => import('./pages/thread-page').then((m) => m.ThreadPage)), requiresLogin: true },
    // Quantum strategies (issue 16 part 3): readable without an account (published documents).
    { name: 'quantumStrategies', path: '/quantumStrategies', Component: lazyPage(() => import('./strategies/strategies-page').then((m) => m.StrategiesPage)) },
    // Issue 16: the Quantum HR assistant and batch import.
    { name: 'quantumHRAssistant', path: '/quantumHRAssistant', Component: lazyPage(() => import('./hr/quantum-hr-page').then((m) => m.QuantumHrPage)), requiresLogin: true },
    { name: 'batchImport', path: '/batchImport/:fileNamePrefix', Component: lazyPage(() => import('./hr/batch-import-page').then((m) => m.BatchImportPage)), requiresLogin: true },
  ],
  nav: [
    { to: '/', label: (t) => t('nav.home', { ns: 'assistants' }) },
    { to: '/custom', label: (t) => t('nav.custom', { ns: 'assistants' }) },
    { to: '/teaching', label: (t) => t('nav.teaching', { ns: 'assistants' }) },
    { to: '/quantumStrategies', label: (t) => t('nav.strategies', { ns: 'assistants' }) },
    { to: '/quantumHRAssistant', label: (t) => t('nav.quantumHr', { ns: 'assistants' }) },
  ],
  resources: { en, dk: dkChecked },
};
