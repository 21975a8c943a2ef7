/**
 * One dynamic import per sub-app: each `routes.tsx` becomes the chunk `chi-<app>` (see
 * vite.config.ts), so a visitor downloads only the app of the host they opened.
 */
import type { AppId } from '@chi/contract';
import type { AppModule } from './app-module';

export type AppLoader = () => Promise<AppModule>;

export const APP_LOADERS: Record<AppId, AppLoader> = {
  app: () => import('../../apps/app/routes').then((m) => m.appModule),
  api: () => import('../../apps/api/routes').then((m) => m.appModule),
  assistants: () => import('../../apps/assistants/routes').then((m) => m.appModule),
  ccf: () => import('../../apps/ccf/routes').then((m) => m.appModule),
  creavisions: () => import('../../apps/creavisions/routes').then((m) => m.appModule),
  delphi: () => import('../../apps/delphi/routes').then((m) => m.appModule),
  showcase: () => import('../../apps/showcase/routes').then((m) => m.appModule),
};
