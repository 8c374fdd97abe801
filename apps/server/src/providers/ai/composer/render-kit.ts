import { type BriefFacts, emptyFacts, type SectionId, type SiteBrief } from './analyse';
import { kindById } from './brief/detect';
import type { KindDef } from './brief/kind-types';
import { type Labels, labels } from './content';

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
    kind: kindById(brief.kindId ?? brief.kind),
    facts: brief.facts ?? emptyFacts(),
    labels: labels[brief.language],
    li: brief.language === 'es' ? 0 : 1,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const icons = [
  '<path d="M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.5 5.5 21l2-7.5L2 9h7z"/>',
  '<path d="M13 2L4 14h7l-1 8 9-12h-7z"/>',
  '<path d="M12 21s-8-5.5-8-11a5 5 0 0 1 8-4 5 5 0 0 1 8 4c0 5.5-8 11-8 11z"/>',
  '<path d="M4 12l5 5L20 6"/>',
  '<path d="M4 5h16v11H8l-4 4z"/>',
  '<path d="M12 3l8 4v6c0 4-3.5 7-8 8-4.5-1-8-4-8-8V7z"/>',
];
export const ICON = { mail: 4, pin: 5, clock: 1, phone: 2, check: 3, star: 0 } as const;

export function icon(index: number): string {
  return `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${icons[index % icons.length]}</svg>`;
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

export function section(id: SectionId, extraClass: string, body: string[]): string[] {
  return [
    `<section class="section ${extraClass}" id="${id}" data-section="${id}">`,
    '  <div class="container">',
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
