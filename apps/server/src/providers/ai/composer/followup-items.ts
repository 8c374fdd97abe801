import { type Language, wordPattern } from './analyse';
import { PRICE } from './brief/lists';
import { type Files, type FollowUpResult, t, write } from './followup-kit';
import { changePrice, pricedNames } from './followup-more';
import { addPerson } from './followup-people';
import { escapeHtml } from './render-kit';

/**
 * Follow-ups on the items of a list (issue 37): add a priced item ("añade el servicio de tapizado
 * 60€", "add the Jeep Wrangler €75/day to the fleet"), remove one by its words ("quita lo del carnet
 * A2"), and change a price without saying "precio" ("la caja de naranjas ahora va a 14€"). A new item
 * is a copy of the page's own last priced card, so it looks like its neighbours.
 */

type Handler = (files: Files, clause: string, lang: Language, out: FollowUpResult) => boolean;

const fold = (s: string) => s.replace(/&amp;/g, '&').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const indentOf = (line: string) => (line.match(/^\s*/)?.[0] ?? '').length;
const ADD = wordPattern('a[nñ]ade|a[nñ]adir|agrega|incluye|add|include|tambi[eé]n hacemos|also (?:do|offer|sell)', 'iu');
const REMOVE = wordPattern('quita|quitar|remove|delete|drop|take out|take off|saca|sacad|saquen|sacar', 'iu');
/** "ya no doy cursos de torno", "we don't do ceramic coating anymore": what is no longer offered. */
const NO_LONGER =
  /(?:ya no\s+(?:doy|damos|hacemos|hago|ofrecemos|ofrezco|vendemos|vendo|tenemos|tengo|hay)|(?:we|i)\s+(?:don'?t|do not|no longer)\s+(?:do|offer|sell|have|make)|(?:i'?m|we'?re)\s+not\s+(?:doing|offering|selling)|(?:we|i)\s+stopped\s+(?:doing|offering|selling))\s+(?:m[aá]s\s+)?(.+?)(?:\s+(?:anymore|any more|no more|ya))?[.!]*$/iu;
/** A price with a currency code after it: "$150 MXN", "NZ$2,400". */
const FULL_PRICE = new RegExp(`(?:NZ|AU|CA|US)?${PRICE}(?:\\s?(?:MXN|USD|EUR|ARS|COP|CLP|PEN|NZD|AUD|CAD))?`, 'iu');

/** The lines of the card holding line `at`: a one-line card, or the element that opens above it. */
function cardAround(lines: string[], at: number): [number, number] | null {
  const line = lines[at] ?? '';
  if (/<h3>|<strong>|class="item-name"/.test(line) && /<\/div>\s*$|<\/li>\s*$/.test(line)) return [at, at];
  const inner = indentOf(line);
  let start = at;
  while (start > 0 && !(indentOf(lines[start] ?? '') < inner && /^\s*<(?!\/)/.test(lines[start] ?? ''))) start--;
  const open = indentOf(lines[start] ?? '');
  let end = start + 1;
  while (end < lines.length && !(indentOf(lines[end] ?? '') === open && /^\s*<\//.test(lines[end] ?? ''))) end++;
  return end < lines.length ? [start, end] : null;
}

/** The text of an item: the request without its verb, filler words, price and where it goes. */
function itemLabel(clause: string, price: string): { label: string; note: string } {
  const [before = '', after = ''] = clause.split(price);
  const clean = (s: string) =>
    s
      .replace(ADD, ' ')
      .replace(
        /(?<![\p{L}])(?:que|tambi[eé]n|hacemos|ofrecemos|vendemos|otr[oa]|nuev[oa]|un|una|el|la|los|las|the|a|an|new|another|please|servicio de|service of|producto|plato|item)(?![\p{L}])/giu,
        ' ',
      )
      .replace(/(?<![\p{L}])(?:desde|from|a|por|at|for|de|:|-)\s*$/iu, '')
      .replace(/(?<![\p{L}])(?:to|a|en|in|al|into)\s+(?:the|la|el|los|las|our|nuestr[oa]s?)?\s*\p{L}+\s*$/iu, '')
      .replace(/\s+/gu, ' ')
      .replace(/^[\s,:;-]+|[\s,:;.-]+$/gu, '')
      .trim();
  const first = clean(before);
  return first ? { label: first, note: clean(after) } : { label: clean(after), note: '' };
}

const addItem: Handler = (files, clause, lang, out) => {
  if (!ADD.test(clause)) return false;
  const price = clause.match(FULL_PRICE)?.[0];
  if (!price) return false;
  const { label } = itemLabel(clause, price);
  if (!label || label.split(/\s+/).length > 8) return false;
  const page = files.get('index.html') ?? '';
  if (pricedNames(page).some((n) => fold(n) === fold(label))) return false;
  const lines = page.split('\n');
  const priced = lines.map((l, i) => (/class="(?:price|plan-price)"/.test(l) ? i : -1)).filter((i) => i >= 0);
  const first = priced[0];
  if (first === undefined) return false;
  // The last priced card of the first list with prices.
  const sectionEnd = lines.findIndex((l, i) => i > first && /<\/section>/.test(l));
  const last = priced.filter((i) => sectionEnd < 0 || i < sectionEnd).at(-1) ?? first;
  const card = cardAround(lines, last);
  if (!card) return false;
  out.understood = true;
  const shownLabel = label.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
  const copy = lines
    .slice(card[0], card[1] + 1)
    .filter(
      (l, i, all) =>
        i === 0 || i === all.length - 1 || /<h3>|<strong>|class="(?:price|plan-price|item-name|card-icon)"|<div|<span/.test(l),
    )
    .filter((l) => !/^\s*<\/?(?:ul|li)\b/.test(l))
    .map((l) =>
      l
        .replace(/(<h3>|class="item-name">)[^<]*(<)/, (_m, a: string, b: string) => `${a}${escapeHtml(shownLabel)}${b}`)
        .replace(
          /(class="price">|class="plan-price"><strong>)[^<]*(<)/,
          (_m, a: string, b: string) => `${a}${escapeHtml(price)}${b}`,
        ),
    );
  write(files, out, 'index.html', [...lines.slice(0, card[1] + 1), ...copy, ...lines.slice(card[1] + 1)].join('\n'));
  out.messages.push(t(lang, `He añadido «${shownLabel}» a ${price}.`, `I added "${shownLabel}" at ${price}.`));
  return true;
};

const removeItem: Handler = (files, clause, lang, out) => {
  // "I'm not doing them anymore" names nothing: the object is then the one "remove" names.
  const stopped = clause.match(NO_LONGER)?.[1]?.replace(/^(?:them|it|eso|esto|lo|la)$/iu, '') || undefined;
  if (!stopped && !REMOVE.test(clause)) return false;
  const object = fold(
    (stopped ?? clause)
      .replace(REMOVE, ' ')
      .replace(/(?<![\p{L}])(?:them|it|lo|la|los|las)(?![\p{L}])/giu, ' ')
      .replace(/(?<![\p{L}])(?:que|porque|because|as|ya no|since)(?![\p{L}])[\s\S]*$/iu, '')
      // "take out boiler installs, I'm not doing them anymore": the reason after the comma is no name.
      .replace(/,\s*(?:i'?m|i am|we'?re|we are|ya|no|not|porque|que|as|since)(?![\p{L}])[\s\S]*$/iu, '')
      .replace(/(?<![\p{L}])(?:lo de|lo del|del|de|la|el|los|las|the|item|plato|servicio|producto)(?![\p{L}])/giu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  if (object.length < 2) return false;
  const page = files.get('index.html') ?? '';
  const lines = page.split('\n');
  const hits = lines
    .map((l, i) => {
      const name = l.match(/<h3>([^<]+)<\/h3>|class="item-name">([^<]+)</);
      const text = fold(name?.[1] ?? name?.[2] ?? '');
      // Every word of the request's object in the name ("cursos torno" → "Cursos de torno").
      const words = object.split(' ').filter((w) => w.length >= 3);
      const every =
        words.length > 0 &&
        words.every((w) => new RegExp(`(?<![\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(text));
      return text &&
        (text.includes(object) ||
          every ||
          new RegExp(`(?<![\\p{L}])${object.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(text))
        ? i
        : -1;
    })
    .filter((i) => i >= 0);
  if (!hits.length) return false;
  out.understood = true;
  const names = new Set<string>();
  const drop = new Set<number>();
  for (const at of hits) {
    const name = (lines[at] ?? '').match(/<h3>([^<]+)<\/h3>|class="item-name">([^<]+)</);
    names.add(name?.[1] ?? name?.[2] ?? '');
    const card = cardAround(lines, at);
    if (card) for (let i = card[0]; i <= card[1]; i++) drop.add(i);
  }
  let next = lines.filter((_l, i) => !drop.has(i)).join('\n');
  for (const name of names) {
    const n = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // The same item in the booking form's options and in the FAQ's list of prices.
    next = next
      .replace(new RegExp(`\\n\\s*<option>${n}</option>`, 'g'), '')
      .replace(new RegExp(` · ${n}: [^·<]*(?= ·|<)|${n}: [^·<]*? · `, 'g'), '');
  }
  write(files, out, 'index.html', next);
  out.messages.push(
    t(
      lang,
      `He quitado ${[...names].map((n) => `«${n}»`).join(', ')}.`,
      `I removed ${[...names].map((n) => `"${n}"`).join(', ')}.`,
    ),
  );
  return true;
};

/** "la caja de naranjas ahora va a 14€": a price and the name of a priced item is a price change. */
const newPrice: Handler = (files, clause, lang, out) => {
  if (ADD.test(clause) || !new RegExp(PRICE, 'iu').test(clause)) return false;
  const price = clause.match(FULL_PRICE)?.[0] ?? '';
  // What the request names, without the price and the words of a change.
  const object = fold(clause.replace(price, ' '))
    .replace(
      /(?<![\p{L}])(?:ahora|now|va|van|pasa|pasan|sube|subid|baja|bajad|cuesta|cuestan|vale|valen|costs?|is|are|a|al|to|at|por|el|la|los|las|de|del|the|precio|price|cambia|change)(?![\p{L}])/gu,
      ' ',
    )
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (object.length < 3) return false;
  const names = pricedNames(files.get('index.html') ?? '');
  const words = (s: string) =>
    fold(s)
      .replace(/[^\p{L}\p{N} ]/gu, ' ')
      .split(/\s+/)
      .filter((w) => w.length > 2 && !/^(?:de|del|con|for|and)$/.test(w));
  // The one item whose words hold every word of the request; anything less is a guess.
  const holding = names.filter((n) => words(object).every((w) => words(n).some((x) => x.startsWith(w.replace(/s$/, '')))));
  const shown = holding.length === 1 ? holding[0] : undefined;
  if (!shown) return false;
  return changePrice(files, `precio de «${shown}» ${price}`, lang, out);
};

/** "pon que también doy clases de lenguaje musical", "we now also offer gutter cleaning": a new service. */
const ALSO =
  /(?:tambi[eé]n|tb|ahora)\s+(?:doy|damos|hago|hacemos|ofrecemos|ofrezco|impartimos|imparto|vendemos|vendo|reparamos|instalamos)\s+(.{3,60}?)[.!]*$|(?:we|i)\s+(?:now\s+)?(?:also|now)\s+(?:do|offer|sell|teach|provide)\s+(.{3,60}?)[.!]*$/iu;

/** "añade que también vendemos X", "pon tb que hago X": the same, with a verb of adding before it. */
const ADD_THAT =
  /(?:a[nñ]ad\p{L}*|agreg\p{L}*|inclu\p{L}*|pon|poned|ponga|pongan|add|include|put)\s+(?:(?:tb|tambi[eé]n|also)\s+)?(?:que\s+)?(?:(?:tb|tambi[eé]n|ahora)\s+)?(?:vendemos|vendo|hacemos|hago|ofrecemos|ofrezco|damos|doy|tenemos|tengo|reparamos|instalamos|impartimos|we (?:also )?(?:do|offer|sell|make|have))\s+(.{3,70}?)[.!]*$/iu;
/** "añade el curso de encuadernación japonesa", "add the lemon tart": a new item named by a list noun. */
const ADD_NAMED =
  /(?:a[nñ]ad\p{L}*|agreg\p{L}*|inclu\p{L}*|add|include)\s+(?:(?:tb|tambi[eé]n|also)\s+)?(?:(?:el|la|un|una|otro|otra|the|a|an|another)\s+)?(?:(?:nuev[oa]|new)\s+)?(sabor|plato|producto|servicio|curso|taller|clase|actividad|flavou?r|dish|product|service|course|class|workshop|activity)\s+(.{2,60}?)[.!]*$/iu;
/** "agrega tartas por encargo a los productos", "add gift cards to the services": an item into a named list. */
const ADD_TO =
  /(?:a[nñ]ad\p{L}*|agreg\p{L}*|inclu\p{L}*|pon|poned|ponga|pongan|mete|add|include|put)\s+(?:(?:tb|tambi[eé]n|also)\s+)?(?:(?:el|la|los|las|un|una|unos|unas|the|a|an|some)\s+)?(.{3,60}?)\s+(?:a|al|en|to|into|on)\s+(?:(?:l[oa]s?|el|the|our|nuestr[oa]s?)\s+)?(?:productos|servicios|men[uú]|carta|lista|cat[aá]logo|products|services|menu|list|catalog(?:ue)?)[.!]*$/iu;
const POLITE = /\s*(?:,\s*)?(?:porfa(?:vor)?|por favor|please|pls|plis|gracias|thanks)[.!]*$/iu;

/** The new item's name: from "también hacemos X", "añade que vendemos X" or "añade el curso de X". */
function newItemLabel(clause: string): string {
  const text = clause.replace(POLITE, '').trim();
  const also = text.match(ALSO) ?? text.match(ADD_THAT);
  if (also) return (also[1] ?? also[2] ?? '').trim();
  const into = text.match(ADD_TO);
  if (into?.[1]) return into[1].trim();
  const named = text.match(ADD_NAMED);
  if (!named?.[1] || !named[2]) return '';
  const rest = named[2].trim();
  return /^(?:de|del|of)\s/iu.test(rest) ? `${named[1]} ${rest}` : rest;
}

const addService: Handler = (files, clause, lang, out) => {
  const label = newItemLabel(clause);
  if (!label || new RegExp(PRICE, 'iu').test(label) || label.split(/\s+/u).length > 8) return false;
  const page = files.get('index.html') ?? '';
  const lines = page.split('\n');
  // The services, else the products or the menu: the page's first list of named cards.
  const start =
    ['services', 'products', 'menu']
      .map((id) => lines.findIndex((l) => l.includes(`data-section="${id}"`)))
      .find((i) => i >= 0) ?? -1;
  const end = start < 0 ? -1 : lines.findIndex((l, i) => i > start && /<\/section>/.test(l));
  // The last card of the services section, copied with the new name.
  const last = end < 0 ? -1 : lines.slice(start, end).findLastIndex((l) => /<h3>[^<]*<\/h3>/.test(l));
  if (last < 0) return false;
  const card = cardAround(lines, start + last);
  if (!card) return false;
  const shown = label.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
  if (fold(page).includes(`<h3>${fold(escapeHtml(shown))}</h3>`)) return false;
  out.understood = true;
  const copy = lines
    .slice(card[0], card[1] + 1)
    .filter((l, i, all) => i === 0 || i === all.length - 1 || /<h3>|class="card-icon"/.test(l))
    .map((l) => l.replace(/<h3>[^<]*<\/h3>/, `<h3>${escapeHtml(shown)}</h3>`));
  write(files, out, 'index.html', [...lines.slice(0, card[1] + 1), ...copy, ...lines.slice(card[1] + 1)].join('\n'));
  const list = lines[start]?.match(/data-section="(\w+)"/)?.[1];
  const where = list === 'services' ? ['los servicios', 'the services'] : ['la lista', 'the list'];
  out.messages.push(t(lang, `He añadido «${shown}» a ${where[0]}.`, `I added "${shown}" to ${where[1]}.`));
  return true;
};

export const itemHandlers: Handler[] = [newPrice, addItem, removeItem, addService, addPerson];
