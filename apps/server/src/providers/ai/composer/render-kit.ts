import { type BriefFacts, emptyFacts, type SectionId, type SiteBrief } from './analyse';
import { kindById } from './brief/detect';
import type { KindDef } from './brief/kind-types';
import { type Labels, labels } from './content';
import { itemIcon, kindIcon, kindIconNames, svgIcon, wordIconNames } from './icons';

/** What every section renderer reads: the brief, its kind, its facts and the page's words. */
export interface RenderContext {
  brief: SiteBrief;
  kind: KindDef;
  facts: BriefFacts;
  labels: Labels;
  /** 0 for Spanish, 1 for English: the index into the kind's [es, en] pairs. */
  li: 0 | 1;
}

export function renderContext(brief: SiteBrief): RenderContext {
  return {
    brief,
    kind: neutralWords(ownNoun(kindById(brief.kindId ?? brief.kind), brief.noun), brief.borrowed),
    facts: brief.facts ?? emptyFacts(),
    labels: labels[brief.language],
    li: brief.language === 'es' ? 0 : 1,
  };
}

/**
 * A kind reached through a neighbouring word keeps its layout but says nothing of its own trade: its
 * sample items, offer title and tagline become the neutral kind's (ADR 0269).
 */
function neutralWords(kind: KindDef, borrowed?: boolean): KindDef {
  if (!borrowed) return kind;
  const neutral = kindById('business');
  return { ...kind, items: neutral.items, offer: neutral.offer, tagline: neutral.tagline };
}

/** The neutral kind says the brief's own business noun ("Alquiler de kayaks en Arriondas"). */
const ownNoun = (kind: KindDef, noun?: string): KindDef => (noun ? { ...kind, noun: [noun, noun] } : kind);

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Interface icons (contact lines, buttons). */
export const ICON = {
  mail: 'mail',
  pin: 'map-pin',
  clock: 'clock',
  phone: 'phone',
  check: 'check',
  star: 'star',
  chat: 'message-circle',
  link: 'link',
} as const;

/** An interface icon by name, or the i-th neutral one. */
export function icon(which: string | number): string {
  return typeof which === 'number' ? kindIcon('', which) : svgIcon(which);
}

/**
 * The i-th icon of the site's kind (a croissant for a bakery, a stethoscope for a clinic); a kind
 * with no icons of its own (the neutral one) takes those of its business noun ("Herbolario": a
 * leaf). With an item's words, the icon they name when they name one, unless `used` (the
 * list's icons so far) has it.
 */
export function artIcon(ctx: RenderContext, index: number, words?: string, used?: Set<string>): string {
  const own = kindIconNames(ctx.kind.id);
  const noun = wordIconNames(ctx.kind.noun[ctx.li]);
  const names = noun && (own.includes('briefcase') || own.includes('star')) ? noun : own;
  if (words) return itemIcon(names, words, index, used);
  return svgIcon(names[index % names.length] ?? 'star');
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** Indents a block of lines. */
export function at(indent: number, lines: string[]): string[] {
  const pad = ' '.repeat(indent);
  return lines.map((l) => (l === '' ? l : pad + l));
}

export function title(ctx: RenderContext, id: SectionId): string {
  if (id === 'about' && ctx.brief.kind === 'personal') return ctx.li === 0 ? 'Sobre mí' : 'About me';
  if (
    id === 'services' ||
    (id === 'products' && ctx.kind.family !== 'shop') ||
    (id === 'menu' && ctx.kind.family === 'restaurant')
  ) {
    if (id === 'services' || ctx.kind.sections.includes(id)) return ctx.kind.offer[ctx.li];
  }
  return ctx.labels.titles[id] ?? id;
}

export function heading(ctx: RenderContext, id: SectionId, lead?: string): string[] {
  return [
    '<div class="section-head reveal">',
    `  <h2>${escapeHtml(title(ctx, id))}</h2>`,
    ...(lead ? [`  <p>${escapeHtml(lead)}</p>`] : []),
    '</div>',
  ];
}

/**
 * A section's lines. With a `placeholder` note it is an editor-only placeholder (ADR 0252): shown in
 * the editor, dashed and labelled with the note, and cut out of the published page.
 */
export function section(id: SectionId, extraClass: string, body: string[], placeholder?: string): string[] {
  return [
    `<section class="section ${extraClass}" id="${id}" data-section="${id}"${placeholder ? ' data-placeholder="editor"' : ''}>`,
    '  <div class="container">',
    ...(placeholder ? [`    <p class="placeholder-note">${escapeHtml(placeholder)}</p>`] : []),
    ...at(4, body),
    '  </div>',
    '</section>',
  ];
}

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Panadería en Sevilla" / "Bakery in Leeds". */
export function kindLine(ctx: RenderContext): string {
  const noun = capital(ctx.kind.noun[ctx.li]);
  return ctx.facts.city ? `${noun} ${ctx.labels.in} ${ctx.facts.city}` : noun;
}

/** The site's name, or its kind when the brief gave none. */
export function displayName(ctx: RenderContext): string {
  return ctx.brief.name || capital(ctx.kind.noun[ctx.li]);
}

export function mapsUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * Why a section has nothing real to show yet, as the note of its editor-only placeholder; undefined
 * when it has real content. Reviews, people, posts and photos are never invented (issue 38).
 */
export function placeholderNote(ctx: RenderContext, id: SectionId): string | undefined {
  const f = ctx.facts;
  const es = ctx.li === 0;
  const what: Partial<Record<SectionId, [string, string] | undefined>> = {
    testimonials: ['opiniones reales de tus clientes', 'real reviews from your customers'],
    team: f.team.length ? undefined : ['las personas de tu equipo', 'the people of your team'],
    speakers: f.speakers.length ? undefined : ['los ponentes confirmados', 'the confirmed speakers'],
    sponsors: f.sponsors.length ? undefined : ['tus patrocinadores', 'your sponsors'],
    gallery: ['tus fotos (súbelas en Imágenes)', 'your photos (upload them in Images)'],
    posts: ['tus artículos', 'your articles'],
    episodes: ['tus episodios', 'your episodes'],
    map: f.address || f.city ? undefined : ['tu dirección', 'your address'],
  };
  const missing = what[id];
  if (!missing) return undefined;
  return es
    ? `Solo en el editor: añade ${missing[0]} y esta sección se publicará. Mientras tanto no aparece en la web publicada.`
    : `Editor only: add ${missing[1]} and this section will be published. Until then it is left out of the published site.`;
}
