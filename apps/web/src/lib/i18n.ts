import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useMemo,
  useSyncExternalStore,
} from 'react';

/**
 * The app's translations: a small in-house replacement for i18next + react-i18next covering exactly
 * what the features use (ADR 0130): `registerLocale`, `useTranslation(ns)` → `{ t, i18n }`,
 * `{{name}}` interpolation, `_one`/`_other` plurals chosen by `Intl.PluralRules` when `count` is a
 * number, `defaultValue`, fallback to Spanish, `<Trans>` with named tags, and a language switch that
 * re-renders every translated component.
 */
export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];
const LANGUAGE_KEY = 'div_language';
const FALLBACK: Language = 'es';

type Strings = { [key: string]: string | Strings };
export type TranslateOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TranslateOptions) => string;

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return value === 'en' ? 'en' : 'es';
  } catch {
    return 'es';
  }
}

const resources: Record<Language, Record<string, Strings>> = { es: {}, en: {} };
let current: Language = storedLanguage();
const listeners = new Set<() => void>();

function merge(target: Strings, source: Strings) {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value);
    else target[key] = typeof value === 'object' ? merge({}, value) : value;
  }
  return target;
}

/**
 * Each feature registers its own strings when its module loads, so a lazy screen's text ships in
 * its own chunk. Spanish is the interface language; English is available.
 */
export function registerLocale(namespace: string, bundles: { es: Strings; en: Strings }) {
  for (const language of languages) {
    resources[language][namespace] = merge(resources[language][namespace] ?? {}, bundles[language]);
  }
}

function lookup(language: Language, namespace: string, key: string): string | undefined {
  let node: string | Strings | undefined = resources[language][namespace];
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(language: Language, count: number) {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function resolve(language: Language, namespace: string, key: string, count: unknown) {
  for (const lang of language === FALLBACK ? [language] : [language, FALLBACK]) {
    if (typeof count === 'number') {
      const plural = lookup(lang, namespace, `${key}_${pluralCategory(lang, count)}`);
      if (plural !== undefined) return plural;
    }
    const value = lookup(lang, namespace, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Translates `key` of `namespace` in `language` (falls back to Spanish, then to the key). */
export function translate(language: Language, namespace: string, key: string, options?: TranslateOptions): string {
  const text = resolve(language, namespace, key, options?.count) ?? options?.defaultValue ?? key;
  if (!options || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getLanguage = () => current;

/** The current language, for code outside components. */
export const i18n = {
  get language(): Language {
    return current;
  },
  changeLanguage(language: Language) {
    if (language === current) return;
    current = language;
    for (const listener of listeners) listener();
  },
};

export function setLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {}
  document.documentElement.lang = language;
  i18n.changeLanguage(language);
}

/** The translate function of one namespace; components re-render when the language changes. */
export function useTranslation(namespace: string) {
  const language = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return useMemo(() => {
    const t: TFunction = (key, options) => translate(language, namespace, key, options);
    return { t, i18n: { language } };
  }, [language, namespace]);
}

/**
 * Renders a translated text whose named tags become the given elements:
 * `'Accept our <terms>terms</terms>'` with `components={{ terms: <Link to="/terms" /> }}`.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  t: TFunction;
  i18nKey: string;
  values?: TranslateOptions;
  components?: Record<string, ReactElement>;
}) {
  return createElement(Fragment, null, ...renderTags(t(i18nKey, values), components));
}

function renderTags(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  const tag = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const name = match[1] ?? match[2] ?? '';
    const element = components[name];
    const inner = match[3] === undefined ? [] : renderTags(match[3], components);
    if (isValidElement(element)) nodes.push(cloneElement(element, { key: nodes.length }, ...inner));
    else nodes.push(...inner);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
