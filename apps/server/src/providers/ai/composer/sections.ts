import type { SectionId, SiteBrief } from './analyse';
import { familyOf } from './design/choose';
import { displayName, escapeHtml, kindLine, placeholderNote, type RenderContext, renderContext } from './render-kit';
import * as contact from './sections-contact';
import * as lists from './sections-lists';

export { escapeHtml, type RenderContext, renderContext } from './render-kit';

/**
 * The library of section templates. Each section renders whole lines at a fixed indentation, opens
 * with a tag carrying `data-section="<id>"` and closes on its own line at the same indentation, so
 * follow-ups can find, add and remove sections deterministically.
 */

const renderers: Record<SectionId, (ctx: RenderContext) => string[]> = {
  hero: lists.hero,
  about: lists.about,
  services: lists.services,
  menu: lists.menu,
  products: lists.products,
  posts: lists.posts,
  episodes: lists.episodes,
  schedule: lists.schedule,
  speakers: lists.speakers,
  gallery: lists.gallery,
  pricing: lists.pricing,
  testimonials: lists.testimonials,
  team: lists.team,
  sponsors: lists.sponsors,
  faq: lists.faq,
  newsletter: contact.newsletter,
  booking: contact.booking,
  rsvp: contact.rsvp,
  map: contact.map,
  contact: contact.contact,
  whatsapp: contact.whatsapp,
  footer: contact.footer,
};

/** Sections rendered outside <main> (after it): the footer and the floating WhatsApp button. */
export const OUTSIDE_MAIN: SectionId[] = ['whatsapp', 'footer'];

/** The lines of one section, indented for its place in index.html (inside <main>, or after it). */
export function renderSection(id: SectionId, ctx: RenderContext): string[] {
  const indent = OUTSIDE_MAIN.includes(id) ? 2 : 4;
  const pad = ' '.repeat(indent);
  const lines = renderers[id](ctx);
  const extras = extrasOf(id, ctx);
  // Blocks asked for without a section of their own go at the end of their host's container.
  if (extras.length && lines.at(-1) === '</section>' && lines.at(-2) === '  </div>')
    lines.splice(
      lines.length - 2,
      0,
      ...extras.flatMap((x) => [
        '    <div class="extra-block reveal">',
        `      <h3>${escapeHtml(x.title)}</h3>`,
        `      <p>${escapeHtml(x.text)}</p>`,
        '    </div>',
      ]),
    );
  return lines.map((l) => (l === '' ? l : pad + l));
}

/** The extras shown in section `id`: their own host, or the first of contact and about on the page. */
function extrasOf(id: SectionId, ctx: RenderContext) {
  const on = ctx.brief.sections;
  const hostOf = (host: SectionId) =>
    [host, 'contact', 'about', 'services'].find((h) => on.includes(h as SectionId) && h !== 'hero') as SectionId | undefined;
  return (ctx.facts.extras ?? []).filter((x) => hostOf(x.host) === id);
}

/** The navigation entry of a section, or null for sections without one. */
export function navLine(id: SectionId, ctx: RenderContext): string | null {
  const label = ctx.labels.nav[id];
  if (!label) return null;
  const editorOnly = placeholderNote(ctx, id) ? ' data-placeholder="editor"' : '';
  return `        <li${editorOnly}><a href="#${id}">${escapeHtml(label)}</a></li>`;
}

export function renderIndex(brief: SiteBrief): string {
  const ctx = renderContext(brief);
  const inside = brief.sections.filter((s) => !OUTSIDE_MAIN.includes(s));
  const name = displayName(ctx);
  const description = `${kindLine(ctx)}. ${ctx.kind.tagline[ctx.li]}`;
  const classes = [`tone-${brief.tone ?? 'minimal'}`, `design-${familyOf(brief).id}`, ...(brief.sticky ? ['sticky-nav'] : [])];
  const lines = [
    '<!DOCTYPE html>',
    `<html lang="${brief.language}">`,
    '<head>',
    '  <meta charset="UTF-8">',
    '  <meta name="viewport" content="width=device-width, initial-scale=1.0">',
    `  <meta name="description" content="${escapeHtml(description)}">`,
    '  <meta name="generator" content="DIV local composer">',
    `  <title>${escapeHtml(name)}</title>`,
    // Typefaces only: the page may paint in its fallback faces until they arrive (they stream last).
    '  <link rel="stylesheet" href="fonts.css" data-fonts>',
    '  <link rel="stylesheet" href="style.css">',
    '</head>',
    `<body data-kind="${brief.kind}" data-kind-id="${ctx.kind.id}" class="${classes.join(' ')}">`,
    `  <a class="skip-link" href="#main">${brief.language === 'es' ? 'Saltar al contenido' : 'Skip to content'}</a>`,
    '  <nav class="nav" id="top">',
    '    <div class="container nav-inner">',
    `      <a class="brand" href="#top"><span class="brand-mark" aria-hidden="true">${escapeHtml(name.match(/[\p{L}\p{N}]/u)?.[0]?.toUpperCase() ?? 'D')}</span>${escapeHtml(name)}</a>`,
    `      <button class="nav-toggle" type="button" aria-label="${escapeHtml(ctx.labels.menuToggle)}" aria-expanded="false" aria-controls="nav-links"><span></span><span></span><span></span></button>`,
    '      <ul class="nav-links" id="nav-links">',
    ...inside.map((s) => navLine(s, ctx)).filter((l): l is string => l !== null),
    '      </ul>',
    '    </div>',
    '  </nav>',
    '  <main id="main">',
    ...inside.flatMap((s) => renderSection(s, ctx)),
    '  </main>',
    ...OUTSIDE_MAIN.filter((s) => brief.sections.includes(s)).flatMap((s) => renderSection(s, ctx)),
    '  <script src="script.js"></script>',
    '</body>',
    '</html>',
    '',
  ];
  return lines.join('\n');
}
