/**
 * Browser storage keys that the cookie policy names besides STORAGE_KEYS (constants.ts). Kept apart
 * from the policy's text so the app can read them without loading the document.
 */
/** The interface-language choice (apps/web/src/lib/i18n.ts keeps it under this key). */
export const LANGUAGE_STORAGE_KEY = 'div_language';
/** The build information kept for the browser tab (apps/web/src/lib/build-info.ts). */
export const BUILD_INFO_STORAGE_KEY = 'div_build_info';
