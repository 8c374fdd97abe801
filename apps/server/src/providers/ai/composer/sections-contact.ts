import { whatsappDigits } from './brief/contact';
import type { ContactFormField, FormExtra } from './contact-form';
import {
  displayName,
  escapeHtml as e,
  heading,
  ICON,
  icon,
  mapsUrl,
  placeholderNote,
  type RenderContext,
  section,
} from './render-kit';

/**
 * Sections that reach the business: map, contact, booking, RSVP, newsletter, the WhatsApp button and
 * the footer. Forms are plain HTML (`method="post"`, a `name` per form and per field) that the
 * publishing step points at the forms backend; nothing here pretends to send.
 */

type Renderer = (ctx: RenderContext) => string[];

function field(label: string, input: string): string {
  return `  <label>${e(label)}${input}</label>`;
}

function form(name: string, fields: string[], submit: string): string[] {
  return [
    `<form class="contact-form reveal" method="post" name="${name}">`,
    ...fields,
    `  <button class="btn btn-primary" type="submit">${e(submit)}</button>`,
    '</form>',
  ];
}

/** The contact facts as a list: address, phone, WhatsApp, email, hours, social profiles. */
function infoList(ctx: RenderContext): string[] {
  const f = ctx.facts;
  const items: string[] = [];
  const place = [f.address, f.address?.includes(f.city ?? '\u0000') ? '' : f.city].filter(Boolean).join(', ');
  if (place) items.push(`<li>${icon(ICON.pin)}<span data-fact="address">${e(place)}</span></li>`);
  if (f.phone)
    items.push(
      // The number stays as written (people copy it); the link says what it does.
      `<li>${icon(ICON.phone)}<span data-fact="phone">${e(f.phone)}</span> · <a href="tel:${e(f.phone.replace(/[^\d+]/g, ''))}">${e(ctx.labels.call)}</a></li>`,
    );
  if (f.email) items.push(`<li>${icon(ICON.mail)}<a href="mailto:${e(f.email)}" data-fact="email">${e(f.email)}</a></li>`);
  if (f.hours) items.push(`<li>${icon(ICON.clock)}<span data-fact="hours">${e(f.hours)}</span></li>`);
  for (const s of f.social)
    items.push(
      `<li>${icon(ICON.link)}<a href="${e(s.url)}" rel="me">${e(s.network)} ${e(s.label === s.network ? '' : s.label)}</a></li>`,
    );
  return items.length ? ['<ul class="info-list">', ...items.map((i) => `  ${i}`), '</ul>'] : [];
}

/**
 * OpenStreetMap's embed only for coordinates the brief gave (ADR 0171); otherwise the address block
 * and a link that searches it, never a guessed location.
 */
export function osmEmbed(lat: number, lon: number): { src: string; link: string } {
  const f = (n: number) => n.toFixed(5).replace(/\.?0+$/, '');
  const bbox = [lon - 0.006, lat - 0.004, lon + 0.006, lat + 0.004].map(f).join(',');
  return {
    src: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${f(lat)},${f(lon)}`,
    link: `https://www.openstreetmap.org/?mlat=${f(lat)}&mlon=${f(lon)}#map=17/${f(lat)}/${f(lon)}`,
  };
}

