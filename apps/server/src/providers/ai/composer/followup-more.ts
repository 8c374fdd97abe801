import { findColours, type Language, wordPattern } from './analyse';
import { findAddress, findEmail, findPhone, findSocial, whatsappDigits } from './brief/contact';
import { PRICE } from './brief/lists';
import { labels } from './content';
import { DAY, hoursValue, namesDays } from './followup-hours';
import { closestName, type Files, type FollowUpResult, newValue, quotes, t, write } from './followup-kit';
import { escapeHtml, ICON, icon, mapsUrl } from './render-kit';
import { hoursTable } from './sections-lists';

/**
 * Follow-ups on facts and looks: phone, email, address, prices, WhatsApp, social links, team
 * members, reviews, FAQ entries, fonts, sticky header, dark mode, a bigger hero, and changes to the
 * one element selected in the inspector. Each edits the smallest text that does it.
 */

export type Handler = (files: Files, clause: string, lang: Language, out: FollowUpResult) => boolean;

const CSS_MARKER = '/* DIV: follow-up styles */';

function addCss(files: Files, out: FollowUpResult, rule: string): void {
  const css = files.get('style.css') ?? '';
  const next = css.includes(CSS_MARKER) ? `${css.trimEnd()}\n${rule}\n` : `${css.trimEnd()}\n\n${CSS_MARKER}\n${rule}\n`;
  write(files, out, 'style.css', next);
}

function html(files: Files): string {
  return files.get('index.html') ?? '';
}

/** The current value of a fact: its data-fact element, else the tel:/mailto: link. */
function currentFact(page: string, fact: 'phone' | 'email' | 'address' | 'hours'): string | null {
  const tagged = page.match(new RegExp(`data-fact="${fact}">([^<]+)<`))?.[1];
  if (tagged) return tagged.trim();
  if (fact === 'phone') return page.match(/href="tel:[^"]*"[^>]*>([^<]+)</)?.[1]?.trim() ?? null;
  if (fact === 'email') return page.match(/href="mailto:([^"]+)"/)?.[1]?.trim() ?? null;
  return null;
}

const FACT_WORDS: [fact: 'phone' | 'email' | 'address' | 'hours', words: string, es: string, en: string][] = [
  ['phone', 'tel[eé]fono|m[oó]vil|n[uú]mero|phone|telephone|mobile|number', 'el teléfono', 'the phone number'],
  ['email', 'e-?mail|correo(?: electr[oó]nico)?|email address', 'el correo', 'the email'],
  ['address', 'direcci[oó]n|ubicaci[oó]n|address|location', 'la dirección', 'the address'],
  ['hours', 'horarios?|horas de apertura|opening hours|hours|abrimos', 'el horario', 'the opening hours'],
];

