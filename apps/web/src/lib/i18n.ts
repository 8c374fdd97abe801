import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];
const LANGUAGE_KEY = 'div_language';

type Strings = { [key: string]: string | Strings };

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return value === 'en' ? 'en' : 'es';
  } catch {
    return 'es';
  }
}

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: 'es',
  defaultNS: 'common',
  ns: ['common'],
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Each feature registers its own strings when its module loads, so a lazy screen's text ships in
 * its own chunk. Spanish is the interface language; English is available.
 */
export function registerLocale(namespace: string, bundles: { es: Strings; en: Strings }) {
  i18n.addResourceBundle('es', namespace, bundles.es, true, true);
  i18n.addResourceBundle('en', namespace, bundles.en, true, true);
}

export function setLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {}
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

export { i18n };
