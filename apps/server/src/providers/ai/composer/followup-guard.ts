import type { Language } from './analyse';
import { findAddress } from './brief/contact';
import { PRICE } from './brief/lists';
import { type Files, type FollowUpResult, t } from './followup-kit';

/**
 * The last check before a follow-up's changes go out (ADR 0268): a change that does not do exactly
 * what was asked is worse than a refusal, so the whole answer becomes a refusal with its reason when
 *  - part of the request was not done (a clause no handler took, or one a handler could not do);
 *  - a value the request brings (a phone, a price, an email, a time) is not on the page afterwards;
 *  - a request that only adds ("añade…", "sin quitar…") made a phone, email or price disappear.
 */

const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]?\d{2,4}){1,4}/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const TIME = /\b\d{1,2}[:.]\d{2}\b/g;
const ADD_ONLY =
  /\b(?:a[nñ]ad\w*|agreg\w*|incluy\w*|add|include|sin quitar|sin borrar|without removing|keep(?:ing)? the|adem[aá]s|tambi[eé]n|another|otro|otra|second|segundo)\b/iu;
const CHANGE_OR_REMOVE =
  /\b(?:cambi\w*|sustitu\w*|reemplaz\w*|modific\w*|quit\w*|elimin\w*|borr\w*|sac\w*|corrig\w*|actualiz\w*|change|replace|remove|delete|update|swap|take out|est[aá] mal|ahora es|is now|now is)\b/iu;

