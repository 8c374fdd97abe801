import type { PricedItem } from './brief/lists';
import {
  artIcon,
  at,
  capital,
  displayName,
  escapeHtml as e,
  heading,
  initials,
  kindLine,
  placeholderNote,
  type RenderContext,
  section,
} from './render-kit';

/**
 * Sections that show the brief's lists: the hero, what the business offers (services, menu,
 * products, pricing), people (team, speakers, sponsors) and content (posts, episodes, agenda,
 * gallery, reviews, FAQ). Given facts come first; where none were given, the kind's own sample
 * names (never prices, people or places) or an obvious placeholder.
 */

type Renderer = (ctx: RenderContext) => string[];

function offerItems(ctx: RenderContext): { title: string; price?: string }[] {
  const given = [...ctx.facts.services, ...ctx.facts.items];
  const priced = ctx.facts.prices;
  if (given.length || priced.length) {
    const out: { title: string; price?: string }[] = priced.map((p) => ({
      title: p.label || ctx.kind.noun[ctx.li],
      price: p.price,
    }));
    for (const g of given) if (!out.some((o) => o.title.toLowerCase() === g.toLowerCase())) out.push({ title: g });
    return out;
  }
  return ctx.kind.items[ctx.li].map((title) => ({ title }));
}

/**
 * The title's classes: long names set smaller, and a long word sets the size that fits it in the
 * hero's column (hero-fit-N, design/family-css.ts) instead of breaking inside it.
 */
function heroTitleClass(name: string): string {
  const longest = Math.max(...name.split(/[\s\-–—/]+/u).map((w) => [...w].length));
  return ['hero-title', name.length > 22 ? 'hero-title-long' : '', longest >= 8 ? `hero-fit-${Math.min(longest, 20)}` : '']
    .filter(Boolean)
    .join(' ');
}

export const hero: Renderer = (ctx) => {
  const name = displayName(ctx);
  const target = ctx.brief.sections.includes(ctx.kind.ctaTarget) ? ctx.kind.ctaTarget : 'contact';
  const second =
    ctx.brief.sections.find((s) => !['hero', 'about', target, 'contact', 'footer', 'whatsapp'].includes(s)) ?? 'about';
  const secondLabel = ctx.labels.nav[second] ?? ctx.labels.nav.about ?? '';
  const sub = [ctx.kind.tagline[ctx.li], ctx.facts.date ? capital(ctx.facts.date) : ''].filter(Boolean).join(' · ');
  return [
    `<header class="hero${ctx.brief.bigHero ? ' hero-big' : ''}" id="hero" data-section="hero">`,
    '  <div class="container hero-inner">',
    '    <div class="hero-copy">',
    `      <p class="eyebrow">${e(kindLine(ctx))}</p>`,
    `      <h1 class="${heroTitleClass(name)}">${e(name)}</h1>`,
    `      <p class="hero-text">${e(sub)}</p>`,
    '      <div class="hero-actions">',
    `        <a class="btn btn-primary" href="#${target}">${e(target === ctx.kind.ctaTarget ? ctx.kind.cta[ctx.li] : ctx.li === 0 ? 'Escríbenos' : 'Get in touch')}</a>`,
    ...(second !== target ? [`        <a class="btn btn-ghost" href="#${second}">${e(secondLabel)}</a>`] : []),
    '      </div>',
    '    </div>',
    '    <div class="hero-art" aria-hidden="true">',
    ...[0, 1, 2].map((i) => `      <span class="art art-${'abc'[i]}">${artIcon(ctx, i)}</span>`),
    '    </div>',
    '  </div>',
    '</header>',
  ];
};