export const map: Renderer = (ctx) => {
  const f = ctx.facts;
  const query = [f.address, f.city].filter(Boolean).join(', ') || [displayName(ctx), f.city].filter(Boolean).join(' ');
  const place = [f.address, f.address?.includes(f.city ?? '\u0000') ? '' : f.city].filter(Boolean).join(', ');
  const osm = f.coordinates ? osmEmbed(f.coordinates.lat, f.coordinates.lon) : null;
  const href = osm ? osm.link : mapsUrl(query);
  const frameTitle = ctx.li === 0 ? `Mapa: ${place || displayName(ctx)}` : `Map: ${place || displayName(ctx)}`;
  return section(
    'map',
    'map',
    [
      ...heading(ctx, 'map'),
      '<div class="map-grid">',
      '  <div class="map-card reveal">',
      `    <p class="map-address" data-fact="address">${e(place || ctx.labels.placeholder.address)}</p>`,
      ...(f.hours ? [`    <p><strong>${e(ctx.labels.hours)}:</strong> <span data-fact="hours">${e(f.hours)}</span></p>`] : []),
      `    <a class="btn btn-primary" href="${e(href)}" target="_blank" rel="noopener">${e(ctx.labels.directions)}</a>`,
      '  </div>',
      osm
        ? `  <iframe class="map-embed reveal" title="${e(frameTitle)}" src="${e(osm.src)}" loading="lazy" referrerpolicy="no-referrer"></iframe>`
        : `  <a class="map-art reveal" href="${e(href)}" target="_blank" rel="noopener" aria-label="${e(ctx.labels.directions)}">${icon(ICON.pin)}</a>`,
      '</div>',
    ],
    placeholderNote(ctx, 'map'),
  );
};

export const contact: Renderer = (ctx) => {
  const l = ctx.labels;
  return section('contact', 'contact', [
    '<div class="contact-grid">',
    '  <div class="contact-info reveal">',
    `    <h2>${e(l.titles.contact ?? '')}</h2>`,
    `    <p>${e(l.contactIntro)}</p>`,
    ...infoList(ctx).map((x) => `    ${x}`),
    '  </div>',
    ...form(
      'contacto',
      [
        field(l.name, '<input name="name" type="text" autocomplete="name" required>'),
        field(l.email, '<input name="email" type="email" autocomplete="email" required>'),
        ...askedFields(ctx),
        field(l.message, '<textarea name="message" rows="4" required></textarea>'),
      ],
      l.send,
    ).map((x) => `  ${x}`),
    '</div>',
  ]);
};

/** The fields the brief asked the contact form for (contact-form.ts), each with its label, type and autocomplete. */
function askedFields(ctx: RenderContext): string[] {
  const l = ctx.labels;
  const options = [...ctx.facts.services, ...ctx.facts.prices.map((p) => p.label).filter(Boolean)];
  const choices = options.length ? options : ctx.kind.items[ctx.li];
  const inputs: Record<ContactFormField, string> = {
    phone: field(ctx.brief.formLabels?.phone ?? l.phone, '<input name="phone" type="tel" autocomplete="tel">'),
    service: field(
      ctx.brief.formLabels?.service ?? l.service,
      `<select name="service">${choices.map((c) => `<option>${e(c)}</option>`).join('')}</select>`,
    ),
    people: field(
      ctx.brief.formLabels?.people ?? l.people,
      '<input name="people" type="number" min="1" max="50" inputmode="numeric">',
    ),
    date: field(ctx.brief.formLabels?.date ?? l.date, '<input name="date" type="date">'),
    time: field(ctx.brief.formLabels?.time ?? l.time, '<input name="time" type="time">'),
  };
  return [...(ctx.brief.formFields ?? []).map((f) => inputs[f]), ...extraFields(ctx)];
}

const INPUT_OF: Record<FormExtra['type'], string> = {
  text: 'type="text"',
  tel: 'type="tel" autocomplete="tel"',
  email: 'type="email" autocomplete="email"',
  date: 'type="date"',
  number: 'type="number" min="0" inputmode="numeric"',
  file: '',
  textarea: '',
};

/**
 * The fields the brief named in its own words, with their labels as written. A file to attach gets
 * no file input (the forms backend takes no files): a note says where to send it instead.
 */
function extraFields(ctx: RenderContext): string[] {
  const es = ctx.brief.language === 'es';
  return (ctx.brief.formExtras ?? []).map((f, i) => {
    // The field's name is its label, as the owner reads it in the submissions ("nombre-del-familiar").
    const slug = f.label
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const name = slug || `campo-${i + 1}`;
    if (f.type === 'textarea') return field(f.label, `<textarea name="${name}" rows="2"></textarea>`);
    if (f.type !== 'file') return field(f.label, `<input name="${name}" ${INPUT_OF[f.type]}>`);
    const email = ctx.facts.email;
    const note = es
      ? `${f.label}: ${email ? `envíanoslo por correo a ${email} y lo tendremos en cuenta.` : 'te lo pediremos al responderte.'}`
      : `${f.label}: ${email ? `send it to ${email} and we will include it.` : 'we will ask you for it when we reply.'}`;
    return `  <p class="form-note">${e(note)}</p>`;
  });
}