/** "cambia el teléfono a 600 111 222", "la dirección es Calle Sol 3", "new email: a@b.es". */
const changeFact: Handler = (files, clause, lang, out) => {
  const page = html(files);
  for (const [fact, words, es, en] of FACT_WORDS) {
    if (!wordPattern(words, 'iu').test(clause)) continue;
    const value =
      fact === 'phone'
        ? findPhone(clause)
        : fact === 'email'
          ? findEmail(clause)
          : fact === 'address'
            ? (findAddress(clause) ?? newValue(clause))
            : (hoursValue(clause) ?? newValue(clause));
    if (!value) continue;
    out.understood = true;
    const current = currentFact(page, fact);
    // "los domingos abrimos de 10 a 14": one day's hours join the others, never replace them all.
    // Only one day named, outside the new value: "lunes a sábado de 9 a 20" is a whole timetable.
    const days = fact === 'hours' ? (clause.match(new RegExp(DAY.source, 'giu')) ?? []) : [];
    const day = days.length === 1 && !namesDays(value) ? days[0] : undefined;
    const old = current;
    // "cambia el horario de los viernes" on a timetable that does not name Friday as written (a "V"
    // or an "L-V" range): which part to change cannot be told, so nothing changes.
    const changing = /\b(?:cambi\w*|modific\w*|change)\b/iu.test(clause);
    if (
      day &&
      current &&
      value &&
      changing &&
      !new RegExp(`(?<![\\p{L}])${day.replace(/s$/iu, '').slice(0, 5)}`, 'iu').test(current)
    ) {
      out.messages.push(
        t(
          lang,
          `He entendido que quieres cambiar el horario de ${day}, pero en el horario de la página («${current}») no sé qué parte es la de ${day} sin un modelo de IA, así que no he tocado nada. Escríbemelo entero: «cambia el horario a …».`,
          `I understood you want to change the hours for ${day}, but in the page's hours ("${current}") I can't tell which part is ${day} without an AI model, so nothing changed. Send them whole: "change the hours to …".`,
        ),
      );
      return true;
    }
    if (day && current && value && !new RegExp(`(?<![\\p{L}])${day.replace(/s$/iu, '').slice(0, 5)}`, 'iu').test(current)) {
      const joined = `${current} · ${day}: ${value}`;
      write(files, out, 'index.html', page.split(escapeHtml(current)).join(escapeHtml(joined)));
      out.messages.push(t(lang, `He añadido al horario «${day}: ${value}».`, `I added "${day}: ${value}" to the hours.`));
      return true;
    }
    if (day && current && current.length > value.length + day.length + 4) {
      // The day is already in a longer timetable: rewriting one part of it needs the whole text.
      out.messages.push(
        t(
          lang,
          `He entendido que quieres cambiar el horario de ${day}, pero el horario de la página («${current}») tiene más días y no sé cuál de sus partes cambiar sin un modelo de IA, así que no he tocado nada. Escríbemelo entero: «cambia el horario a …».`,
          `I understood you want to change the hours for ${day}, but the page's hours ("${current}") cover more days and I can't tell which part to change without an AI model, so nothing changed. Send them whole: "change the hours to …".`,
        ),
      );
      return true;
    }
    if (!old) {
      out.messages.push(
        t(
          lang,
          `No encontré ${es} en la página para cambiarlo; añade una sección de contacto y vuelve a pedírmelo.`,
          `I could not find ${en} on the page; add a contact section and ask again.`,
        ),
      );
      return true;
    }
    let next = page.split(escapeHtml(old)).join(escapeHtml(value));
    // The street alone also appears (footer, FAQ) without the city after it.
    const [oldStreet = '', newStreet = ''] = [old.split(',')[0]?.trim(), value.split(',')[0]?.trim()];
    if (fact === 'address' && oldStreet && newStreet && oldStreet !== old)
      next = next.split(escapeHtml(oldStreet)).join(escapeHtml(newStreet));
    if (fact === 'phone') {
      const oldDigits = old.replace(/[^\d+]/g, '');
      next = next.split(`tel:${oldDigits}`).join(`tel:${value.replace(/[^\d+]/g, '')}`);
      next = next.replace(/https:\/\/wa\.me\/\d+/g, `https://wa.me/${whatsappDigits(value, lang)}`);
    }
    if (fact === 'email') next = next.split(`mailto:${old}`).join(`mailto:${value}`);
    // The hours are also drawn as a table, a row a day: it is drawn again from the new hours.
    if (fact === 'hours')
      next = next.replace(
        /^([ \t]*)<table class="hours">\s*<caption>([^<]*)<\/caption>[\s\S]*?<\/table>/gmu,
        (_, indent: string, caption: string) =>
          hoursTable(caption.replace(/&amp;/g, '&'), value)
            .map((line) => `${indent}${line}`)
            .join('\n'),
      );
    if (fact === 'address') {
      const search = escapeHtml(mapsUrl(value));
      next = next
        .replace(/https:\/\/www\.google\.com\/maps\/search\/\?api=1&amp;query=[^"]*/g, search)
        // A map placed by coordinates shows the old place: the new address gets its link instead.
        .replace(/https:\/\/www\.openstreetmap\.org\/\?mlat=[^"]*/g, search)
        .replace(
          /<iframe class="map-embed[^"]*"[^>]*><\/iframe>/g,
          `<a class="map-art reveal" href="${search}" target="_blank" rel="noopener" aria-label="${escapeHtml(labels[lang].directions)}">${icon(ICON.pin)}</a>`,
        );
    }
    write(files, out, 'index.html', next);
    out.messages.push(t(lang, `He cambiado ${es} a «${value}».`, `I changed ${en} to "${value}".`));
    return true;
  }
  return false;
};

/** Lower case without accents, for matching an item's name as the person wrote it. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Names on the page that have a price shown after them: menu items, products, plans. */
export function pricedNames(page: string): string[] {
  const names = new Set<string>();
  for (const m of page.matchAll(/<(h3|strong|span class="item-name")>([^<]{2,80})<\/\1>/g)) {
    const after = page.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 300);
    if (/class="(?:price|plan-price)">/.test(after)) names.add(m[2] ?? '');
  }
  return [...names];
}

/** "cambia el precio del croissant a 1,50 €": the price shown after that item, wherever it is. */
export const changePrice: Handler = (files, clause, lang, out) => {
  if (!wordPattern('precio|price|cuesta|cuestan|cost|costs|vale|valen', 'iu').test(clause)) return false;
  const price = clause.match(new RegExp(PRICE, 'iu'))?.[0];
  if (!price) return false;
  out.understood = true;
  let page = html(files);
  const asked = fold(clause.replace(new RegExp(PRICE, 'iu'), ' '));
  // The longest priced name the request mentions (a plural "croissants" also finds "Croissant").
  const shown =
    pricedNames(page)
      .filter((n) => {
        const name = fold(n.replace(/&amp;/g, '&'));
        // A heading that names the list ("Precios", "Tarifas") is no item.
        if (/^(?:precios?|prices?|tarifas?|rates?|pricing|planes|plans|carta|menu)$/.test(name.trim())) return false;
        return asked.includes(name) || asked.includes(name.replace(/s$/, '')) || asked.includes(`${name}s`);
      })
      .sort((a, b) => b.length - a.length)[0] ?? closestName(pricedNames(page), asked);
  if (!shown) {
    const names = pricedNames(page)
      .filter((n) => !/^(?:precios?|prices?|tarifas?|rates?|pricing|planes|plans|carta|menu)$/iu.test(n.trim()))
      .slice(0, 3);
    out.messages.push(
      t(
        lang,
        `No sé a qué producto te refieres; dime su nombre tal como aparece${names.length ? `, por ejemplo «cambia el precio de ${names[0]} a ${price}»` : ''}.`,
        `I don't know which item you mean; use its name as shown${names.length ? `, e.g. "change the price of ${names[0]} to ${price}"` : ''}.`,
      ),
    );
    return true;
  }
  let old = '';
  // Every place the item is listed with its price (menu, products, FAQ answer).
  page = page.replace(
    new RegExp(
      `(>${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<[\\s\\S]{0,300}?class="(?:price|plan-price)">(?:<strong>)?)([^<]*)(<)`,
      'g',
    ),
    (_m, head: string, value: string, tail: string) => {
      old ||= value;
      return value === old ? `${head}${escapeHtml(price)}${tail}` : _m;
    },
  );
  if (!old) {
    out.messages.push(t(lang, `«${shown}» no tiene un precio al lado que cambiar.`, `"${shown}" has no price next to it.`));
    return true;
  }
  page = page.split(`${shown}: ${old}`).join(`${shown}: ${escapeHtml(price)}`);
  write(files, out, 'index.html', page);
  out.messages.push(t(lang, `He puesto ${price} a «${shown}».`, `I set "${shown}" to ${price}.`));
  return true;
};

/** "añade un botón de WhatsApp" (with the site's phone or one in the request). */
const addWhatsApp: Handler = (files, clause, lang, out) => {
  if (!wordPattern('whatsapp|wasap|whats app', 'iu').test(clause)) return false;
  out.understood = true;
  const page = html(files);
  const phone = findPhone(clause) ?? currentFact(page, 'phone');
  if (!phone) {
    out.messages.push(
      t(
        lang,
        'Para el botón de WhatsApp necesito el número: «añade WhatsApp con el 600 123 456».',
        'I need the number for the WhatsApp button: "add WhatsApp with +44 7700 900123".',
      ),
    );
    return true;
  }
  const digits = whatsappDigits(phone, lang);
  // A national number ("0117 496 0123") without its country code would open a wrong chat.
  if (digits.startsWith('0')) {
    out.messages.push(
      t(
        lang,
        `He entendido que quieres un botón de WhatsApp, pero el ${phone} no lleva el prefijo de su país y el enlace abriría otro chat. Pide «añade WhatsApp con el +34 ${phone.replace(/^0/, '')}» (con tu prefijo) o «cambia el teléfono a +34 ${phone.replace(/^0/, '')}».`,
        `I understood you want a WhatsApp button, but ${phone} has no country code and the link would open someone else's chat. Ask "add WhatsApp with +44 ${phone.replace(/^0/, '')}" (with your code) or "change the phone to +44 ${phone.replace(/^0/, '')}".`,
      ),
    );
    return true;
  }
  const link = `https://wa.me/${digits}`;
  if (page.includes('https://wa.me/')) {
    // The number shown for the old chat changes with its link ("+34 622 418 907" → the new one).
    const before = page.match(/https:\/\/wa\.me\/(\d+)/)?.[1] ?? '';
    const shown = findPhone(clause) && before !== digits ? phone : null;
    const next = page.replace(/https:\/\/wa\.me\/\d+/g, link).replace(/\+?\d[\d\s().-]{6,}\d/g, (m) => {
      const d = m.replace(/\D/g, '');
      return shown && d.length >= 6 && before.endsWith(d) ? shown : m;
    });
    write(files, out, 'index.html', next);
    out.messages.push(
      t(lang, `El botón de WhatsApp ya estaba; ahora abre ${link}.`, `The WhatsApp button was there; it now opens ${link}.`),
    );
    return true;
  }
  const button = `  <a class="whatsapp-float" id="whatsapp" data-section="whatsapp" href="${link}" target="_blank" rel="noopener">${icon(ICON.chat)}<span>${t(lang, 'Escríbenos por WhatsApp', 'Message us on WhatsApp')}</span></a>`;
  const next = page.replace(/(\n\s*<script[^>]*src=|\n\s*<\/body>)/i, `\n${button}$1`);
  write(files, out, 'index.html', next);
  if (!(files.get('style.css') ?? '').includes('.whatsapp-float')) {
    addCss(
      files,
      out,
      '.whatsapp-float { position: fixed; right: 1rem; bottom: 1rem; z-index: 30; display: inline-flex; gap: 0.5rem; align-items: center; padding: 0.8rem 1.1rem; border-radius: 999px; background: #14532d; color: #ffffff; font-weight: 700; text-decoration: none; }\n.whatsapp-float .icon { width: 1.3rem; height: 1.3rem; fill: none; stroke: currentColor; stroke-width: 2; }',
    );
  }
  out.messages.push(
    t(lang, `He añadido un botón de WhatsApp que abre ${link}.`, `I added a WhatsApp button that opens ${link}.`),
  );
  return true;
};

/** "añade mi instagram @laespiga": a link in the contact list, or in the footer. */
const addSocial: Handler = (files, clause, lang, out) => {
  const social = findSocial(clause);
  if (social.length === 0) return false;
  out.understood = true;
  let page = html(files);
  for (const s of social) {
    const item = `<a href="${escapeHtml(s.url)}" rel="me">${escapeHtml(s.network)} ${escapeHtml(s.label === s.network ? '' : s.label)}</a>`;
    if (page.includes(s.url)) continue;
    if (/<ul class="info-list">/.test(page))
      page = page.replace(/(<ul class="info-list">\n)/, `$1        <li>${icon(ICON.link)}${item}</li>\n`);
    else page = page.replace(/(\n(\s*)<\/footer>)/, `\n      <p>${item}</p>$1`);
  }
  write(files, out, 'index.html', page);
  out.messages.push(
    t(lang, `He añadido ${social.map((s) => s.network).join(', ')}.`, `I added ${social.map((s) => s.network).join(', ')}.`),
  );
  return true;
};

/** Inserts a block at the end of a list container of a section, replacing its placeholders. */
function addToList(
  files: Files,
  out: FollowUpResult,
  container: RegExp,
  placeholder: RegExp,
  block: string[],
  after?: RegExp,
): boolean {
  const page = html(files);
  const lines = page.split('\n');
  const from = after ? lines.findIndex((l) => after.test(l)) : 0;
  if (from < 0) return false;
  const found = lines.slice(from).findIndex((l) => container.test(l));
  const start = found < 0 ? -1 : from + found;
  if (start < 0) return false;
  const indent = (lines[start]?.match(/^\s*/)?.[0] ?? '').length;
  let end = start + 1;
  while (
    end < lines.length &&
    !(new RegExp(`^\\s{${indent}}</`).test(lines[end] ?? '') && (lines[end]?.match(/^\s*/)?.[0] ?? '').length === indent)
  )
    end++;
  let body = lines.slice(start + 1, end);
  // Placeholder cards ("Nombre y apellido", "Escribe aquí…") give way to the real one.
  const kept: string[] = [];
  let card: string[] = [];
  for (const line of body) {
    card.push(line);
    if ((line.match(/^\s*/)?.[0] ?? '').length === indent + 2 && /^\s*<\//.test(line)) {
      if (!card.some((l) => placeholder.test(l))) kept.push(...card);
      card = [];
    }
  }
  body = [...kept, ...card, ...block.map((l) => ' '.repeat(indent + 2) + l)];
  write(files, out, 'index.html', realSection([...lines.slice(0, start + 1), ...body, ...lines.slice(end)], start).join('\n'));
  return true;
}

/** The section around line `at` has real content now: no longer an editor-only placeholder (ADR 0252). */
function realSection(lines: string[], at: number): string[] {
  let open = at;
  while (open >= 0 && !/<section\b/.test(lines[open] ?? '')) open--;
  const tag = lines[open] ?? '';
  const id = /id="([^"]+)"/.exec(tag)?.[1];
  if (open < 0 || !id || !tag.includes('data-placeholder="editor"')) return lines;
  return lines
    .map((l, i) =>
      i === open
        ? l.replace(' data-placeholder="editor"', '')
        : l.replace(`<li data-placeholder="editor"><a href="#${id}">`, `<li><a href="#${id}">`),
    )
    .filter((l, i) => !(i > open && i <= open + 2 && /class="placeholder-note"/.test(l)));
}

