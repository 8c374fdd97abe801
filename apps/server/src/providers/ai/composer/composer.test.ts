import { applyEditsToFiles } from '@div/site-engine/apply-edits';
import { OutputParser, parseOutput } from '@div/site-engine/parse';
import { formatFileBlock } from '@div/site-engine/protocol';
import { describe, expect, it } from 'vitest';
import { type AiChunk, AiProviderError } from '../types';
import { analysePrompt } from './analyse';
import { composeFromPrompt } from './compose';
import { answer, LocalComposerProvider, pageStart } from './provider';
import { planAllowsTemplate, starterTemplateFiles, starterTemplates } from './templates';

type Files = Record<string, string>;

/** Runs a prompt through the composer's text answer and site-engine's parser. */
function generate(prompt: string): { files: Files; prose: string } {
  const parsed = parseOutput(answer(prompt, []));
  expect(parsed.warnings).toEqual([]);
  expect(parsed.files.every((f) => !f.truncated)).toBe(true);
  return { files: Object.fromEntries(parsed.files.map((f) => [f.path, f.content])), prose: parsed.prose };
}

/** Runs a follow-up and applies its edit blocks with site-engine; every block must land exactly. */
function followUp(files: Files, prompt: string): { files: Files; prose: string; blocks: number } {
  const text = answer(
    prompt,
    Object.entries(files).map(([path, content]) => ({ path, content })),
  );
  const parsed = parseOutput(text);
  expect(parsed.files).toEqual([]);
  const applied = applyEditsToFiles(files, parsed.edits);
  expect(applied.ok).toBe(true);
  for (const file of applied.byPath) for (const r of file.results) expect(r.outcome).toBe('applied_exact');
  return { files: applied.files, prose: parsed.prose.trim(), blocks: parsed.edits.length };
}

function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  const removed = a.filter((l) => !b.includes(l));
  const added = b.filter((l) => !a.includes(l));
  return { removed, added };
}

const restaurantPrompt =
  'Crea una web para mi restaurante llamado "La Buena Mesa" con colores rojo y negro, con galería y precios';

describe('prompt analysis', () => {
  it('reads kind, name, language, colours and sections from Spanish and English prompts', () => {
    expect(analysePrompt(restaurantPrompt)).toMatchObject({
      kind: 'restaurant',
      name: 'La Buena Mesa',
      language: 'es',
      palette: { primary: '#dc2626', accent: '#111827' },
    });
    expect(analysePrompt(restaurantPrompt).sections).toEqual(expect.arrayContaining(['gallery', 'pricing', 'menu']));

    const saas = analysePrompt('A landing page for a SaaS startup called Orbit, in purple and teal, dark mode');
    expect(saas).toMatchObject({
      kind: 'saas',
      name: 'Orbit',
      language: 'en',
      palette: { primary: '#7c3aed', accent: '#0d9488', dark: true },
    });

    const portfolio = analysePrompt(
      'Quiero un portafolio de fotógrafa llamada Marta Ruiz, azul marino, con secciones de sobre mí, galería, testimonios y contacto',
    );
    expect(portfolio).toMatchObject({ kind: 'portfolio', name: 'Marta Ruiz', palette: { primary: '#1e3a8a' } });
    expect(portfolio.sections).toEqual(expect.arrayContaining(['hero', 'about', 'gallery', 'testimonials', 'contact', 'footer']));

    expect(analysePrompt('Online shop for handmade candles named «Luz de Cera» #0f766e').palette.primary).toBe('#0f766e');
    expect(analysePrompt('Tienda de velas en verde oscuro y beige').palette).toEqual({
      primary: '#166534',
      accent: '#d6c7a1',
      dark: false,
    });
    expect(analysePrompt('Tienda de velas, tema oscuro').palette.dark).toBe(true);
    expect(analysePrompt('Online shop for handmade candles named «Luz de Cera»')).toMatchObject({
      kind: 'shop',
      name: 'Luz de Cera',
      language: 'en',
    });
    expect(analysePrompt('Página para una conferencia de tecnología en Madrid').kind).toBe('event');
    expect(analysePrompt('Web de un gimnasio con horarios y precios').kind).toBe('fitness');
    expect(analysePrompt('A personal blog about travelling').kind).toBe('blog');
    expect(analysePrompt('Agencia de marketing digital "Norte"').kind).toBe('agency');
    expect(analysePrompt('algo bonito').kind).toBe('business');
  });
});

