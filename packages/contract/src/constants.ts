/** Business constants of SPEC §9, in one place for client and server. */
export const API_BASE = '/api/v1';

export const REQUEST_COOLDOWN_MS = 3_000;
export const STATUS_TIMEOUT_MS = 3_000;
export const STATUS_ERROR_TIMEOUT_MS = 10_000;
export const NOT_FOUND_DELAY_MS = 500;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const RESUME_SESSION_DEBOUNCE_MS = 20 * 60_000;
export const RESUME_SESSION_AFTER_LOGIN_MS = 2 * 60_000;

export const MOBILE_MENU_BREAKPOINT_PX = 1_000;
export const SECTION_MAX_WIDTH_PX = 1_440;

export const LANGUAGES = ['en', 'dk'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Fixed salt for the client-side password hash (DESIGN §5): the client sends
 * hex(sha256(PASSWORD_SALT + password)); the server stores argon2id of that.
 * It is not a secret: it only keeps the raw password off the wire and out of logs.
 */
export const PASSWORD_SALT = 'chi-research-framework:v1:';

/** Header every client request carries; state-changing requests without it are refused. */
export const XHR_HEADER = 'X-Requested-With';
export const XHR_HEADER_VALUE = 'XMLHttpRequest';
/** Header with the client's send time (ms since the epoch), SPEC §7. */
export const SENT_AT_HEADER = 'X-Sent-At';
/**
 * Header on every successful API answer: the fingerprint of the contract the server was built
 * from (`contractShape`, ADR 080). A page built from another contract (a tab left open across a
 * deploy) can then say "reload this page" instead of "Server error." when an answer does not fit.
 */
export const CONTRACT_HEADER = 'X-Chi-Contract';
