/** Every descriptor of the API. The server registers these; the OpenAPI document lists them. */
import type { ApiDescriptor } from '../api';
import * as account from './account';
import * as delphi from './delphi';
import * as session from './session';
import * as system from './system';

export { account, delphi, session, system };

export const ALL_DESCRIPTORS: readonly ApiDescriptor[] = [
  system.health,
  system.config,
  system.openApi,
  ...account.ACCOUNT_DESCRIPTORS,
  ...session.SESSION_DESCRIPTORS,
  ...delphi.DELPHI_DESCRIPTORS,
];
