import type { AiSiteImage } from '../types';
import {
  detectLanguage,
  findColours,
  findSections,
  isLight,
  type Language,
  type SectionId,
  type SiteBrief,
  type SiteKind,
  sectionIds,
  sectionPatterns,
  siteKinds,
  wordPattern,
} from './analyse';
import { readableOn, textOn } from './colour';
import { labels } from './content';
import { changeDesign } from './followup-design';
import { guardFollowUp, restates } from './followup-guard';
import { itemHandlers } from './followup-items';
import { capital, clausesOf, type Files, type FollowUpResult, markNotDone, newValue, quotes, t } from './followup-kit';
import { moreHandlers } from './followup-more';
import { heroPhotoHandler, noImageRefusal, photoSlotAsked } from './followup-photo';
import { refusalFor } from './followup-refusal';
import { editSelected, type Selected } from './followup-selected';
import { asksForTranslation, translateSite } from './followup-translate';
import { plainWording } from './followup-wording';
import { escapeHtml, navLine, renderContext, renderSection } from './sections';

export { clausesOf, type FollowUpResult } from './followup-kit';

/**
 * Answers a follow-up on existing files without a model: change a colour, the title, the subtitle,
 * the name or a quoted text; add or remove a section. The result is the new content of each
 * changed file; the provider turns it into SEARCH/REPLACE blocks. What it cannot understand it
 * says plainly, changing nothing.
 */

const COLOUR_WORDS = wordPattern(
  'colou?r(?:es|s)?|tonos?|fondo|background|paleta|palette|hazl[oa]|ponl[oa]|pon[eé]l[oa]|hac[eé]l[oa]|p[ií]ntal[oa]|make it|paint|principal|primary|secundari[oa]|secondary|acento|accent|botones|buttons',
  'iu',
);
const BACKGROUND_WORDS = wordPattern('fondo|background', 'iu');
const ACCENT_WORDS = wordPattern('secundari[oa]|secondary|acento|accent', 'iu');
const TITLE_WORDS = wordPattern('t[ií]tulos?|titulares?|title|headline|heading|encabezado principal', 'iu');
const PAGE_TITLE_WORDS = wordPattern('pesta[nñ]a|tab|t[ií]tulo de la p[aá]gina|page title|<title>', 'iu');
const SUBTITLE_WORDS = wordPattern('subt[ií]tulo|subtitle|subheading|eslogan|slogan|tagline|descripci[oó]n principal', 'iu');
const NAME_WORDS = wordPattern('nombre|name|marca|brand|renombra|rename', 'iu');
const REMOVE_WORDS = wordPattern(
  'quita|quitar|qu[ií]tal[ao]|elimina|eliminar|elim[ií]nal[ao]|borra|borrar|b[oó]rral[ao]|suprime|remove|delete|drop|get rid of|sin',
  'iu',
);
const ADD_WORDS = wordPattern(
  'a[nñ]ade|a[nñ]adir|a[nñ][aá]dele|agrega|agregar|incluye|incluir|pon|poner|mete|crea|crear|inserta|add|include|insert|create|put',
  'iu',
);
const CHANGE_WORDS = wordPattern(
  'cambia|cambiar|c[aá]mbial[oa]|reemplaza|reemplazar|sustituye|sustituir|modifica|pon|change|replace|swap|set|make|update|edit|rename|renombra|usa|use',
  'iu',
);
const NEW_SITE_WORDS = wordPattern(
  'crea|cr[eé]ame|haz|hazme|genera|dise[nñ]a|quiero|necesito|create|make|build|generate|design|want|need',
  'iu',
);
const SITE_WORDS = wordPattern('web|sitio|p[aá]gina|landing|website|site|page|portfolio|portafolio|tienda|shop|blog', 'iu');

// ---------------------------------------------------------------------------------------------
// Reading a site back

interface SiteFacts {
  language: Language;
  kind: SiteKind;
  name: string;
  composed: boolean;
}

