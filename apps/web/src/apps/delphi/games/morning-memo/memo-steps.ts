/** Morning Memo's progress steps, in order (their names: `steps.<key>` of the delphiMemo namespace); /Data names them too. */
export const MEMO_STEPS = ['welcome', 'test', 'background', 'talk', 'feel', 'feedback'] as const;