describe('composed sites', () => {
  it('are complete multi-section sites that parse into index.html, style.css and script.js', () => {
    const { files, prose } = generate(restaurantPrompt);
    // Styles come first, so the half-written page is already styled (ADR 0173).
    expect(Object.keys(files)).toEqual(['style.css', 'index.html', 'script.js', 'fonts.css']);
    const html = files['index.html'] ?? '';
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="es">/);
    expect(html).toContain('<title>La Buena Mesa</title>');
    expect(html).toContain('<link rel="stylesheet" href="style.css">');
    expect(html).toContain('<script src="script.js"></script>');
    expect(html).toContain('name="viewport"');
    for (const id of ['hero', 'about', 'menu', 'gallery', 'pricing', 'contact', 'footer']) {
      expect(html).toContain(`data-section="${id}"`);
    }
    // No reviews were given nor asked for: none are made up (issue 38).
    expect(html).not.toContain('data-section="testimonials"');
    // The design's typefaces are the site's own file, not a font service's.
    expect(html).toContain('<link rel="stylesheet" href="fonts.css" data-fonts>');
    expect(files['fonts.css']).toMatch(/@font-face \{[^}]*src: url\("data:font\/woff2;base64,/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).not.toMatch(/(?:src|href)="https?:\/\/[^"]*\.(?:css|js|png|jpe?g|svg|woff2?)"/); // works offline
    expect(files['style.css']).toContain('--color-primary: #dc2626;');
    expect(files['style.css']).toContain('@media (max-width: 860px)');
    expect(files['script.js']).toContain('IntersectionObserver');
    expect(prose).toContain('La Buena Mesa');
  });

  it('differ with the prompt: kind, name, language, colours and sections', () => {
    const a = generate(restaurantPrompt).files;
    const b = generate('A landing page for a SaaS startup called Orbit, in purple and teal, with pricing and FAQ').files;
    expect(b['index.html']).toContain('<html lang="en">');
    expect(b['index.html']).toContain('<title>Orbit</title>');
    expect(b['index.html']).toContain('data-section="pricing"');
    expect(b['index.html']).toContain('data-section="faq"');
    expect(b['index.html']).not.toContain('data-section="menu"');
    expect(b['style.css']).toContain('--color-primary: #7c3aed;');
    expect(a['index.html']).not.toEqual(b['index.html']);
  });

  it('give the contact form the fields the brief asks for, labelled, typed and autocompleted', () => {
    /** The contact form's HTML. */
    const contactForm = (prompt: string) => {
      const html = generate(prompt).files['index.html'] ?? '';
      return /<form[^>]*name="contacto"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    };
    const physio = contactForm(
      "Centro de fisioterapia 'Muévete' en Zaragoza. Quiero un formulario de contacto que pida nombre, email, teléfono, el servicio y la fecha preferida.",
    );
    expect(physio).toContain('<label>Teléfono<input name="phone" type="tel" autocomplete="tel"></label>');
    expect(physio).toMatch(/<label>Servicio<select name="service"><option>/);
    expect(physio).toContain('<label>Fecha preferida<input name="date" type="date"></label>');
    expect(physio).not.toContain('name="people"');
    // In the order the form shows them: email, the asked ones, the message.
    const order = ['name="email"', 'name="phone"', 'name="service"', 'name="date"', 'name="message"'].map((n) =>
      physio.indexOf(n),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const dinner = contactForm(
      'A supper club called Long Table in Bristol. Contact form asking for name, email, phone number and number of guests.',
    );
    expect(dinner).toContain('<label>Phone number<input name="phone" type="tel" autocomplete="tel"></label>');
    expect(dinner).toContain(
      '<label>Number of guests<input name="people" type="number" min="1" max="50" inputmode="numeric"></label>',
    );

    // The fields asked in the sentence that goes on about the form; not another sentence's words.
    const onwards = contactForm(
      "Peluquería 'Tijeras' en Burgos. Quiero un formulario de contacto. Que pida nombre, móvil y el día deseado. Abierto hasta las 20 horas.",
    );
    expect(onwards).toContain('name="phone"');
    expect(onwards).toContain('name="date"');
    expect(onwards).not.toContain('name="time"');
    const english = contactForm(
      'Dog grooming studio Wag in Leeds. Contact form. It should ask for a phone number and preferred time.',
    );
    expect(english).toContain('name="phone"');
    expect(english).toContain('name="time"');
    const unrelated = contactForm("Bar 'El Rincón' en Lugo con formulario de contacto. Abierto 24 horas, teléfono 982 000 000.");
    expect(unrelated).not.toMatch(/name="(?:phone|date|time|service|people)"/);

    // Nothing asked, nothing added; a booking form's fields are the booking section's.
    const plain = contactForm(
      "Taller de cerámica 'Barro' en Cuenca con galería y contacto. Formulario de reservas con fecha y hora.",
    );
    expect(plain).toContain('name="email"');
    expect(plain).not.toMatch(/name="(?:phone|date|time|service|people)"/);
  });

  it('escapes the name taken from the prompt', () => {
    const { files } = generate('Una web llamada "<b>Tom & Jerry</b>"');
    expect(files['index.html']).toContain('&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;');
    expect(files['index.html']).not.toContain('<b>Tom');
  });
});

describe('follow-ups', () => {
  const site = () => generate(restaurantPrompt).files;

  it('a colour change edits the palette lines of style.css, readable at AA, and leaves the HTML identical', () => {
    const before = site();
    const after = followUp(before, 'cambia el color principal a verde');
    expect(after.files['index.html']).toBe(before['index.html']);
    expect(after.files['script.js']).toBe(before['script.js']);
    const { removed, added } = changedLines(before['style.css'] ?? '', after.files['style.css'] ?? '');
    expect(removed).toContain('  --color-primary: #dc2626;');
    expect(added).toContain('  --color-primary: #16a34a;');
    // White on this green is 3.3:1: the text on it turns dark, as the stylesheet would have chosen.
    expect(added).toContain('  --on-primary: #111827;');
    expect(added.every((line) => /^\s*--(color-primary|on-primary|color-primary-ink):/.test(line))).toBe(true);
    expect(after.prose).toMatch(/color principal/);
  });

  it('changes the background or accent colour, also from English and hex', () => {
    const before = site();
    const bg = followUp(before, 'make the background #fdf6e3');
    expect(bg.files['style.css']).toContain('--color-bg: #fdf6e3;');
    const accent = followUp(before, 'usa un color secundario dorado');
    expect(accent.files['style.css']).toContain('--color-accent: #ca8a04;');
    expect(accent.files['style.css']).toContain('--color-primary: #dc2626;');
  });

  it('a title change replaces only the heading', () => {
    const before = site();
    const after = followUp(before, 'change the title to "Cocina con alma"');
    const diff = changedLines(before['index.html'] ?? '', after.files['index.html'] ?? '');
    expect(diff.removed).toHaveLength(1);
    expect(diff.added).toEqual([expect.stringContaining('<h1 class="hero-title">Cocina con alma</h1>')]);
    expect(after.files['style.css']).toBe(before['style.css']);
  });

  it('changes the subtitle, the tab title and the name', () => {
    const before = site();
    expect(followUp(before, 'cambia el subtítulo a "Abierto todos los días"').files['index.html']).toContain(
      '<p class="hero-text">Abierto todos los días</p>',
    );
    expect(followUp(before, 'cambia el título de la pestaña a "Reservas"').files['index.html']).toContain(
      '<title>Reservas</title>',
    );
    const renamed = followUp(before, 'cambia el nombre a "Casa Pepa"').files['index.html'] ?? '';
    expect(renamed).not.toContain('La Buena Mesa');
    expect(renamed).toContain('<title>Casa Pepa</title>');
  });

  it('replaces a quoted text wherever it appears', () => {
    const before = site();
    const after = followUp(before, 'cambia "Reservar mesa" por "Pide tu mesa"');
    expect(after.files['index.html']).toContain('>Pide tu mesa</a>');
    expect(after.files['index.html']).not.toContain('Reservar mesa');
  });

  it('adds a section with its navigation link, keeping everything else', () => {
    const before = site();
    const after = followUp(before, 'añade una sección de equipo');
    const html = after.files['index.html'] ?? '';
    expect(html).toContain('data-section="team"');
    // No people named yet: the team is an editor-only placeholder, link included (never published).
    expect(html).toContain('<li data-placeholder="editor"><a href="#team">Equipo</a></li>');
    expect(html).toMatch(/<section[^>]*id="team"[^>]*data-placeholder="editor"/);
    // Team goes between pricing and contact, in page order.
    expect(html.indexOf('data-section="pricing"')).toBeLessThan(html.indexOf('data-section="team"'));
    expect(html.indexOf('data-section="team"')).toBeLessThan(html.indexOf('data-section="contact"'));
    expect(changedLines(before['index.html'] ?? '', html).removed).toEqual([]);
    expect(after.files['style.css']).toBe(before['style.css']);
    expect(after.prose).toMatch(/añadido/);
  });

  it('removes a section and its link, and nothing else', () => {
    const before = site();
    const after = followUp(before, 'quita la galería');
    const html = after.files['index.html'] ?? '';
    expect(html).not.toContain('data-section="gallery"');
    expect(html).not.toContain('href="#gallery"');
    expect(html).toContain('data-section="pricing"');
    expect(html).toContain('data-section="contact"');
    expect(changedLines(before['index.html'] ?? '', html).added).toEqual([]);
    expect(html.split('\n').length).toBeLessThan((before['index.html'] ?? '').split('\n').length - 10);
  });

  it('carries the verb over to a clause without one', () => {
    const after = followUp(site(), 'añade una sección de equipo y otra de preguntas frecuentes');
    expect(after.files['index.html']).toContain('data-section="team"');
    expect(after.files['index.html']).toContain('data-section="faq"');
  });

  it('handles several requests in one prompt', () => {
    const after = followUp(site(), 'pon el color principal azul y añade preguntas frecuentes, y quita la galería');
    expect(after.files['style.css']).toContain('--color-primary: #2563eb;');
    expect(after.files['index.html']).toContain('data-section="faq"');
    expect(after.files['index.html']).not.toContain('data-section="gallery"');
  });

  it('says plainly when it does not understand, and changes nothing', () => {
    const text = answer(
      'hazlo más moderno con animaciones',
      Object.entries(site()).map(([path, content]) => ({ path, content })),
    );
    const parsed = parseOutput(text);
    expect(parsed.edits).toEqual([]);
    expect(parsed.files).toEqual([]);
    expect(parsed.prose).toMatch(/He entendido que quieres/);
    expect(parseOutput(answer('do a barrel roll', [{ path: 'index.html', content: '<h1>x</h1>\n' }])).prose).toMatch(
      /I understood you want/,
    );
  });

  it('says so when a section to add exists or one to remove is missing', () => {
    const before = site();
    const text = answer(
      'añade una galería y quita el equipo',
      Object.entries(before).map(([path, content]) => ({ path, content })),
    );
    const parsed = parseOutput(text);
    expect(parsed.edits).toEqual([]);
    expect(parsed.prose).toMatch(/ya existe/);
    expect(parsed.prose).toMatch(/No hay una sección de equipo/);
  });

  it('also edits sites it did not write (a model-made page)', () => {
    const foreign: Files = {
      'index.html': [
        '<!DOCTYPE html>',
        '<html lang="en">',
        '<head><title>Bakery</title><link rel="stylesheet" href="style.css"></head>',
        '<body>',
        '  <main>',
        '    <h1>Fresh bread</h1>',
        '    <section id="reviews" class="reviews">',
        '      <p>Great!</p>',
        '    </section>',
        '  </main>',
        '</body>',
        '</html>',
        '',
      ].join('\n'),
      'style.css': 'h1 { color: #c2410c; }\na { color: #c2410c; }\nbody { color: #333333; }\n',
    };
    const colour = followUp(foreign, 'change the colour to blue');
    expect(colour.files['style.css']).toBe('h1 { color: #2563eb; }\na { color: #2563eb; }\nbody { color: #333333; }\n');
    const removed = followUp(foreign, 'remove the testimonials section');
    expect(removed.files['index.html']).not.toContain('reviews');
    const added = followUp(foreign, 'add a pricing section');
    expect(added.files['index.html']).toContain('data-section="pricing"');
    expect(added.files['index.html']?.indexOf('data-section="pricing"')).toBeLessThan(
      added.files['index.html']?.indexOf('</main>') ?? 0,
    );
    expect(added.files['style.css']).toContain('DIV: sections added');
  });

  it('builds a new site when the request is for one', () => {
    const text = answer('Crea una web para un gimnasio llamado "Fuerza"', [{ path: 'index.html', content: '<h1>x</h1>\n' }]);
    const parsed = parseOutput(text);
    expect(parsed.files.map((f) => f.path)).toEqual(['style.css', 'index.html', 'script.js', 'fonts.css']);
    expect(parsed.files.find((f) => f.path === 'index.html')?.content).toContain('<title>Fuerza</title>');
  });
});

async function collect(stream: AsyncIterable<AiChunk>): Promise<AiChunk[]> {
  const chunks: AiChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('LocalComposerProvider', () => {
  const messages = [{ role: 'user' as const, content: restaurantPrompt }];

  it('streams the answer as content chunks in the protocol, then finish and usage', async () => {
    const composer = new LocalComposerProvider({ charsPerSecond: 0 });
    const chunks = await collect(
      composer.stream({ model: 'div-local-composer', messages, signal: new AbortController().signal }),
    );
    const text = chunks.map((c) => (c.type === 'content' ? c.text : '')).join('');
    expect(text).toBe(answer(restaurantPrompt, []));
    expect(chunks.filter((c) => c.type === 'content').length).toBeGreaterThan(3);
    expect(chunks.at(-2)).toEqual({ type: 'finish', reason: 'stop' });
    expect(chunks.at(-1)?.type).toBe('usage');
  });

  it('feeds the streaming parser of site-engine: the page starts before the answer ends', async () => {
    const composer = new LocalComposerProvider({ charsPerSecond: 0 });
    const parser = new OutputParser();
    const events: string[] = [];
    let htmlSoFar = '';
    let sawPartialHtml = false;
    for await (const chunk of composer.stream({ model: 'x', messages, signal: new AbortController().signal })) {
      if (chunk.type !== 'content') continue;
      for (const event of parser.feed(chunk.text)) {
        events.push(event.type === 'file-complete' ? `complete:${event.file.path}` : event.type);
        if (event.type === 'file-delta' && event.path === 'index.html') {
          htmlSoFar += event.text;
          if (htmlSoFar.includes('<body') && !htmlSoFar.includes('</html>')) sawPartialHtml = true;
        }
      }
    }
    parser.end();
    expect(sawPartialHtml).toBe(true);
    expect(events.filter((e) => e.startsWith('complete:'))).toEqual([
      'complete:style.css',
      'complete:index.html',
      'complete:script.js',
      'complete:fonts.css',
    ]);
    const byPath = (files: { path: string; content: string }[]) => Object.fromEntries(files.map((f) => [f.path, f.content]));
    expect(byPath(parser.result().files)).toEqual(byPath(composeFromPrompt(restaurantPrompt).files));
  });

  it('streams the page at the configured pace, the styles ahead of it faster', async () => {
    const rate = 100_000;
    const composer = new LocalComposerProvider({ charsPerSecond: rate });
    const text = answer(restaurantPrompt, []);
    const page = pageStart(text);
    expect(page).toBeGreaterThan(text.indexOf('style.css'));
    const started = Date.now();
    let first = 0;
    for await (const chunk of composer.stream({ model: 'x', messages, signal: new AbortController().signal })) {
      if (!first && chunk.type === 'content') first = Date.now() - started;
    }
    const took = Date.now() - started;
    expect(first).toBeLessThan(100);
    // The typefaces (fonts.css, data: URLs) come last, at once: only the page is paced.
    const fonts = text.search(/^```\w* fonts\.css$/m);
    expect(fonts).toBeGreaterThan(page);
    expect(took).toBeGreaterThanOrEqual(((fonts - page) / rate) * 1000 * 0.8);
    expect(took).toBeLessThan((text.length / rate) * 1000 * 3 + 500);
  });

  it('at the default pace the stylesheet is whole and the page begun in under 300 ms', async () => {
    const composer = new LocalComposerProvider({ charsPerSecond: 14_000 });
    const text = answer(restaurantPrompt, []);
    const parser = new OutputParser();
    const started = Date.now();
    let stylesWhole = 0;
    let pageBegun = 0;
    let done = 0;
    for await (const chunk of composer.stream({ model: 'x', messages, signal: new AbortController().signal })) {
      if (chunk.type !== 'content') continue;
      for (const event of parser.feed(chunk.text)) {
        if (!stylesWhole && event.type === 'file-complete' && event.file.path === 'style.css') stylesWhole = Date.now() - started;
        if (!pageBegun && event.type === 'file-delta' && event.path === 'index.html' && event.text.length > 0)
          pageBegun = Date.now() - started;
      }
      done = Date.now() - started;
    }
    expect(stylesWhole).toBeGreaterThan(0);
    expect(pageBegun).toBeGreaterThanOrEqual(stylesWhole);
    expect(pageBegun).toBeLessThan(300);
    // The page itself still streams at the pace: a person sees it grow.
    const fonts = text.search(/^```\w* fonts\.css$/m);
    expect(done).toBeGreaterThanOrEqual(((fonts - pageStart(text)) / 14_000) * 1000 * 0.8);
  });

  it('stops when aborted', async () => {
    const composer = new LocalComposerProvider({ charsPerSecond: 2000 });
    const controller = new AbortController();
    let received = 0;
    await expect(async () => {
      for await (const chunk of composer.stream({ model: 'x', messages, signal: controller.signal })) {
        if (chunk.type === 'content') received += chunk.text.length;
        if (received > 100) controller.abort();
      }
    }).rejects.toSatisfy((e) => e instanceof AiProviderError && e.kind === 'aborted');
    // Within a chunk or two (styles go in chunks twelve times the page's), of an answer of ~30 KB.
    expect(received).toBeLessThan(1500);
    expect(answer(restaurantPrompt, []).length).toBeGreaterThan(20 * received);
  });

  it('answers follow-ups from the structured site, or from files in the conversation', async () => {
    const composer = new LocalComposerProvider({ charsPerSecond: 0 });
    const { files } = composeFromPrompt(restaurantPrompt);
    const viaSite = await collect(
      composer.stream({
        model: 'x',
        messages: [{ role: 'user', content: 'cambia el color principal a verde' }],
        site: { prompt: 'cambia el color principal a verde', files },
        signal: new AbortController().signal,
      }),
    );
    const textOf = (chunks: AiChunk[]) => chunks.map((c) => (c.type === 'content' ? c.text : '')).join('');
    // The colour and the two colours read against it (issue 38: the palette moves together).
    const edits = parseOutput(textOf(viaSite)).edits;
    expect(edits.length).toBeGreaterThanOrEqual(1);
    expect(new Set(edits.map((edit) => edit.path))).toEqual(new Set(['style.css']));
    const inMessages = files.map((f) => formatFileBlock(f.path, f.content)).join('\n');
    const viaMessages = await collect(
      composer.stream({
        model: 'x',
        messages: [
          { role: 'system', content: 'You build sites.' },
          { role: 'user', content: `Current files:\n\n${inMessages}\nRequest: cambia el color principal a verde` },
        ],
        signal: new AbortController().signal,
      }),
    );
    expect(textOf(viaMessages)).toBe(textOf(viaSite));
  });
});

describe('starter templates', () => {
  it('every template produces a complete site; premium ones need medium or pro', () => {
    for (const template of starterTemplates) {
      const files = starterTemplateFiles(template.id, { name: 'Mi Sitio' });
      expect(files?.map((f) => f.path)).toEqual(['index.html', 'fonts.css', 'style.css', 'script.js']);
      expect(files?.[0]?.content).toContain('<title>Mi Sitio</title>');
    }
    expect(starterTemplateFiles('nope')).toBeUndefined();
    const premium = starterTemplates.find((t) => t.premium);
    const basic = starterTemplates.find((t) => !t.premium);
    if (!premium || !basic) throw new Error('templates of both kinds expected');
    expect([planAllowsTemplate('free', premium), planAllowsTemplate('small', premium)]).toEqual([false, false]);
    expect([planAllowsTemplate('medium', premium), planAllowsTemplate('pro', premium)]).toEqual([true, true]);
    expect(planAllowsTemplate('free', basic)).toBe(true);
  });
});