function factsOf(html: string): SiteFacts {
  const lang = html.match(/<html[^>]*\slang="([a-z]{2})/i)?.[1]?.toLowerCase();
  const kind = html.match(/<body[^>]*\sdata-kind="([a-z]+)"/i)?.[1] as SiteKind | undefined;
  const name = html.match(/<title>([^<]*)<\/title>/i)?.[1]?.trim() ?? '';
  return {
    language: lang === 'en' ? 'en' : 'es',
    kind: kind && (siteKinds as readonly string[]).includes(kind) ? kind : 'business',
    name: decodeEntities(name),
    composed: /data-section="/.test(html),
  };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function presentSections(html: string): SectionId[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/data-section="([a-z]+)"/g)) found.add(m[1] ?? '');
  for (const m of html.matchAll(/<(?:section|header|footer|div)[^>]*\sid="([a-z-]+)"/gi)) found.add((m[1] ?? '').toLowerCase());
  if (/<footer[\s>]/i.test(html)) found.add('footer');
  return sectionIds.filter((id) => found.has(id));
}

/** Line range [start, end] (inclusive) of the element opened on line `start`, by tag depth. */
function elementRange(lines: string[], start: number): [number, number] | null {
  const tag = lines[start]?.match(/<([a-z][a-z0-9]*)/i)?.[1]?.toLowerCase();
  if (!tag) return null;
  const open = new RegExp(`<${tag}(?=[\\s>])`, 'gi');
  const close = new RegExp(`</${tag}\\s*>`, 'gi');
  let depth = 0;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? '';
    depth += (line.match(open) ?? []).length;
    depth -= (line.match(close) ?? []).length;
    if (depth <= 0) return [start, i];
  }
  return null;
}

const sectionSynonyms: Partial<Record<SectionId, string>> = {
  about: 'about|sobre|nosotros|about-us',
  services: 'services|servicios|features|caracteristicas',
  gallery: 'gallery|galeria|portfolio|projects|proyectos',
  pricing: 'pricing|precios|plans|planes',
  testimonials: 'testimonials|testimonios|reviews|opiniones',
  team: 'team|equipo',
  faq: 'faq|preguntas',
  contact: 'contact|contacto',
  menu: 'menu|carta',
  products: 'products|productos',
  posts: 'posts|blog|articulos|articles',
  schedule: 'schedule|programa|agenda',
  hero: 'hero|inicio|home|portada',
};

/** The first line that opens the given section (composer marker, then id or class names). */
function sectionStart(lines: string[], id: SectionId): number {
  const marker = lines.findIndex((l) => l.includes(`data-section="${id}"`));
  if (marker >= 0) return marker;
  if (id === 'footer') return lines.findIndex((l) => /<footer[\s>]/i.test(l));
  const names = sectionSynonyms[id] ?? id;
  const pattern = new RegExp(`<(?:section|header|div|article)[^>]*\\s(?:id|class)="(?:[^"]*\\s)?(?:${names})(?:[\\s"-])`, 'i');
  return lines.findIndex((l) => pattern.test(l));
}

// ---------------------------------------------------------------------------------------------
// The edits