const PERSON = /(\p{Lu}[\p{Ll}\p{M}]+(?:\s(?:de\s|del\s)?\p{Lu}[\p{Ll}\p{M}]+){0,2})/u;

const addMember: Handler = (files, clause, lang, out) => {
  const speaker = wordPattern('ponentes?|speakers?|conferenciantes?|invitad[oa]s?', 'iu').test(clause);
  if (!speaker && !wordPattern('equipo|team|miembro|member', 'iu').test(clause)) return false;
  const name = quotes(clause)[0] ?? clause.replace(/^\S+/u, '').match(PERSON)?.[1];
  if (!name) return false;
  out.understood = true;
  const role = speaker
    ? clause.match(/\(([^)]+)\)/)?.[1]
    : (clause.match(/\(([^)]+)\)/)?.[1] ?? clause.match(/(?:como|as)\s+([\p{L} ]{3,40})$/iu)?.[1]);
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const ok = addToList(
    files,
    out,
    /<div class="grid team-grid">/,
    /Nombre y apellido|Full name|Ponente por anunciar|Speaker to be announced/,
    [
      '<article class="member reveal">',
      `  <span class="avatar avatar-large" aria-hidden="true">${escapeHtml(initials)}</span>`,
      `  <h3>${escapeHtml(name)}</h3>`,
      ...(role ? [`  <p class="meta">${escapeHtml(role)}</p>`] : []),
      '</article>',
    ],
    speaker ? /data-section="speakers"/ : /data-section="team"|class="[^"]*\bteam\b/,
  );
  out.messages.push(
    ok
      ? t(
          lang,
          `He añadido a ${name} ${speaker ? 'a los ponentes' : 'al equipo'}.`,
          `I added ${name} to the ${speaker ? 'speakers' : 'team'}.`,
        )
      : t(
          lang,
          `No hay sección de ${speaker ? 'ponentes' : 'equipo'}; pide primero «añade una sección de ${speaker ? 'ponentes' : 'equipo'}».`,
          `There is no ${speaker ? 'speakers' : 'team'} section; ask "add a ${speaker ? 'speakers' : 'team'} section" first.`,
        ),
  );
  return true;
};

