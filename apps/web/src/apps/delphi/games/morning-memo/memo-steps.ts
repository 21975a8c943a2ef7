import { delphi } from '@chi/contract';

/** Morning Memo's progress steps, in order (their names: `steps.<key>` of the delphiMemo namespace); /Data names them too. */
export const MEMO_STEPS = delphi.MORNING_MEMO.steps;
