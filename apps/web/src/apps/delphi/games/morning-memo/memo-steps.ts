import { delphi } from '@chi/contract';

/** Morning Memo's progress steps, in order (their names: `steps.<key>` of the delphiMemo namespace); /Data names them too. Declared with the game in the contract (ADR 064). */
export const MEMO_STEPS = delphi.MORNING_MEMO.steps;
