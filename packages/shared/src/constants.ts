/** Business constants of the spec (section 9) that both sides read. */
export const PRODUCT_NAME = 'DIV';
/** The longest project name (schemas in spaces.ts; the editor's rename field, which loads without zod). */
export const SPACE_NAME_MAX = 100;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Session lifetime granted by /api/auth/verify (renewal). */
export const SESSION_RENEW_MS = 24 * HOUR_MS;
/** Session lifetime granted by the login with validate_code. */
export const SESSION_LOGIN_MS = 30 * DAY_MS;
/** A validate_code is single-use and lives this long. */
export const LOGIN_CODE_TTL_MS = 60_000;
/** The OAuth state (and PKCE verifier) lives this long. */
export const AUTH_STATE_TTL_MS = 10 * 60_000;

/** Browser storage keys (spec section 3 and 9). */
export const STORAGE_KEYS = {
  token: 'div_auth_token',
  session: 'div_user_session',
  consent: 'div_cookie_consent',
  theme: 'div_theme',
} as const;

export const MIN_LOADING_MS = 2000;
export const TAGLINE_ROTATION_MS = 3000;
export const COPY_CONFIRMATION_MS = 2000;

/**
 * The sandbox of every frame that shows a generated site (ADR 0062): scripts run, but never with the
 * app's origin (no allow-same-origin). The preview host's CSP repeats it.
 */
export const PREVIEW_SANDBOX = 'allow-scripts allow-forms allow-popups allow-modals';

/** Where the editor's sandboxed preview posts its forms as test submissions (issue 23, ADR 0195). */
export const PREVIEW_FORMS_PATH = '/preview/forms';