export const booking: Renderer = (ctx) => {
  const l = ctx.labels;
  const options = [...ctx.facts.services, ...ctx.facts.prices.map((p) => p.label).filter(Boolean)];
  const choices = options.length ? options : ctx.kind.items[ctx.li];
  const food = ctx.kind.family === 'restaurant';
  return section('booking', 'booking', [
    ...heading(ctx, 'booking', l.bookingIntro),
    ...form(
      'reserva',
      [
        field(l.name, '<input name="name" type="text" autocomplete="name" required>'),
        field(l.phone, '<input name="phone" type="tel" autocomplete="tel" required>'),
        field(l.email, '<input name="email" type="email" autocomplete="email">'),
        food
          ? field(ctx.brief.formLabels?.people ?? l.people, '<input name="people" type="number" min="1" max="30" value="2">')
          : field(l.service, `<select name="service">${choices.map((c) => `<option>${e(c)}</option>`).join('')}</select>`),
        field(ctx.brief.formLabels?.date ?? l.date, '<input name="date" type="date" required>'),
        field(ctx.brief.formLabels?.time ?? l.time, '<input name="time" type="time">'),
      ],
      ctx.kind.cta[ctx.li],
    ),
  ]);
};

export const rsvp: Renderer = (ctx) => {
  const l = ctx.labels;
  return section('rsvp', 'rsvp', [
    ...heading(ctx, 'rsvp', [ctx.facts.date, l.rsvpIntro].filter(Boolean).join(' · ')),
    ...form(
      'asistencia',
      [
        field(l.name, '<input name="name" type="text" autocomplete="name" required>'),
        field(l.email, '<input name="email" type="email" autocomplete="email" required>'),
        field(
          l.attending,
          `<select name="attending"><option value="yes">${e(l.yes)}</option><option value="no">${e(l.no)}</option></select>`,
        ),
        field(ctx.brief.formLabels?.people ?? l.guests, '<input name="guests" type="number" min="0" max="10" value="0">'),
        field(l.message, '<textarea name="message" rows="3"></textarea>'),
      ],
      l.send,
    ),
  ]);
};

export const newsletter: Renderer = (ctx) => {
  const l = ctx.labels;
  return section('newsletter', 'newsletter', [
    ...heading(ctx, 'newsletter', l.newsletterIntro),
    ...form('newsletter', [field(l.email, '<input name="email" type="email" autocomplete="email" required>')], l.subscribe),
  ]);
};

export const whatsapp: Renderer = (ctx) => {
  const phone = ctx.facts.phone;
  if (!phone) return [];
  return [
    `<a class="whatsapp-float" id="whatsapp" data-section="whatsapp" href="https://wa.me/${whatsappDigits(phone, ctx.brief.language)}" target="_blank" rel="noopener">${icon(ICON.chat)}<span>${e(ctx.labels.whatsappText)}</span></a>`,
  ];
};

export const footer: Renderer = (ctx) => {
  const f = ctx.facts;
  const name = displayName(ctx);
  const line = [f.address, f.city && !f.address?.includes(f.city) ? f.city : '', f.phone, f.email].filter(Boolean).join(' · ');
  return [
    '<footer class="footer" id="footer" data-section="footer">',
    '  <div class="container footer-inner">',
    `    <a class="brand" href="#top">${e(name)}</a>`,
    ...(line ? [`    <p class="footer-facts">${e(line)}</p>`] : []),
    `    <p>© <span data-year>2026</span> ${e(name)}. ${e(ctx.labels.rights)}</p>`,
    `    <a class="link" href="#top">${e(ctx.labels.backToTop)} ↑</a>`,
    '  </div>',
    '</footer>',
  ];
};
