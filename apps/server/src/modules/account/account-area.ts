/** The account area: accounts, their tokens and mails, and the person-data hooks of an account. */
import type { ServerArea } from '../../areas/server-area';
import { registerAccountRoutes } from './account.routes';
import { ACCOUNT_MIGRATIONS } from './migrations/index';

export const accountArea: ServerArea = {
  name: 'account',
  tables: ['accounts', 'account_tokens'],
  migrations: ACCOUNT_MIGRATIONS,
  register: (app, { config, database, now, mailer, limiter, userData, jobs, assetUsers }) =>
    registerAccountRoutes(app, { config, database, now, mailer, limiter, userData, jobs, assetUsers }),
};