export const about: Renderer = (ctx) => {
  const f = ctx.facts;
  const facts: [string, string][] = [];
  if (f.city) facts.push([ctx.li === 0 ? 'Dónde' : 'Where', f.city]);
  if (f.date) facts.push([ctx.labels.date, f.date]);
  return section('about', 'about', [
    '<div class="about-grid">',
    '  <div class="about-text reveal">',
    `    <h2>${e(ctx.brief.kind === 'personal' ? (ctx.li === 0 ? 'Sobre mí' : 'About me') : (ctx.labels.titles.about ?? ''))}</h2>`,
    // The brief's own sentences about the business say more than a template promise.
    `    <p>${e(`${displayName(ctx)} · ${kindLine(ctx)}.`)} ${e(f.story?.length ? f.story.join(' ') : ctx.kind.tagline[ctx.li])}</p>`,
    '  </div>',
    ...(facts.length || f.hours
      ? [
          '  <div class="facts reveal">',
          ...(facts.length
            ? ['    <dl>', ...facts.map(([k, v]) => `      <div><dt>${e(k)}</dt><dd>${e(v)}</dd></div>`), '    </dl>']
            : []),
          ...(f.hours ? at(4, hoursTable(ctx.labels.hours, f.hours)) : []),
          '  </div>',
        ]
      : []),
    '</div>',
  ]);
};

/** Opening hours as a table: one row a day or range ("L-V 9-14, S 10-13"), the text as given. */
export function hoursTable(caption: string, hours: string): string[] {
  const parts = hours
    .split(/\s*(?:[;\n·|]|,(?!\d))\s*/u)
    .map((p) => p.trim())
    .filter(Boolean);
  const rows = parts.map((part) => {
    const m = /^(\D*?\p{L}[^\d]*?)[\s:]+((?:de |from )?\d.*)$/iu.exec(part);
    return m ? [m[1]?.replace(/[:\s]+$/u, '') ?? '', m[2] ?? ''] : ['', part];
  });
  return [
    '<table class="hours">',
    `  <caption>${e(caption)}</caption>`,
    '  <tbody>',
    ...rows.map(([day, time]) =>
      day
        ? `    <tr><th scope="row">${e(day)}</th><td>${e(time ?? '')}</td></tr>`
        : `    <tr><td colspan="2">${e(time ?? '')}</td></tr>`,
    ),
    '  </tbody>',
    '</table>',
  ];
}

export const services: Renderer = (ctx) => {
  const items = ctx.facts.services.length
    ? ctx.facts.services.map((title) => ({ title, price: priceOf(ctx, title) }))
    : offerItems(ctx);
  const used = new Set<string>();
  return section('services', 'services', [
    ...heading(ctx, 'services'),
    '<div class="grid cards">',
    ...items.flatMap((s, i) => [
      '  <article class="card reveal">',
      `    <span class="card-icon">${artIcon(ctx, i, s.title, used)}</span>`,
      `    <h3>${e(s.title)}</h3>`,
      ...(s.price ? [`    <p class="price">${e(s.price)}</p>`] : []),
      '  </article>',
    ]),
    '</div>',
  ]);
};

function priceOf(ctx: RenderContext, label: string): string | undefined {
  return ctx.facts.prices.find((p) => p.label.toLowerCase() === label.toLowerCase())?.price;
}

export const menu: Renderer = (ctx) =>
  section('menu', 'menu', [
    ...heading(ctx, 'menu'),
    '<ul class="menu-list">',
    ...offerItems(ctx).flatMap((item) => [
      '  <li class="menu-item reveal">',
      `    <div class="menu-line"><h3>${e(item.title)}</h3><span class="dots" aria-hidden="true"></span><span class="price">${e(item.price ?? '')}</span></div>`,
      '  </li>',
    ]),
    '</ul>',
  ]);

export const products: Renderer = (ctx) => {
  const used = new Set<string>();
  return section('products', 'products', [
    ...heading(ctx, 'products'),
    '<div class="grid products-grid">',
    ...offerItems(ctx).flatMap((item, i) => [
      '  <article class="product reveal">',
      `    <div class="product-art art-${(i % 6) + 1}" aria-hidden="true">${artIcon(ctx, i, item.title, used)}</div>`,
      `    <h3>${e(item.title)}</h3>`,
      `    <div class="product-foot"><span class="price">${e(item.price ?? '')}</span><a class="btn btn-small" href="#contact">${e(ctx.labels.order)}</a></div>`,
      '  </article>',
    ]),
    '</div>',
  ]);
};