/** Lower case, no accents, no tags, and no separators between digits ("91 563 20 48" → "915632048"). */
function flat(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(\d)[\s.,:()/-]+(?=\d)/g, '$1');
}
const flatValue = (v: string) => flat(v).replace(/[^\p{L}\d@.]/gu, '');
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
/** Whether a value is on a page: as written, or its digits whole (never inside a longer number). */
function shows(html: string, value: string): boolean {
  if (plain(html).includes(plain(value).trim())) return true;
  const f = flatValue(value);
  if (!f) return false;
  const escaped = f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\d])${escaped}(?![\\d])`, 'u').test(flat(html));
}

/** The values a request brings: phones, prices, emails, times. */
function valuesOf(text: string): string[] {
  const emails = text.match(EMAIL) ?? [];
  const rest = emails.reduce((s, e) => s.replace(e, ' '), text);
  const prices = (rest.match(new RegExp(PRICE, 'giu')) ?? []).map((p) => p.replace(/[^\d.,]/g, '').replace(/[.,]$/, ''));
  const times = rest.match(TIME) ?? [];
  const phones = (rest.match(PHONE) ?? []).filter((p) => p.replace(/\D/g, '').length >= 7);
  return [...emails, ...phones, ...prices, ...times].filter((v) => /\d|@/.test(v));
}

/** Phones, emails and prices shown on a page (what an adding request must not lose). */
function keptValuesOf(html: string): string[] {
  const text = html.replace(/<[^>]*>/g, ' ');
  return [...(text.match(EMAIL) ?? []), ...(text.match(PHONE) ?? []).filter((p) => p.replace(/\D/g, '').length >= 7)];
}

const RESTATE_WORD =
  /^(?:(?:c[aá]mbi|p[oó]n|pong|h[aá]z|hag|actualiz|change|update|do|qu[ií]t|elim[ií]n|b[oó]rr|s[aá]c|saqu|remove|delete|take|out)\p{L}*|it|them|en|a|de|toda|todo|todas|todos|la|el|lo|las|los|web|p[aá]gina|sitio|partes|sitios|everywhere|on|the|whole|site|page|all|please|por|favor|porfa|plis|gracias|thanks|thank|you|tambi[eé]n|too|as|well)$/iu;
/** "cambiadlo en toda la web", "please": a clause that only restates what the one before asked. */
export function restates(clause: string): boolean {
  const words = clause.split(/[^\p{L}]+/u).filter(Boolean);
  return words.length > 0 && words.every((w) => RESTATE_WORD.test(w));
}

/** What the request says to leave as it is: "lo de parejas igual", "deja los precios como están", "keep the prices". */
const KEEP = [
  /(?:lo de(?:l| la| los| las)?\s+)?(\p{L}[\p{L} ]{2,30}?)\s+(?:igual|se queda(?:n)?(?:\s+igual|\s+como est[aá]n?)?|sin cambios|no cambia|stays?(?: the same)?|as is|unchanged)(?![\p{L}])/giu,
  /(?:deja|dejad|dejen|keep|leave)\s+(?:lo de\s+|el\s+|la\s+|los\s+|las\s+|the\s+)?(\p{L}[\p{L} ]{2,30}?)\s+(?:igual|como est[aá]n?|as it is|as they are|the same|alone)(?![\p{L}])/giu,
];
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** The words (4 letters or more) of what must stay as it is. */
function keptWords(asked: string): string[] {
  return KEEP.flatMap((re) => [...asked.matchAll(re)].map((m) => m[1] ?? ''))
    .flatMap((phrase) => fold(phrase).split(/[^\p{L}]+/u))
    .filter(
      (w) => w.length >= 4 && !/^(?:todo|toda|todos|todas|resto|demas|precio|precios|price|prices|everything|rest)$/u.test(w),
    );
}

function refuse(message: string): FollowUpResult {
  return { messages: [message], changes: new Map(), understood: false, refused: true, notDone: [] };
}

export function guardFollowUp(asked: string, before: Files, out: FollowUpResult, lang: Language): FollowUpResult {
  if (!out.changes.size) return out;
  const ask = asked.trim().slice(0, 120);
  if (out.notDone.length) {
    const done = out.messages.join(' ');
    return refuse(
      t(
        lang,
        `No he tocado nada, porque no puedo hacer todo lo que pides en «${ask}»: ${out.notDone.join(' ')} Lo que sí sé hacer (${done}) te lo hago si me lo pides en un mensaje aparte.`,
        `Nothing changed, because I can't do all of "${ask}": ${out.notDone.join(' ')} What I can do (${done}) I'll do if you ask for it on its own.`,
      ),
    );
  }
  // What the person said to leave alone was changed: the handler took the wrong item.
  const kept = keptWords(asked);
  const touched = kept.filter((w) => out.messages.some((m) => new RegExp(`(?<![\\p{L}])${w}`, 'u').test(fold(m))));
  if (touched.length)
    return refuse(
      t(
        lang,
        `No he tocado nada: pides dejar igual lo de «${touched.join(' ')}», pero el cambio que he sabido hacer lo tocaba. Dime el nombre tal como aparece en la web, por ejemplo «cambia el precio de … a …».`,
        `Nothing changed: you asked to leave "${touched.join(' ')}" as it is, but the change I could make touched it. Name the item as it appears on the site, e.g. "change the price of … to …".`,
      ),
    );
  const pageBefore = [...before]
    .filter(([p]) => /\.html?$/i.test(p))
    .map(([, c]) => c)
    .join('\n');
  const after = new Map(before);
  for (const [path, content] of out.changes) after.set(path, content);
  const pageAfter = [...after]
    .filter(([p]) => /\.html?$/i.test(p))
    .map(([, c]) => c)
    .join('\n');
  // A value new to the page that did not land: the change went somewhere else, or nowhere.
  // "la dirección, Galicia 1432 esquina Yaguarón": a street and number even without "calle".
  const address =
    findAddress(asked) ??
    asked
      .match(/(?:direcci[oó]n|address|ubicaci[oó]n|location)(?:\s+(?:es|is|nueva|new))?[\s,:]+([^\n.;]*\d[^\n.;]*)/iu)?.[1]
      ?.match(/\p{Lu}[\p{L} ]*\s\d+/u)?.[0];
  const lost = [...valuesOf(asked), ...(address ? [address.split(',')[0] ?? address] : [])].filter(
    (v) => !shows(pageBefore, v) && !shows(pageAfter, v),
  );
  if (lost.length)
    return refuse(
      t(
        lang,
        `No he tocado nada: no he sabido dónde poner ${lost.map((v) => `«${v}»`).join(', ')} en la página sin un modelo de IA. Dime el nombre tal como aparece en la web, por ejemplo «cambia el precio de … a …», o «cambia el teléfono a …».`,
        `Nothing changed: I couldn't tell where ${lost.map((v) => `"${v}"`).join(', ')} goes on the page without an AI model. Name the item as it appears on the site, e.g. "change the price of … to …" or "change the phone to …".`,
      ),
    );
  // A request that only adds keeps every phone and email that was there.
  if (ADD_ONLY.test(asked) && !CHANGE_OR_REMOVE.test(asked.replace(/sin quitar|sin borrar|without removing/giu, ''))) {
    const dropped = keptValuesOf(pageBefore).filter((v) => !shows(pageAfter, v));
    if (dropped.length)
      return refuse(
        t(
          lang,
          `No he tocado nada: pides añadir, pero el cambio que sé hacer quitaría ${dropped.map((v) => `«${v.trim()}»`).join(', ')} de la página. Sin un modelo de IA solo sé sustituir ese dato; si es lo que quieres, dime «cambia el teléfono a …».`,
          `Nothing changed: you asked to add, but the change I can make would remove ${dropped.map((v) => `"${v.trim()}"`).join(', ')} from the page. Without an AI model I can only replace it; if that is what you want, say "change the phone to …".`,
        ),
      );
  }
  return out;
}
