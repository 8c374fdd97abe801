import { type Language, wordPattern } from './analyse';
import { allKinds } from './brief/detect';
import { labels } from './content';
import { type Files, type FollowUpResult, t, write } from './followup-kit';
import { capital, escapeHtml } from './render-kit';

/**
 * "Quiero la web en inglés" / "translate the site to Spanish" over the person's own site: every text
 * the composer wrote (labels, the kind's words, placeholders) is swapped for its other-language
 * twin, and `lang` follows. Names, facts and the person's own texts stay as they are.
 */

type Pairs = [string, string][];

function collect(a: unknown, b: unknown, out: Pairs): void {
  if (typeof a === 'string' && typeof b === 'string') {
    if (a !== b && a.length > 1) out.push([a, b]);
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of Object.keys(a)) collect((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], out);
  }
}

let dictionary: Pairs | null = null;
function pairs(): Pairs {
  if (dictionary) return dictionary;
  const out: Pairs = [];
  collect(labels.es, labels.en, out);
  for (const k of allKinds) {
    for (const [es, en] of [k.noun, k.cta, k.offer, k.tagline]) {
      out.push([es, en], [capital(es), capital(en)]);
    }
    out.push([`${capital(k.noun[0])} en `, `${capital(k.noun[1])} in `]);
    for (const [i, es] of k.items[0].entries()) out.push([es, k.items[1][i] ?? es]);
  }
  out.push(['Sobre mí', 'About me'], ['Dónde', 'Where'], ['Saltar al contenido', 'Skip to content']);
  // The FAQ's own questions and answers (sections-lists.ts).
  out.push(
    ['¿Dónde estáis?', 'Where are you?'],
    ['¿Qué horario tenéis?', 'When are you open?'],
    ['¿Cuándo es?', 'When is it?'],
    ['¿Cuánto cuesta?', 'How much does it cost?'],
    ['¿Cómo puedo ', 'How do I '],
    ['Escríbenos desde el formulario o contáctanos', 'Use the form or contact us'],
    ['Escríbenos desde el formulario de esta página.', 'Write to us with the form on this page.'],
    ['Escribe aquí la respuesta.', 'Write the answer here.'],
  );
  // Longest first, so "Nuestra carta" goes before "Carta".
  dictionary = out.filter(([es, en]) => es !== en).sort((x, y) => y[0].length - x[0].length);
  return dictionary;
}

const TO_EN = wordPattern(
  '(?:en|al|a) ingl[eé]s|in english|into english|to english|english version|versi[oó]n en ingl[eé]s',
  'iu',
);
const TO_ES = wordPattern('(?:en|al|a) (?:español|castellano)|in spanish|into spanish|to spanish|spanish version', 'iu');
const TRANSLATE = wordPattern(
  'traduce|traducir|trad[uú]cel[ao]|translate|quiero la (?:web|p[aá]gina)|pon(?:la|lo)?|ponme|cambia(?:la|lo)?|switch|make (?:it|the site)|version|versi[oó]n|idioma|language',
  'iu',
);

export function asksForTranslation(clause: string): Language | null {
  if (TO_EN.test(clause) && TRANSLATE.test(clause)) return 'en';
  if (TO_ES.test(clause) && TRANSLATE.test(clause)) return 'es';
  return null;
}

let compiled: { from: 0 | 1; list: [RegExp, string][] } | null = null;
/** The pairs as whole-word patterns: "Dental" never becomes "Dintal" through "en" → "in". */
function patterns(from: 0 | 1): [RegExp, string][] {
  if (compiled?.from === from) return compiled.list;
  const list = pairs().map(([es, en]): [RegExp, string] => {
    const [a, b] = from === 0 ? [es, en] : [en, es];
    const source = escapeHtml(a).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return [new RegExp(`(?<![\\p{L}\\p{N}])${source}(?![\\p{L}\\p{N}])`, 'gu'), escapeHtml(b).replace(/\$/g, '$$$$')];
  });
  compiled = { from, list };
  return list;
}

/**
 * Swaps known texts between tags and in the attributes people read (alt, aria-label, content),
 * never inside the texts in `keep` (the site's name and the facts the person wrote).
 */
function swap(text: string, from: 0 | 1, keep: string[]): string {
  const list = patterns(from);
  const kept = keep.filter((k) => k.length > 1).sort((x, y) => y.length - x.length);
  return text.replace(/(>|(?:content|aria-label|alt|title)=")([^<>"]+)(?=<|")/g, (_m, lead: string, body: string) => {
    let next = body;
    kept.forEach((k, i) => {
      next = next.split(k).join(`\uE100${i}\uE101`);
    });
    for (const [pattern, replacement] of list) {
      pattern.lastIndex = 0;
      if (pattern.test(next)) {
        pattern.lastIndex = 0;
        next = next.replace(pattern, replacement);
      }
    }
    return lead + next.replace(/\uE100(\d+)\uE101/g, (_x, i: string) => kept[Number(i)] ?? '');
  });
}

/** The site's name and every tagged fact, as written in the page. */
function ownTexts(html: string): string[] {
  const own = [html.match(/<title>([^<]+)<\/title>/)?.[1]?.trim() ?? ''];
  for (const m of html.matchAll(/data-fact="[a-z]+">([^<]+)</g)) own.push((m[1] ?? '').trim());
  return own;
}

export function translateSite(files: Files, clause: string, _lang: Language, out: FollowUpResult): boolean {
  const target = asksForTranslation(clause);
  if (!target) return false;
  out.understood = true;
  const from: 0 | 1 = target === 'en' ? 0 : 1;
  let changed = false;
  for (const [path, content] of files) {
    if (!/\.html?$/i.test(path)) continue;
    const next = swap(content, from, ownTexts(files.get('index.html') ?? content)).replace(
      /<html([^>]*)\slang="[a-z-]+"/i,
      `<html$1 lang="${target}"`,
    );
    if (next !== content) {
      write(files, out, path, next);
      changed = true;
    }
  }
  out.messages.push(
    changed
      ? t(
          target,
          'He traducido al español los textos de la web; los nombres y los datos que escribiste quedan igual.',
          'I translated the site’s texts into English; names and the facts you wrote stay as they were.',
        )
      : t(target, 'La web ya está en español.', 'The site is already in English.'),
  );
  return true;
}