export const pricing: Renderer = (ctx) => {
  const plans: PricedItem[] = ctx.facts.prices.length
    ? ctx.facts.prices
    : ctx.kind.items[ctx.li].slice(0, 3).map((label) => ({ label, price: ctx.labels.onRequest }));
  // The kind's own call ("Reservar mesa") only where its section is on the page; else a plain one.
  const target = ctx.brief.sections.includes('booking') ? 'booking' : 'contact';
  const call = target === ctx.kind.ctaTarget ? ctx.kind.cta[ctx.li] : ctx.li === 0 ? 'Escríbenos' : 'Get in touch';
  return section('pricing', 'pricing', [
    ...heading(ctx, 'pricing'),
    '<div class="grid pricing-grid">',
    ...plans.flatMap((plan, i) => [
      `  <article class="plan${i === 1 && plans.length === 3 ? ' plan-featured' : ''} reveal">`,
      `    <h3>${e(plan.label || ctx.kind.noun[ctx.li])}</h3>`,
      `    <p class="plan-price"><strong>${e(plan.price)}</strong></p>`,
      `    <a class="btn ${i === 1 ? 'btn-primary' : 'btn-ghost'}" href="#${target}">${e(call)}</a>`,
      '  </article>',
    ]),
    '</div>',
  ]);
};

export const posts: Renderer = (ctx) =>
  section(
    'posts',
    'posts',
    [
      ...heading(ctx, 'posts'),
      '<div class="grid cards">',
      ...ctx.kind.items[ctx.li]
        .slice(0, 3)
        .flatMap((topic, i) => [
          '  <article class="card post reveal">',
          `    <div class="post-art art-${(i % 6) + 1}" aria-hidden="true"></div>`,
          `    <h3>${e(topic)}</h3>`,
          `    <p>${e(ctx.labels.placeholder.post)}</p>`,
          '  </article>',
        ]),
      '</div>',
    ],
    placeholderNote(ctx, 'posts'),
  );

export const episodes: Renderer = (ctx) =>
  section(
    'episodes',
    'episodes',
    [
      ...heading(ctx, 'episodes'),
      '<ol class="timeline">',
      ...ctx.kind.items[ctx.li]
        .slice(0, 3)
        .flatMap((topic, i) => [
          '  <li class="timeline-item reveal">',
          `    <span class="time">#${i + 1}</span>`,
          `    <div><h3>${e(topic)}</h3><p>${e(ctx.labels.placeholder.episode)}</p></div>`,
          '  </li>',
        ]),
      '</ol>',
    ],
    placeholderNote(ctx, 'episodes'),
  );

export const schedule: Renderer = (ctx) => {
  // The same time on every line said nothing: it is said once, under the title.
  const when = ctx.facts.date ? capital(ctx.facts.date) : (ctx.facts.hours ?? ctx.labels.toConfirm);
  return section('schedule', 'schedule', [
    ...heading(ctx, 'schedule', when),
    '<ol class="timeline">',
    ...ctx.kind.items[ctx.li].flatMap((item) => [
      '  <li class="timeline-item reveal">',
      `    <div><h3>${e(item)}</h3></div>`,
      '  </li>',
    ]),
    '</ol>',
  ]);
};

function people(
  ctx: RenderContext,
  id: 'team' | 'speakers',
  list: { name: string; role?: string }[],
  fallback: string,
): string[] {
  const shown = list.length ? list : [{ name: fallback }, { name: fallback }, { name: fallback }];
  return section(
    id,
    id,
    [
      ...heading(ctx, id),
      '<div class="grid team-grid">',
      ...shown.flatMap((m) => [
        '  <article class="member reveal">',
        `    <span class="avatar avatar-large" aria-hidden="true">${e(list.length ? initials(m.name) : '?')}</span>`,
        `    <h3>${e(m.name)}</h3>`,
        ...(m.role
          ? [`    <p class="meta">${e(m.role)}</p>`]
          : list.length
            ? []
            : [`    <p>${e(ctx.labels.placeholder.memberText)}</p>`]),
        '  </article>',
      ]),
      '</div>',
    ],
    placeholderNote(ctx, id),
  );
}

