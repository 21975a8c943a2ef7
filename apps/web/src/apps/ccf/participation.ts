/**
 * The participant's key and user id for this tab (sessionStorage): a reload continues the
 * session; a new tab of the same browser begins again with the same key and id and continues
 * (the server knows this browser by its HttpOnly participant cookie); another browser or device
 * is refused for that id (issue 24 item 3).
 */
const STORAGE_KEY = 'chi.ccf.participation';

export interface Participation {
  readonly sessionKey: string;
  readonly userId: string;
}

export function readParticipation(): Participation | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<Participation>) : null;
    return value && typeof value.sessionKey === 'string' && typeof value.userId === 'string' ? { sessionKey: value.sessionKey, userId: value.userId } : null;
  } catch {
    return null;
  }
}

export function storeParticipation(participation: Participation | null): void {
  try {
    if (participation) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(participation));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the session still works until the page is left.
  }
}

/** The participant's page. */
export const PARTICIPANT_PATH = '/session';
