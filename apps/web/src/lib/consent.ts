import { STORAGE_KEYS } from '@div/shared/constants';

/** The consent entry (spec section 3): 'true' (all cookies), 'false' (essentials only) or absent. */
export function getConsent(): 'true' | 'false' | null {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.consent);
    return value === 'true' || value === 'false' ? value : null;
  } catch {
    return null;
  }
}

export function storeConsent(acceptAll: boolean) {
  try {
    localStorage.setItem(STORAGE_KEYS.consent, acceptAll ? 'true' : 'false');
  } catch {}
}

/** Event fired on window when the visitor accepts all cookies; optional tools listen for it. */
export const CONSENT_ACCEPTED_EVENT = 'div:cookies-accepted';