const addReview: Handler = (files, clause, lang, out) => {
  if (!wordPattern('testimonios?|testimonials?|opini[oó]n|opiniones|rese[nñ]as?|reviews?', 'iu').test(clause)) return false;
  const text = quotes(clause)[0];
  if (!text) return false;
  out.understood = true;
  const author =
    clause.replace(text, '').match(/(?:de|from|by)\s+(\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+)?)/u)?.[1] ??
    t(lang, 'Cliente', 'Customer');
  const done = addToList(
    files,
    out,
    /^\s*<div class="grid cards">\s*$/,
    /Escribe aquí la opinión|Write a customer/,
    [
      '<figure class="quote reveal">',
      `  <blockquote>“${escapeHtml(text)}”</blockquote>`,
      `  <figcaption><span class="avatar" aria-hidden="true">${escapeHtml(author[0] ?? '?')}</span><span><strong>${escapeHtml(author)}</strong></span></figcaption>`,
      '</figure>',
    ],
    /data-section="testimonials"/,
  );
  out.messages.push(
    done
      ? t(lang, 'He añadido la opinión.', 'I added the review.')
      : t(
          lang,
          'No hay sección de opiniones; pide «añade una sección de testimonios».',
          'There is no reviews section; ask "add a testimonials section".',
        ),
  );
  return true;
};

