import type { SectionId, SiteBrief } from './analyse';
import { commonCopy, type KindCopy, kindCopy, type Labels, labels } from './content';

/**
 * The library of section templates. Each section renders whole lines at a fixed indentation, opens
 * with a tag carrying `data-section="<id>"` and closes on its own line at the same indentation, so
 * follow-ups can find, add and remove sections deterministically.
 */

export interface RenderContext {
  brief: SiteBrief;
  copy: KindCopy;
  labels: Labels;
  common: (typeof commonCopy)['es'];
}

export function renderContext(brief: SiteBrief): RenderContext {
  return {
    brief,
    copy: kindCopy[brief.kind][brief.language],
    labels: labels[brief.language],
    common: commonCopy[brief.language],
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

function icon(index: number): string {
  return `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true">${icons[index % icons.length]}</svg>`;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** Indents a block of lines. */
function at(indent: number, lines: string[]): string[] {
  const pad = ' '.repeat(indent);
  return lines.map((l) => (l === '' ? l : pad + l));
}

function heading(ctx: RenderContext, id: SectionId, lead?: string): string[] {
  return [
    '  <div class="section-head reveal">',
    `    <h2>${escapeHtml(ctx.labels.titles[id] ?? '')}</h2>`,
    ...(lead ? [`    <p>${escapeHtml(lead)}</p>`] : []),
    '  </div>',
  ];
}

function section(id: SectionId, extraClass: string, body: string[]): string[] {
  return [
    `<section class="section ${extraClass}" id="${id}" data-section="${id}">`,
    '  <div class="container">',
    ...at(4, body),
    '  </div>',
    '</section>',
  ];
}

const renderers: Record<SectionId, (ctx: RenderContext) => string[]> = {
  hero: (ctx) => {
    const { copy, brief } = ctx;
    const second = brief.sections.find((s) => !['hero', 'about', 'contact', 'footer'].includes(s)) ?? 'about';
    return [
      '<header class="hero" id="hero" data-section="hero">',
      '  <div class="container hero-inner">',
      '    <div class="hero-copy reveal">',
      `      <p class="eyebrow">${escapeHtml(copy.eyebrow)}</p>`,
      `      <h1 class="hero-title">${escapeHtml(copy.heroTitle)}</h1>`,
      `      <p class="hero-text">${escapeHtml(copy.heroText)}</p>`,
      '      <div class="hero-actions">',
      `        <a class="btn btn-primary" href="#contact">${escapeHtml(copy.cta)}</a>`,
      `        <a class="btn btn-ghost" href="#${second}">${escapeHtml(copy.ctaSecondary)}</a>`,
      '      </div>',
      '    </div>',
      '    <div class="hero-art reveal" aria-hidden="true">',
      '      <div class="blob blob-1"></div>',
      '      <div class="blob blob-2"></div>',
      `      <div class="hero-card"><span class="hero-card-mark">${escapeHtml(initials(brief.name) || 'D')}</span><span>${escapeHtml(brief.name)}</span></div>`,
      '    </div>',
      '  </div>',
      '</header>',
    ];
  },
  about: (ctx) =>
    section('about', 'about', [
      '<div class="about-grid">',
      '  <div class="about-text reveal">',
      `    <h2>${escapeHtml(ctx.labels.titles.about ?? '')}</h2>`,
      ...ctx.copy.about.map((p) => `    <p>${escapeHtml(p)}</p>`),
      '  </div>',
      '  <ul class="stats reveal">',
      ...ctx.copy.stats.map(([n, l]) => `    <li><strong>${escapeHtml(n)}</strong><span>${escapeHtml(l)}</span></li>`),
      '  </ul>',
      '</div>',
    ]),
  services: (ctx) =>
    section('services', 'services', [
      ...heading(ctx, 'services').map((l) => l.slice(2)),
      '<div class="grid cards">',
      ...ctx.copy.services.flatMap((s, i) => [
        '  <article class="card reveal">',
        `    <span class="card-icon">${icon(i)}</span>`,
        `    <h3>${escapeHtml(s.title)}</h3>`,
        `    <p>${escapeHtml(s.text)}</p>`,
        '  </article>',
      ]),
      '</div>',
    ]),
  menu: (ctx) => {
    const items = ctx.copy.items.length ? ctx.copy.items : kindCopy.restaurant[ctx.brief.language].items;
    return section('menu', 'menu', [
      ...heading(ctx, 'menu').map((l) => l.slice(2)),
      '<ul class="menu-list">',
      ...items.flatMap((item) => [
        '  <li class="menu-item reveal">',
        `    <div class="menu-line"><h3>${escapeHtml(item.title)}</h3><span class="dots" aria-hidden="true"></span><span class="price">${escapeHtml(item.meta ?? '')}</span></div>`,
        `    <p>${escapeHtml(item.text)}</p>`,
        '  </li>',
      ]),
      '</ul>',
    ]);
  },
  products: (ctx) => {
    const items = ctx.brief.kind === 'shop' ? ctx.copy.items : kindCopy.shop[ctx.brief.language].items;
    return section('products', 'products', [
      ...heading(ctx, 'products').map((l) => l.slice(2)),
      '<div class="grid products-grid">',
      ...items.flatMap((item, i) => [
        '  <article class="product reveal">',
        `    <div class="product-art art-${(i % 6) + 1}" aria-hidden="true"></div>`,
        `    <h3>${escapeHtml(item.title)}</h3>`,
        `    <p>${escapeHtml(item.text)}</p>`,
        `    <div class="product-foot"><span class="price">${escapeHtml(item.meta ?? '')}</span><button class="btn btn-small add-to-cart" type="button" data-product="${escapeHtml(item.title)}">${escapeHtml(ctx.labels.addToCart)}</button></div>`,
        '  </article>',
      ]),
      '</div>',
    ]);
  },
  posts: (ctx) => {
    const items = ctx.brief.kind === 'blog' ? ctx.copy.items : kindCopy.blog[ctx.brief.language].items;
    return section('posts', 'posts', [
      ...heading(ctx, 'posts').map((l) => l.slice(2)),
      '<div class="grid cards">',
      ...items.flatMap((item, i) => [
        '  <article class="card post reveal">',
        `    <div class="post-art art-${(i % 6) + 1}" aria-hidden="true"></div>`,
        `    <p class="meta">${escapeHtml(item.meta ?? '')}</p>`,
        `    <h3>${escapeHtml(item.title)}</h3>`,
        `    <p>${escapeHtml(item.text)}</p>`,
        `    <a class="link" href="#posts">${escapeHtml(ctx.labels.readMore)} →</a>`,
        '  </article>',
      ]),
      '</div>',
    ]);
  },
  schedule: (ctx) => {
    const own = ctx.brief.kind === 'event' || ctx.brief.kind === 'fitness';
    const items = own ? ctx.copy.items : kindCopy.event[ctx.brief.language].items;
    return section('schedule', 'schedule', [
      ...heading(ctx, 'schedule').map((l) => l.slice(2)),
      '<ol class="timeline">',
      ...items.flatMap((item) => [
        '  <li class="timeline-item reveal">',
        `    <span class="time">${escapeHtml(item.meta ?? '')}</span>`,
        `    <div><h3>${escapeHtml(item.title)}</h3><p>${escapeHtml(item.text)}</p></div>`,
        '  </li>',
      ]),
      '</ol>',
    ]);
  },
  gallery: (ctx) =>
    section('gallery', 'gallery', [
      ...heading(ctx, 'gallery').map((l) => l.slice(2)),
      '<div class="gallery-grid">',
      ...ctx.copy.gallery.flatMap((caption, i) => [
        `  <figure class="tile art-${(i % 6) + 1} reveal">`,
        `    <figcaption>${escapeHtml(caption)}</figcaption>`,
        '  </figure>',
      ]),
      '</div>',
    ]),
  pricing: (ctx) =>
    section('pricing', 'pricing', [
      ...heading(ctx, 'pricing').map((l) => l.slice(2)),
      '<div class="grid pricing-grid">',
      ...ctx.common.pricing.flatMap((plan, i) => [
        `  <article class="plan${i === 1 ? ' plan-featured' : ''} reveal">`,
        ...(i === 1 ? [`    <span class="badge">${escapeHtml(ctx.labels.popular)}</span>`] : []),
        `    <h3>${escapeHtml(plan.title)}</h3>`,
        `    <p class="plan-price"><strong>${escapeHtml(plan.meta ?? '')}</strong><span>${escapeHtml(ctx.labels.perMonth)}</span></p>`,
        `    <p>${escapeHtml(plan.text)}</p>`,
        '    <ul class="checks">',
        ...plan.features.map((f) => `      <li>${escapeHtml(f)}</li>`),
        '    </ul>',
        `    <a class="btn ${i === 1 ? 'btn-primary' : 'btn-ghost'}" href="#contact">${escapeHtml(ctx.labels.choose)}</a>`,
        '  </article>',
      ]),
      '</div>',
    ]),
  testimonials: (ctx) =>
    section('testimonials', 'testimonials', [
      ...heading(ctx, 'testimonials').map((l) => l.slice(2)),
      '<div class="grid cards">',
      ...ctx.common.testimonials.flatMap((t) => [
        '  <figure class="quote reveal">',
        `    <blockquote>“${escapeHtml(t.text)}”</blockquote>`,
        `    <figcaption><span class="avatar" aria-hidden="true">${escapeHtml(initials(t.title))}</span><span><strong>${escapeHtml(t.title)}</strong><small>${escapeHtml(t.meta ?? '')}</small></span></figcaption>`,
        '  </figure>',
      ]),
      '</div>',
    ]),
  team: (ctx) =>
    section('team', 'team', [
      ...heading(ctx, 'team').map((l) => l.slice(2)),
      '<div class="grid team-grid">',
      ...ctx.common.team.flatMap((m) => [
        '  <article class="member reveal">',
        `    <span class="avatar avatar-large" aria-hidden="true">${escapeHtml(initials(m.title))}</span>`,
        `    <h3>${escapeHtml(m.title)}</h3>`,
        `    <p class="meta">${escapeHtml(m.meta ?? '')}</p>`,
        `    <p>${escapeHtml(m.text)}</p>`,
        '  </article>',
      ]),
      '</div>',
    ]),
  faq: (ctx) =>
    section('faq', 'faq', [
      ...heading(ctx, 'faq').map((l) => l.slice(2)),
      '<div class="faq-list">',
      ...ctx.common.faq.flatMap((q) => [
        '  <details class="reveal">',
        `    <summary>${escapeHtml(q.title)}</summary>`,
        `    <p>${escapeHtml(q.text)}</p>`,
        '  </details>',
      ]),
      '</div>',
    ]),
  contact: (ctx) => {
    const l = ctx.labels;
    const slug =
      ctx.brief.name
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z0-9]+/g, '') || 'hola';
    const email = `${ctx.brief.language === 'es' ? 'hola' : 'hello'}@${slug}.com`;
    return section('contact', 'contact', [
      '<div class="contact-grid">',
      '  <div class="contact-info reveal">',
      `    <h2>${escapeHtml(l.titles.contact ?? '')}</h2>`,
      `    <p>${escapeHtml(ctx.common.contactIntro)}</p>`,
      '    <ul class="info-list">',
      `      <li>${icon(4)}<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a></li>`,
      `      <li>${icon(5)}<span>${escapeHtml(l.contactAddress)}</span></li>`,
      `      <li>${icon(1)}<span>${escapeHtml(l.contactHours)}</span></li>`,
      '    </ul>',
      '  </div>',
      '  <form class="contact-form reveal" novalidate>',
      `    <label>${escapeHtml(l.contactName)}<input name="name" autocomplete="name" required></label>`,
      `    <label>${escapeHtml(l.contactEmail)}<input name="email" type="email" autocomplete="email" required></label>`,
      `    <label>${escapeHtml(l.contactMessage)}<textarea name="message" rows="4" required></textarea></label>`,
      `    <button class="btn btn-primary" type="submit">${escapeHtml(l.contactSend)}</button>`,
      `    <p class="form-status" role="status" data-thanks="${escapeHtml(l.contactThanks)}"></p>`,
      '  </form>',
      '</div>',
    ]);
  },
  footer: (ctx) => [
    '<footer class="footer" id="footer" data-section="footer">',
    '  <div class="container footer-inner">',
    `    <a class="brand" href="#top">${escapeHtml(ctx.brief.name)}</a>`,
    `    <p>© <span data-year>2026</span> ${escapeHtml(ctx.brief.name)}. ${escapeHtml(ctx.labels.rights)}</p>`,
    `    <a class="link" href="#top">${escapeHtml(ctx.labels.backToTop)} ↑</a>`,
    '  </div>',
    '</footer>',
  ],
};

/** The lines of one section, indented for its place in index.html (inside <main>, or the footer). */
export function renderSection(id: SectionId, ctx: RenderContext): string[] {
  return at(id === 'footer' ? 2 : 4, renderers[id](ctx));
}

/** The navigation entry of a section, or null for sections without one. */
export function navLine(id: SectionId, ctx: RenderContext): string | null {
  const label = ctx.labels.nav[id];
  if (!label) return null;
  return `        <li><a href="#${id}">${escapeHtml(label)}</a></li>`;
}

export function renderIndex(brief: SiteBrief): string {
  const ctx = renderContext(brief);
  const body = brief.sections.filter((s) => s !== 'footer');
  const lines = [
    '<!DOCTYPE html>',
    `<html lang="${brief.language}">`,
    '<head>',
    '  <meta charset="UTF-8">',
    '  <meta name="viewport" content="width=device-width, initial-scale=1.0">',
    `  <meta name="description" content="${escapeHtml(ctx.copy.heroText)}">`,
    '  <meta name="generator" content="DIV local composer">',
    `  <title>${escapeHtml(brief.name)}</title>`,
    '  <link rel="stylesheet" href="style.css">',
    '</head>',
    `<body data-kind="${brief.kind}">`,
    '  <nav class="nav" id="top">',
    '    <div class="container nav-inner">',
    `      <a class="brand" href="#top"><span class="brand-mark" aria-hidden="true">${escapeHtml(initials(brief.name).slice(0, 1) || 'D')}</span>${escapeHtml(brief.name)}</a>`,
    `      <button class="nav-toggle" type="button" aria-label="${escapeHtml(ctx.labels.menuToggle)}" aria-expanded="false" aria-controls="nav-links"><span></span><span></span><span></span></button>`,
    '      <ul class="nav-links" id="nav-links">',
    ...body.map((s) => navLine(s, ctx)).filter((l): l is string => l !== null),
    '      </ul>',
    '    </div>',
    '  </nav>',
    '  <main>',
    ...body.flatMap((s) => renderSection(s, ctx)),
    '  </main>',
    ...(brief.sections.includes('footer') ? renderSection('footer', ctx) : []),
    '  <script src="script.js"></script>',
    '</body>',
    '</html>',
    '',
  ];
  return lines.join('\n');
}
