/** Every descriptor of the API. The server registers these; the OpenAPI document lists them. */
import type { ApiDescriptor } from '../api';
import * as account from './account';
import * as assistants from './assistants';
import * as ccf from './ccf';
import * as creavisions from './creavisions';
import * as delphi from './delphi';
import * as delphiPlots from './delphi-plots';
import * as documents from './documents';
import * as pipes from './pipes';
import * as quantumHr from './quantum-hr';
import * as recordings from './recordings';
import * as session from './session';
import * as shortLinks from './short-links';
import * as strategies from './strategies';
import * as system from './system';
import * as uploads from './uploads';
import * as wordLinks from './word-links';

export { account, assistants, ccf, creavisions, delphi, delphiPlots, documents, pipes, quantumHr, recordings, session, shortLinks, strategies, system, uploads, wordLinks };

export const ALL_DESCRIPTORS: readonly ApiDescriptor[] = [
  system.health,
  system.config,
  system.openApi,
  ...account.ACCOUNT_DESCRIPTORS,
  ...session.SESSION_DESCRIPTORS,
  ...delphi.DELPHI_DESCRIPTORS,
  ...delphi.DELPHI_STUDY_DESCRIPTORS,
  ...documents.DOCUMENT_DESCRIPTORS,
  ...shortLinks.SHORT_LINK_DESCRIPTORS,
  ...uploads.UPLOAD_DESCRIPTORS,
  ...recordings.RECORDING_DESCRIPTORS,
  ...wordLinks.WORD_LINKS_DESCRIPTORS,
  ...ccf.CCF_DESCRIPTORS,
  ...assistants.ASSISTANT_DESCRIPTORS,
  ...pipes.PIPE_DESCRIPTORS,
  ...strategies.STRATEGY_DESCRIPTORS,
  ...creavisions.CREAVISIONS_DESCRIPTORS,
  ...quantumHr.QUANTUM_HR_DESCRIPTORS,
  ...delphiPlots.DELPHI_PLOT_DESCRIPTORS,
];