const addFaq: Handler = (files, clause, lang, out) => {
  if (!wordPattern('preguntas?(?: frecuentes)?|faqs?|questions?', 'iu').test(clause) || !clause.includes('?')) return false;
  // Every question asked, each with the answer written after it ("¿…? y la respuesta que sí…").
  const body = clause.replace(/^.*?(?:preguntas?(?: frecuentes)?|faqs?|questions?)\s*:?\s*/iu, '');
  const asked = [...body.matchAll(/(¿?[^?¿]*\w[^?¿]*\?)\s*([^¿]*?)(?=\s*(?:¿|$|\p{Lu}[^?]*\?))/gu)].map((m) => ({
    question: (m[1] ?? '').trim(),
    answer: (m[2] ?? '').replace(/^(?:y\s+)?(?:la\s+)?(?:respuesta|answer)\s*(?:es|is|:)?\s*(?:que\s+)?/iu, '').trim(),
  }));
  if (!asked.length) return false;
  out.understood = true;
  const question = asked.map((a) => a.question).join(' ');
  const done = addToList(
    files,
    out,
    /<div class="faq-list">/,
    /$^/,
    asked.flatMap((a) => [
      '<details class="reveal">',
      `  <summary>${escapeHtml(a.question)}</summary>`,
      `  <p>${escapeHtml(a.answer || t(lang, 'Escribe aquí la respuesta.', 'Write the answer here.'))}</p>`,
      '</details>',
    ]),
  );
  out.messages.push(
    done
      ? t(lang, `He añadido ${asked.length > 1 ? 'las preguntas' : 'la pregunta'} «${question}».`, `I added "${question}".`)
      : t(
          lang,
          'No hay sección de preguntas; pide «añade una sección de preguntas frecuentes».',
          'There is no FAQ section; ask "add a FAQ section".',
        ),
  );
  return true;
};

