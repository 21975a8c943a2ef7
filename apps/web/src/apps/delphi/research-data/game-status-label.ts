/** How /Data names and colours a game's status (issue 25: a skipped optional game is its own status, never "Completed"). */
import type { delphi } from '@chi/contract';

export const STATUS_COLOR: Record<delphi.GameStatus, string> = { 'in progress': 'yellow', completed: 'green', interrupted: 'orange', skipped: 'gray' };

/** The `data.state.*` text of each status. */
export const STATUS_KEY = { 'in progress': 'inProgress', completed: 'completed', interrupted: 'interrupted', skipped: 'skipped' } as const satisfies Record<delphi.GameStatus, string>;

/** A status as the server sent it (a timeline's detail is a string): its text key, in progress when unknown. */
export function statusKey(status: unknown): (typeof STATUS_KEY)[delphi.GameStatus] {
  return typeof status === 'string' && Object.hasOwn(STATUS_KEY, status) ? STATUS_KEY[status as delphi.GameStatus] : 'inProgress';
}