function changeColour(files: Files, clause: string, lang: Language, out: FollowUpResult): boolean {
  // "verde oscuro en vez de azul": the colour being replaced is not the new one.
  const colours = findColours(
    clause.replace(
      /(?:(?:en vez|en lugar)\s+(?:del?|de la)|instead of|rather than|que no sea)\s+(?:(?:el|la|the)\s+)?\p{L}+(?:\s+(?:oscuro|claro|dark|light))?/giu,
      ' ',
    ),
  );
  if (colours.length === 0 || !COLOUR_WORDS.test(clause)) return false;
  const hex = colours.at(-1) as string;
  const css = files.get('style.css');
  const variable = BACKGROUND_WORDS.test(clause)
    ? '--color-bg'
    : ACCENT_WORDS.test(clause)
      ? '--color-accent'
      : '--color-primary';
  const what =
    variable === '--color-bg'
      ? t(lang, 'el color de fondo', 'the background colour')
      : variable === '--color-accent'
        ? t(lang, 'el color secundario', 'the accent colour')
        : t(lang, 'el color principal', 'the main colour');
  out.understood = true;
  if (css && new RegExp(`^\\s*${variable}:`, 'm').test(css)) {
    let next = css.replace(new RegExp(`^(\\s*${variable}:\\s*)[^;]+;`, 'm'), `$1${hex};`);
    if (variable === '--color-primary') {
      // Text on the new colour, and the colour as text on the page, both at AA (a mid green with
      // white text was 3.3:1): the palette moves together, as the stylesheet first wrote it.
      const bg = /^\s*--color-bg:\s*(#[0-9a-f]{6})\s*;/im.exec(next)?.[1] ?? '#ffffff';
      next = next
        .replace(/^(\s*--on-primary:\s*)[^;]+;/m, `$1${textOn(hex)};`)
        .replace(/^(\s*--color-primary-ink:\s*)[^;]+;/m, `$1${readableOn(hex, bg, 5.6)};`);
    }
    if (variable === '--color-bg' && /^\s*--color-text:/m.test(next)) {
      next = next
        .replace(/^(\s*--color-text:\s*)[^;]+;/m, `$1${isLight(hex) ? '#0f172a' : '#e5e7eb'};`)
        .replace(
          /^(\s*--color-surface:\s*)[^;]+;/m,
          `$1color-mix(in srgb, ${hex} 92%, ${isLight(hex) ? '#0f172a' : '#ffffff'});`,
        );
    }
    if (next === css) {
      out.messages.push(t(lang, `${capital(what)} ya es ${hex}.`, `${capital(what)} is already ${hex}.`));
      return true;
    }
    files.set('style.css', next);
    out.changes.set('style.css', next);
    out.messages.push(t(lang, `He cambiado ${what} a ${hex}.`, `I changed ${what} to ${hex}.`));
    return true;
  }
  // A stylesheet without the composer's tokens: swap its most used non-grey colour everywhere.
  const source = css ?? '';
  const counts = new Map<string, number>();
  for (const m of source.matchAll(/#[0-9a-f]{6}\b/gi)) {
    const c = (m[0] ?? '').toLowerCase();
    if (isGrey(c)) continue;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const main = [...counts.entries()].sort((x, y) => y[1] - x[1])[0]?.[0];
  if (!css || !main) {
    out.messages.push(
      t(
        lang,
        'No encontré en style.css un color principal que cambiar.',
        'I could not find a main colour to change in style.css.',
      ),
    );
    return true;
  }
  const next = source.replace(new RegExp(main, 'gi'), hex);
  files.set('style.css', next);
  out.changes.set('style.css', next);
  out.messages.push(t(lang, `He cambiado el color ${main} por ${hex}.`, `I replaced the colour ${main} with ${hex}.`));
  return true;
}

function isGrey(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return Math.max(r, g, b) - Math.min(r, g, b) < 24;
}

function replaceElementText(
  files: Files,
  find: RegExp,
  value: string,
  what: string,
  lang: Language,
  out: FollowUpResult,
): boolean {
  const html = files.get('index.html');
  if (!html) return false;
  const match = html.match(find);
  if (!match || match.index === undefined) {
    out.messages.push(t(lang, `No encontré ${what} en index.html.`, `I could not find ${what} in index.html.`));
    return true;
  }
  const [whole, open = '', , close = ''] = match;
  const next = html.slice(0, match.index) + open + escapeHtml(value) + close + html.slice(match.index + whole.length);
  if (next === html) {
    out.messages.push(t(lang, `${capital(what)} ya dice «${value}».`, `${capital(what)} already says "${value}".`));
    return true;
  }
  files.set('index.html', next);
  out.changes.set('index.html', next);
  out.messages.push(t(lang, `He cambiado ${what} a «${value}».`, `I changed ${what} to "${value}".`));
  return true;
}

function changeTitle(files: Files, clause: string, lang: Language, out: FollowUpResult): boolean {
  const subtitle = SUBTITLE_WORDS.test(clause);
  if (!subtitle && !TITLE_WORDS.test(clause)) return false;
  const value = newValue(clause);
  if (!value) return false;
  out.understood = true;
  if (subtitle) {
    const find = /(<p class="hero-text">)([\s\S]*?)(<\/p>)/i.test(files.get('index.html') ?? '')
      ? /(<p class="hero-text">)([\s\S]*?)(<\/p>)/i
      : /(<\/h1>\s*<p[^>]*>)([\s\S]*?)(<\/p>)/i;
    return replaceElementText(files, find, value, t(lang, 'el subtítulo', 'the subtitle'), lang, out);
  }
  if (PAGE_TITLE_WORDS.test(clause)) {
    return replaceElementText(
      files,
      /(<title>)([\s\S]*?)(<\/title>)/i,
      value,
      t(lang, 'el título de la pestaña', 'the page title'),
      lang,
      out,
    );
  }
  return replaceElementText(files, /(<h1[^>]*>)([\s\S]*?)(<\/h1>)/i, value, t(lang, 'el título', 'the title'), lang, out);
}

function changeName(files: Files, clause: string, lang: Language, out: FollowUpResult): boolean {
  if (!NAME_WORDS.test(clause)) return false;
  const value = newValue(clause);
  const html = files.get('index.html');
  if (!value || !html) return false;
  out.understood = true;
  const old = factsOf(html).name;
  if (!old) {
    out.messages.push(t(lang, 'No encontré el nombre actual del sitio.', 'I could not find the current site name.'));
    return true;
  }
  const next = html.split(escapeHtml(old)).join(escapeHtml(value));
  if (next === html) return true;
  files.set('index.html', next);
  out.changes.set('index.html', next);
  out.messages.push(t(lang, `He cambiado el nombre «${old}» por «${value}».`, `I renamed "${old}" to "${value}".`));
  return true;
}

function replaceText(files: Files, clause: string, lang: Language, out: FollowUpResult): boolean {
  const q = quotes(clause);
  if (q.length < 2 || !CHANGE_WORDS.test(clause)) return false;
  const [from = '', to = ''] = q;
  out.understood = true;
  let done = false;
  for (const [path, content] of files) {
    if (!/\.html?$/i.test(path)) continue;
    const needle = content.includes(from) ? from : escapeHtml(from);
    if (!content.includes(needle)) continue;
    const next = content.split(needle).join(needle === from ? to : escapeHtml(to));
    files.set(path, next);
    out.changes.set(path, next);
    done = true;
  }
  out.messages.push(
    done
      ? t(lang, `He cambiado «${from}» por «${to}».`, `I replaced "${from}" with "${to}".`)
      : t(
          lang,
          `No encontré el texto «${from}» en el sitio; no he cambiado nada.`,
          `I could not find the text "${from}"; nothing changed.`,
        ),
  );
  return true;
}

function sectionName(id: SectionId, lang: Language): string {
  const names: Partial<Record<SectionId, [string, string]>> = {
    hero: ['portada', 'hero'],
    about: ['sobre nosotros', 'about'],
    faq: ['preguntas frecuentes', 'FAQ'],
    testimonials: ['testimonios', 'testimonials'],
    footer: ['pie de página', 'footer'],
  };
  const own = names[id];
  if (own) return t(lang, own[0], own[1]);
  const ctx = renderContext({
    kind: 'business',
    name: '',
    language: lang,
    palette: { primary: '#000000', accent: '#000000', dark: false },
    sections: [],
  });
  return (ctx.labels.nav[id] ?? id).toLowerCase();
}

function removeSections(files: Files, clause: string, lang: Language, out: FollowUpResult): boolean {
  if (!REMOVE_WORDS.test(clause)) return false;
  const wanted = findSections(clause);
  const html = files.get('index.html');
  if (wanted.length === 0 || !html) return false;
  out.understood = true;
  let lines = html.split('\n');
  for (const id of wanted) {
    const start = sectionStart(lines, id);
    const range = start >= 0 ? elementRange(lines, start) : null;
    if (!range) {
      out.messages.push(
        t(
          lang,
          `No hay una sección de ${sectionName(id, lang)} que quitar.`,
          `There is no ${sectionName(id, lang)} section to remove.`,
        ),
      );
      continue;
    }
    lines = [...lines.slice(0, range[0]), ...lines.slice(range[1] + 1)];
    // Its nav link and any button that only led to it (a dead link otherwise).
    lines = lines.filter(
      (l) =>
        !new RegExp(`^\\s*<li(?: data-placeholder="editor")?><a href="#${id}">[^<]*</a></li>\\s*$`).test(l) &&
        !new RegExp(`^\\s*<a [^>]*href="#${id}"[^>]*>[^<]*</a>\\s*$`).test(l),
    );
    out.messages.push(
      t(lang, `He quitado la sección de ${sectionName(id, lang)}.`, `I removed the ${sectionName(id, lang)} section.`),
    );
  }
  const next = lines.join('\n');
  if (next !== html) {
    files.set('index.html', next);
    out.changes.set('index.html', next);
  }
  return true;
}

const FOREIGN_CSS_MARKER = '/* DIV: sections added by the local composer */';
const foreignCss = `
${FOREIGN_CSS_MARKER}
[data-section] { --color-primary: #4f46e5; --color-accent: #06b6d4; --color-border: #e3e8f0; --color-muted: #52607a; padding: 4rem 1.25rem; }
[data-section] .container { max-width: 1120px; margin: 0 auto; }
[data-section] .grid, [data-section] .menu-list, [data-section] .gallery-grid { display: grid; gap: 1.5rem; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); list-style: none; padding: 0; }
[data-section] .card, [data-section] .plan, [data-section] .quote, [data-section] .member, [data-section] .product, [data-section] .contact-form { padding: 1.5rem; border: 1px solid var(--color-border); border-radius: 16px; margin: 0; }
[data-section] .tile { min-height: 180px; border-radius: 16px; margin: 0; padding: 1rem; display: flex; align-items: flex-end; color: #fff; background: linear-gradient(135deg, var(--color-primary), var(--color-accent)); }
[data-section] .btn { display: inline-block; padding: 0.7rem 1.3rem; border-radius: 999px; background: var(--color-primary); color: #fff; text-decoration: none; border: 0; }
[data-section] .icon { width: 1.4rem; height: 1.4rem; fill: none; stroke: currentColor; stroke-width: 2; }
[data-section] .price, [data-section] .time, [data-section] .stats strong { color: var(--color-primary); font-weight: 800; }
[data-section] .meta, [data-section] p { color: var(--color-muted); }
[data-section] .contact-form { display: grid; gap: 1rem; }
[data-section] .contact-form label { display: grid; gap: 0.3rem; }
`;

function addSections(files: Files, clause: string, lang: Language, out: FollowUpResult): boolean {
  if (!ADD_WORDS.test(clause)) return false;
  const wanted = findSections(clause);
  const html = files.get('index.html');
  if (wanted.length === 0 || !html) return false;
  out.understood = true;
  const facts = factsOf(html);
  let lines = html.split('\n');
  for (const id of wanted) {
    const present = presentSections(lines.join('\n'));
    if (present.includes(id)) {
      out.messages.push(
        t(lang, `La sección de ${sectionName(id, lang)} ya existe.`, `The ${sectionName(id, lang)} section is already there.`),
      );
      continue;
    }
    const brief: SiteBrief = {
      kind: facts.kind,
      name: facts.name,
      language: facts.language,
      palette: { primary: '#000000', accent: '#000000', dark: false },
      sections: sectionIds.filter((s) => s === id || present.includes(s)),
    };
    const ctx = renderContext(brief);
    const block = renderSection(id, ctx);
    const order = sectionIds.indexOf(id);
    // Before the first present section that comes later in page order, else at the end of <main>.
    const later = sectionIds.slice(order + 1).filter((s) => s !== 'footer' || id === 'footer');
    let at = -1;
    for (const s of later) {
      const start = sectionStart(lines, s);
      if (start >= 0 && (at < 0 || start < at)) at = start;
    }
    if (at < 0) {
      at = lines.findIndex((l) => /<\/main>/i.test(l));
      if (id === 'footer' || at < 0) at = lines.findIndex((l) => /<script[\s>]/i.test(l) || /<\/body>/i.test(l));
    }
    if (at < 0) at = lines.length;
    lines = [...lines.slice(0, at), ...block, ...lines.slice(at)];
    // Its link in the navigation, in page order.
    const nav = navLine(id, ctx);
    const navStart = lines.findIndex((l) => l.includes('class="nav-links"'));
    const navEnd = navStart >= 0 ? lines.findIndex((l, i) => i > navStart && /^\s*<\/ul>/.test(l)) : -1;
    if (nav && facts.composed && navEnd >= 0) {
      let navAt = navEnd;
      for (let i = navStart + 1; i < navEnd; i++) {
        const target = lines[i]?.match(/^\s*<li(?: data-placeholder="editor")?><a href="#([a-z]+)">/)?.[1] as
          | SectionId
          | undefined;
        if (target && sectionIds.indexOf(target) > order) {
          navAt = i;
          break;
        }
      }
      lines = [...lines.slice(0, navAt), nav, ...lines.slice(navAt)];
    }
    out.messages.push(
      t(lang, `He añadido una sección de ${sectionName(id, lang)}.`, `I added a ${sectionName(id, lang)} section.`),
    );
  }
  const next = lines.join('\n');
  if (next !== html) {
    files.set('index.html', next);
    out.changes.set('index.html', next);
    const css = files.get('style.css');
    if (!facts.composed && !(css ?? '').includes(FOREIGN_CSS_MARKER)) {
      const withCss = `${css ?? ''}${css && !css.endsWith('\n') ? '\n' : ''}${foreignCss}`;
      files.set('style.css', withCss);
      out.changes.set('style.css', withCss);
    }
  }
  return true;
}

const MOVE_WORDS = wordPattern(
  'pon|ponla|ponlo|mueve|mover|mu[eé]vel[ao]|sube|baja|reordena|coloca|move|put|place|reorder',
  'iu',
);
const BEFORE = wordPattern('antes de|delante de|encima de|before|above', 'iu');
const AFTER = wordPattern('despu[eé]s de|detr[aá]s de|debajo de|after|below', 'iu');
const TOP = wordPattern('al principio|arriba del todo|arriba|primero|primera|to the top|first|at the top', 'iu');
const END = wordPattern('al final|abajo del todo|[uú]ltim[oa]|to the end|to the bottom|last|at the end', 'iu');

/** "mueve la galería antes de la carta", "pon las opiniones al final": the block and its nav link. */
function moveSection(files: Files, clause: string, lang: Language, out: FollowUpResult): boolean {
  if (!MOVE_WORDS.test(clause)) return false;
  const html = files.get('index.html');
  if (!html) return false;
  const order =
    clause.search(BEFORE) >= 0
      ? 'before'
      : clause.search(AFTER) >= 0
        ? 'after'
        : TOP.test(clause)
          ? 'top'
          : END.test(clause)
            ? 'end'
            : null;
  // The sections in the order the clause names them.
  const named = sectionPatterns
    .map(({ id, pattern }) => {
      pattern.lastIndex = 0;
      const m = pattern.exec(clause);
      return m ? { id, at: m.index } : null;
    })
    .filter((x): x is { id: SectionId; at: number } => x !== null && x.id !== 'footer' && x.id !== 'hero')
    .sort((a, b) => a.at - b.at)
    .map((x) => x.id);
  const moved = named[0];
  const anchor = named[1];
  if (!order || !moved || ((order === 'before' || order === 'after') && !anchor)) return false;
  out.understood = true;
  let lines = html.split('\n');
  const start = sectionStart(lines, moved);
  const range = start >= 0 ? elementRange(lines, start) : null;
  if (!range) {
    out.messages.push(
      t(
        lang,
        `No hay una sección de ${sectionName(moved, lang)} que mover.`,
        `There is no ${sectionName(moved, lang)} section to move.`,
      ),
    );
    return true;
  }
  const block = lines.slice(range[0], range[1] + 1);
  lines = [...lines.slice(0, range[0]), ...lines.slice(range[1] + 1)];
  let at: number;
  if (order === 'top' || order === 'end') {
    const mainStart = lines.findIndex((l) => /<main[\s>]/i.test(l));
    const heroStart = sectionStart(lines, 'hero');
    const heroEnd = heroStart > mainStart ? (elementRange(lines, heroStart)?.[1] ?? mainStart) : mainStart;
    at = order === 'top' ? heroEnd + 1 : lines.findIndex((l) => /<\/main>/i.test(l));
  } else {
    const anchorStart = sectionStart(lines, anchor as SectionId);
    const anchorRange = anchorStart >= 0 ? elementRange(lines, anchorStart) : null;
    if (!anchorRange) {
      out.messages.push(
        t(
          lang,
          `No hay una sección de ${sectionName(anchor as SectionId, lang)} junto a la que ponerla.`,
          `There is no ${sectionName(anchor as SectionId, lang)} section to put it next to.`,
        ),
      );
      return true;
    }
    at = order === 'before' ? anchorRange[0] : anchorRange[1] + 1;
  }
  if (at < 0) return true;
  lines = [...lines.slice(0, at), ...block, ...lines.slice(at)];
  // The navigation follows the page order.
  const navStart = lines.findIndex((l) => l.includes('class="nav-links"'));
  const navEnd = navStart >= 0 ? lines.findIndex((l, i) => i > navStart && /^\s*<\/ul>/.test(l)) : -1;
  if (navStart >= 0 && navEnd > navStart) {
    const links = lines.slice(navStart + 1, navEnd);
    const position = (l: string) => {
      const id = l.match(/href="#([a-z]+)"/)?.[1];
      const index = id ? lines.findIndex((x, i) => i > navEnd && x.includes(`data-section="${id}"`)) : -1;
      return index < 0 ? Number.MAX_SAFE_INTEGER : index;
    };
    const sorted = [...links].sort((a, b) => position(a) - position(b));
    lines = [...lines.slice(0, navStart + 1), ...sorted, ...lines.slice(navEnd)];
  }
  const next = lines.join('\n');
  if (next !== html) {
    files.set('index.html', next);
    out.changes.set('index.html', next);
  }
  out.messages.push(
    t(lang, `He movido la sección de ${sectionName(moved, lang)}.`, `I moved the ${sectionName(moved, lang)} section.`),
  );
  return true;
}

const PAGE_WORDS = wordPattern('p[aá]gina|page', 'iu');

/** "añade una página de contacto": a second HTML file with the site's head, nav and footer. */
function addPage(files: Files, clause: string, lang: Language, out: FollowUpResult): boolean {
  if (!ADD_WORDS.test(clause) || !PAGE_WORDS.test(clause) || /secci[oó]n|section/i.test(clause)) return false;
  const id = findSections(clause).find((s) => s !== 'hero' && s !== 'footer');
  const html = files.get('index.html');
  if (!id || !html) return false;
  out.understood = true;
  const names: Partial<Record<SectionId, [string, string]>> = {
    contact: ['contacto', 'contact'],
    about: ['sobre-nosotros', 'about'],
    faq: ['preguntas', 'faq'],
  };
  const file = `${(names[id] ?? [id, id])[lang === 'es' ? 0 : 1]}.html`;
  if (files.has(file)) {
    out.messages.push(t(lang, `La página ${file} ya existe.`, `The page ${file} already exists.`));
    return true;
  }
  const lines = html.split('\n');
  const mainStart = lines.findIndex((l) => /<main[\s>]/i.test(l));
  const mainEnd = lines.findIndex((l) => /<\/main>/i.test(l));
  if (mainStart < 0 || mainEnd < mainStart) {
    out.messages.push(
      t(
        lang,
        'No encontré el contenido principal (<main>) que usar de plantilla.',
        'I could not find the main content (<main>) to use as a template.',
      ),
    );
    return true;
  }
  const start = sectionStart(lines, id);
  const range = start >= 0 ? elementRange(lines, start) : null;
  const facts = factsOf(html);
  const block = range
    ? lines.slice(range[0], range[1] + 1)
    : renderSection(
        id,
        renderContext({
          kind: facts.kind,
          name: facts.name,
          language: facts.language,
          palette: { primary: '#000000', accent: '#000000', dark: false },
          sections: [id],
        }),
      );
  const page = [...lines.slice(0, mainStart + 1), ...block, ...lines.slice(mainEnd)]
    .join('\n')
    .replace(/href="#(?!top")([a-z]+)"/g, 'href="index.html#$1"')
    .replace(
      /<title>([^<]*)<\/title>/,
      `<title>${escapeHtml(sectionName(id, lang).replace(/^./, (c) => c.toUpperCase()))} · $1</title>`,
    );
  files.set(file, page);
  out.changes.set(file, page);
  // A link to it in the home page's navigation.
  const navEnd = lines.findIndex((l, i) => i > lines.findIndex((x) => x.includes('class="nav-links"')) && /^\s*<\/ul>/.test(l));
  if (navEnd > 0) {
    const label = (labels[lang].nav[id] ?? id).replace(/^./, (c) => c.toUpperCase());
    const next = [
      ...lines.slice(0, navEnd),
      `        <li><a href="${file}">${escapeHtml(label)}</a></li>`,
      ...lines.slice(navEnd),
    ].join('\n');
    files.set('index.html', next);
    out.changes.set('index.html', next);
  }
  out.messages.push(
    t(lang, `He creado la página ${file} y la he enlazado en el menú.`, `I created the page ${file} and linked it in the menu.`),
  );
  return true;
}

/** Whether the prompt asks for a new site rather than a change. */
export function asksForNewSite(prompt: string): boolean {
  if (asksForTranslation(prompt)) return false;
  return NEW_SITE_WORDS.test(prompt) && SITE_WORDS.test(prompt) && !CHANGE_WORDS.test(prompt.split(/\s+/).slice(0, 2).join(' '));
}

export function planFollowUp(
  asked: string,
  current: { path: string; content: string }[],
  selected?: Selected,
  images: readonly AiSiteImage[] = [],
): FollowUpResult {
  const lang = detectLanguage(asked);
  // "usa mi foto en la portada" with nothing uploaded: refused, nothing charged (issue 38).
  if (!images.length && photoSlotAsked(asked))
    return { messages: [noImageRefusal(asked, lang)], changes: new Map(), understood: false, refused: true, notDone: [] };
  // What needs an outside service, an attachment or an earlier message is refused with its reason
  // (an uploaded photo asked for the hero is not an attachment: the space has it).
  const reason = images.length && photoSlotAsked(asked, images) ? null : refusalFor(asked, lang);
  if (reason) return { messages: [reason], changes: new Map(), understood: false, refused: true, notDone: [] };
  const prompt = plainWording(asked);
  const files: Files = new Map(current.map((f) => [f.path, f.content]));
  const before: Files = new Map(files);
  const out: FollowUpResult = { messages: [], changes: new Map(), understood: false, notDone: [] };
  // With an element selected, the change is for that element only.
  if (selected && editSelected(files, prompt, lang, selected, out)) return out;
  const handlers = [
    heroPhotoHandler(images),
    translateSite,
    moveSection,
    addPage,
    ...moreHandlers.slice(0, 4),
    changeDesign,
    replaceText,
    changeTitle,
    changeName,
    removeSections,
    ...moreHandlers.slice(4),
    ...itemHandlers,
    addSections,
    changeColour,
  ];
  // "añade precios y otra de preguntas": a clause without its own verb continues the previous one.
  let previous: (typeof handlers)[number] | null = null;
  const skipped: string[] = [];
  // Questions keep their answers: "¿…? y la respuesta que sí" is one request.
  const faq = /\?/.test(prompt) && /pregunta|faq|question/i.test(prompt);
  for (const clause of faq ? [prompt] : clausesOf(prompt)) {
    const handled = handlers.find((handle) => handle(files, clause, lang, out)) ?? null;
    if (handled) previous = handled;
    else if (previous === addSections) addSections(files, `add ${clause}`, lang, out);
    else if (previous === removeSections) removeSections(files, `remove ${clause}`, lang, out);
    // A clause that asks for something (a few words, not a heading like "Current files:").
    else if (/\p{L}{2,}\s+\p{L}/u.test(clause) && !/:\s*$/.test(clause) && !(previous && restates(clause)))
      skipped.push(clause.trim());
  }
  // A request done in part says which part was not done.
  if (out.changes.size > 0) markNotDone(out, skipped, lang);
  // A change not exactly as asked becomes a refusal with its reason (ADR 0268).
  if (out.changes.size > 0) return guardFollowUp(asked, before, out, lang);
  if (!out.understood) {
    out.messages.push(
      t(
        lang,
        `He entendido que quieres «${asked.trim().slice(0, 120)}», pero sin un modelo de IA no sé hacer ese cambio, así que no he tocado nada. Puedo, por ejemplo: «cambia el teléfono a 600 123 456», «añade una sección de preguntas frecuentes» o «cambia el color principal a verde».`,
        `I understood you want "${asked.trim().slice(0, 120)}", but without an AI model I cannot make that change, so nothing changed. I can, for example: "change the phone to +44 7700 900123", "add a FAQ section" or "change the main colour to green".`,
      ),
    );
  }
  return out;
}
