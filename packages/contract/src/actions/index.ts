/** Every descriptor of the API. The server registers these; the OpenAPI document lists them. */
import type { ApiDescriptor } from '../api';
import * as account from './account';
import * as delphi from './delphi';
import * as documents from './documents';
import * as session from './session';
import * as shortLinks from './short-links';
import * as system from './system';
import * as uploads from './uploads';

export { account, delphi, documents, session, shortLinks, system, uploads };

export const ALL_DESCRIPTORS: readonly ApiDescriptor[] = [
  system.health,
  system.config,
  system.openApi,
  ...account.ACCOUNT_DESCRIPTORS,
  ...session.SESSION_DESCRIPTORS,
  ...delphi.DELPHI_DESCRIPTORS,
  ...documents.DOCUMENT_DESCRIPTORS,
  ...shortLinks.SHORT_LINK_DESCRIPTORS,
  ...uploads.UPLOAD_DESCRIPTORS,
];