const FONT =
  /(?:tipograf[ií]a|fuente|letra|font|typeface)(?:\s+(?:de los t[ií]tulos|de t[ií]tulos|for (?:the )?headings|of the headings))?\s*(?:a|to|por|:|en|=)?\s*["“«']?([A-Z][\w ]{1,40}?)["”»']?\s*$/u;

/** "usa la tipografía Playfair Display": the headings' font, never the heading's text. */
/** Families people name without saying "font" ("use Poppins for the headings"). */
const KNOWN_FONTS = wordPattern(
  'Poppins|Inter|Roboto|Open Sans|Lato|Montserrat|Playfair Display|Lora|Merriweather|Raleway|Nunito|Oswald|Source Sans Pro|DM Sans|Work Sans|EB Garamond|Garamond|Fira Sans|Rubik|Quicksand|Josefin Sans|Bebas Neue|Cormorant Garamond|Libre Baskerville|Space Grotesk',
  'u',
);

const changeFont: Handler = (files, clause, lang, out) => {
  const known = wordPattern('usa|use|pon|cambia|change|switch|set|quiero|want', 'iu').test(clause)
    ? clause.match(KNOWN_FONTS)?.[0]
    : undefined;
  if (!wordPattern('tipograf[ií]as?|fuentes?|font|fonts|typeface|letra', 'iu').test(clause) && !known) return false;
  out.understood = true;
  const family = clause.match(FONT)?.[1]?.trim() ?? known ?? quotes(clause)[0];
  if (!family) {
    out.messages.push(
      t(
        lang,
        'Dime el nombre de la tipografía, por ejemplo «usa la tipografía Georgia».',
        'Tell me the font name, e.g. "use the Georgia font".',
      ),
    );
    return true;
  }
  const serif =
    /serif|playfair|georgia|garamond|times|lora|merriweather|baskerville|didot|bodoni/i.test(family) && !/sans/i.test(family);
  const stack = `"${family.replace(/["\\]/g, '')}", ${serif ? 'Georgia, serif' : 'system-ui, sans-serif'}`;
  const body = wordPattern('texto|cuerpo|body|toda la web|whole site|todo', 'iu').test(clause);
  addCss(files, out, body ? `body { font-family: ${stack}; }` : `h1, h2, h3 { font-family: ${stack}; }`);
  out.messages.push(
    t(
      lang,
      `He puesto la tipografía ${family} en ${body ? 'todo el texto' : 'los títulos'} (si no está instalada se usa una parecida).`,
      `I set the ${family} font on ${body ? 'all text' : 'the headings'} (a similar one shows where it is not installed).`,
    ),
  );
  return true;
};

const looks: [RegExp, string, string, string][] = [
  [
    wordPattern('cabecera fija|men[uú] fijo|header fijo|sticky|fija la cabecera|fixed header|fixed nav(?:bar)?', 'iu'),
    '.nav, header.site-header, body > header:first-of-type { position: sticky; top: 0; z-index: 20; }',
    'He dejado la cabecera fija arriba al desplazarse.',
    'The header now stays at the top while scrolling.',
  ],
  [
    wordPattern('modo oscuro|tema oscuro|fondo oscuro|dark mode|dark theme|oscuro|dark', 'iu'),
    ':root { --color-bg: #0b1020; --color-surface: #131a2e; --color-text: #e5e7eb; --color-muted: #a3acbd; --color-border: #263049; --color-primary-ink: color-mix(in srgb, var(--color-primary) 45%, #ffffff); --color-accent-ink: color-mix(in srgb, var(--color-accent) 45%, #ffffff); }\nbody { background: var(--color-bg); color: var(--color-text); }',
    'He puesto el modo oscuro.',
    'I switched the site to dark mode.',
  ],
  [
    wordPattern(
      '(?:hero|portada|cabecera|imagen principal|imagen de la portada|hero image|banner)[^.]*(?:m[aá]s grande|mayor|bigger|larger|taller|alto)|(?:m[aá]s grande|bigger|larger)[^.]*(?:hero|portada|imagen|image|banner)',
      'iu',
    ),
    '.hero { min-height: 92vh; display: grid; align-items: center; }\n.hero-art, .hero img { min-height: 460px; }',
    'He hecho la portada más grande.',
    'I made the hero bigger.',
  ],
];

const changeLook: Handler = (files, clause, lang, out) => {
  for (const [pattern, rule, es, en] of looks) {
    if (!pattern.test(clause)) continue;
    if (findColours(clause).length && !/modo|mode|tema|theme/i.test(clause)) return false;
    out.understood = true;
    addCss(files, out, rule);
    out.messages.push(t(lang, es, en));
    return true;
  }
  return false;
};

export const moreHandlers: Handler[] = [
  changeFont,
  changeFact,
  changePrice,
  addWhatsApp,
  addSocial,
  addMember,
  addReview,
  addFaq,
  changeLook,
];