export const team: Renderer = (ctx) => people(ctx, 'team', ctx.facts.team, ctx.labels.placeholder.member);
export const speakers: Renderer = (ctx) => people(ctx, 'speakers', ctx.facts.speakers, ctx.labels.placeholder.speaker);

export const sponsors: Renderer = (ctx) => {
  const names = ctx.facts.sponsors.length ? ctx.facts.sponsors : [ctx.labels.placeholder.sponsor, ctx.labels.placeholder.sponsor];
  return section(
    'sponsors',
    'sponsors',
    [
      ...heading(ctx, 'sponsors'),
      '<ul class="sponsor-list">',
      ...names.map((n) => `  <li class="sponsor reveal">${e(n)}</li>`),
      '</ul>',
    ],
    placeholderNote(ctx, 'sponsors'),
  );
};

/** Photo slots: the space's own images fill them (own-images.ts); until then, patterned tiles. */
export const gallery: Renderer = (ctx) =>
  section(
    'gallery',
    'gallery',
    [
      ...heading(ctx, 'gallery'),
      '<div class="gallery-grid">',
      ...[0, 1, 2, 3, 4, 5].map(
        (i) => `  <figure class="tile tile-empty art-${i + 1}" aria-hidden="true">${artIcon(ctx, i)}</figure>`,
      ),
      '</div>',
    ],
    placeholderNote(ctx, 'gallery'),
  );

export const testimonials: Renderer = (ctx) =>
  section(
    'testimonials',
    'testimonials',
    [
      ...heading(ctx, 'testimonials'),
      '<div class="grid cards">',
      ...[0, 1, 2].flatMap(() => [
        '  <figure class="quote reveal">',
        `    <blockquote>“${e(ctx.labels.placeholder.quote)}”</blockquote>`,
        `    <figcaption><span class="avatar" aria-hidden="true">?</span><span><strong>${e(ctx.labels.placeholder.client)}</strong></span></figcaption>`,
        '  </figure>',
      ]),
      '</div>',
    ],
    placeholderNote(ctx, 'testimonials'),
  );

export const faq: Renderer = (ctx) => {
  const f = ctx.facts;
  const es = ctx.li === 0;
  // The brief's own questions first, their answers left for the person to write (never invented).
  const qa: [string, string][] = (f.questions ?? []).map((q) => [
    q,
    es ? 'Escribe aquí la respuesta.' : 'Write the answer here.',
  ]);
  if (f.address || f.city)
    qa.push([
      es ? '¿Dónde estáis?' : 'Where are you?',
      [f.address, f.address?.includes(f.city ?? '\u0000') ? '' : f.city].filter(Boolean).join(', '),
    ]);
  if (f.hours) qa.push([es ? '¿Qué horario tenéis?' : 'When are you open?', f.hours]);
  if (f.date) qa.push([es ? '¿Cuándo es?' : 'When is it?', f.date]);
  if (f.prices.length)
    qa.push([es ? '¿Cuánto cuesta?' : 'How much does it cost?', f.prices.map((p) => `${p.label}: ${p.price}`).join(' · ')]);
  const reach = [f.phone, f.email].filter(Boolean).join(' · ');
  qa.push([
    es ? `¿Cómo puedo ${ctx.kind.cta[0].toLowerCase()}?` : `How do I ${ctx.kind.cta[1].toLowerCase()}?`,
    reach
      ? `${es ? 'Escríbenos desde el formulario o contáctanos' : 'Use the form or contact us'}: ${reach}.`
      : es
        ? 'Escríbenos desde el formulario de esta página.'
        : 'Write to us with the form on this page.',
  ]);
  return section('faq', 'faq', [
    ...heading(ctx, 'faq'),
    '<div class="faq-list">',
    ...qa.flatMap(([q, a]) => [
      '  <details class="reveal">',
      `    <summary>${e(q)}</summary>`,
      `    <p>${e(a)}</p>`,
      '  </details>',
    ]),
    '</div>',
  ]);
};
