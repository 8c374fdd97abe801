import { applyChange, block, type Change, DRIFT, fence, unifiedDiff } from './answers';
import { lastMileCases } from './cases-last-mile';
import { CHANGES } from './changes';
import { type Files, SITES, type SiteName } from './sites';

export const CLASSES = [
  'cut_off',
  'fragment',
  'near_duplicate',
  'elision',
  'conflict_repeat',
  'multi_file',
  'indentation',
  'formats',
  'prose_drift',
  'last_mile',
] as const;
export type CorpusClass = (typeof CLASSES)[number];

export interface CorpusCase {
  id: string;
  class: CorpusClass;
  site: SiteName;
  answer: string;
  finishReason?: string;
  /** The files after the answer, or 'refuse' when nothing may change. */
  expected: Files | 'refuse';
}

const INTRO = [
  'Claro, aquí tienes el cambio:\n\n',
  "Sure! Here's the updated code:\n\n",
  'He hecho el cambio que pedías.\n\n',
  'Voy a modificar solo lo necesario.\n\n',
];
const OUTRO = [
  '\nCon esto queda listo.\n',
  '\nLet me know if you want any other tweak!\n',
  '',
  '\n¿Quieres que ajuste algo más?\n',
];

function indentDrifts(site: SiteName): [string, (t: string) => string][] {
  if (site === 'portfolio')
    return [
      ['to-spaces', DRIFT.toSpaces],
      ['shift', DRIFT.shift],
      ['first-flush', DRIFT.firstFlush],
    ];
  if (site === 'pricing')
    return [
      ['to-tabs', DRIFT.toTabs4],
      ['unshift', DRIFT.unshift],
      ['first-flush', DRIFT.firstFlush],
    ];
  return [
    ['to-tabs', DRIFT.toTabs],
    ['shift', DRIFT.shift],
    ['first-flush', DRIFT.firstFlush],
  ];
}

/** Every change written the ways models write it (applies), and broken the ways they break it (refuses). */
function variants(): CorpusCase[] {
  const out: CorpusCase[] = [];
  CHANGES.forEach(({ site, name, change, typo }, n) => {
    const files = SITES[site];
    const expected = applyChange(files, change);
    const intro = INTRO[n % INTRO.length] ?? '';
    const outro = OUTRO[n % OUTRO.length] ?? '';
    const id = (v: string) => `${site}/${name}/${v}`;
    const sr = block(change.from, change.to);
    const exact = `${intro}${fence(change.path, sr)}${outro}`;
    out.push({ id: id('exact'), class: 'prose_drift', site, answer: exact, expected });
    out.push({
      id: id('think-heading'),
      class: 'prose_drift',
      site,
      answer: `<think>\nThe user wants a small change in ${change.path}. I will copy the lines exactly.\n</think>\n${intro}${fence(change.path, sr, 'heading')}`,
      expected,
    });
    out.push({
      id: id('quotes-crlf'),
      class: 'prose_drift',
      site,
      answer: DRIFT.crlf(`${intro}${fence(change.path, block(DRIFT.singleQuotes(change.from), change.to))}${outro}`),
      expected,
    });
    for (const [drift, fn] of indentDrifts(site)) {
      out.push({
        id: id(`indent-${drift}`),
        class: 'indentation',
        site,
        answer: `${intro}${fence(change.path, block(fn(change.from), fn(change.to)), 'bold')}${outro}`,
        expected,
      });
    }
    out.push({ id: id('diff'), class: 'formats', site, answer: `${intro}${unifiedDiff(files, change)}${outro}`, expected });
    out.push({
      id: id('markers-file-line'),
      class: 'formats',
      site,
      answer: `${intro}${fence(change.path, block(change.from, change.to, n % 2 ? 'short' : 'old'), 'file-line')}`,
      expected,
    });
    out.push({
      id: id('thinking-tag'),
      class: 'formats',
      site,
      answer: `<thinking>\nLocate the lines in ${change.path} and change them.\n</thinking>\n\n${fence(change.path, sr, 'inside')}`,
      expected,
    });
    out.push({ id: id('repeated'), class: 'conflict_repeat', site, answer: `${fence(change.path, sr + sr)}`, expected });

    // Broken answers: never applied.
    const cutAt = exact.indexOf('=======') + 12;
    out.push({
      id: id('cut-length'),
      class: 'cut_off',
      site,
      answer: exact.slice(0, cutAt),
      finishReason: 'length',
      expected: 'refuse',
    });
    out.push({
      id: id('unclosed-fence'),
      class: 'cut_off',
      site,
      answer: `${intro}\`\`\`${change.path.split('.').pop() === 'js' ? 'javascript' : change.path.split('.').pop()} ${change.path}\n${sr}${block(change.to, change.from).slice(0, 30)}`,
      expected: 'refuse',
    });
    out.push({
      id: id('cut-in-think'),
      class: 'cut_off',
      site,
      answer: `<think>\nFirst I need to find where ${change.path} has`,
      finishReason: 'length',
      expected: 'refuse',
    });
    const wrong = { ...change, from: change.from.replace(typo[0], typo[1]) };
    if (wrong.from === change.from) throw new Error(`typo not in ${name}`);
    out.push({
      id: id('wrong-word'),
      class: 'near_duplicate',
      site,
      answer: `${intro}${fence(change.path, block(wrong.from, change.to))}`,
      expected: 'refuse',
    });
  });
  return out;
}

function edit(path: string, pairs: [string, string][], style: Parameters<typeof fence>[2] = 'info'): string {
  return fence(path, pairs.map(([s, r]) => block(s, r)).join(''), style);
}

const R = SITES.restaurant;
const P = SITES.pricing;
const F = SITES.portfolio;
const card = (name: string, amount: string) =>
  `                <h3>${name}</h3>\n                <p class="amount">$${amount}<span>/mo</span></p>\n`;
const refuse = 'refuse' as const;

function specials(): CorpusCase[] {
  const navAfter = '        <li><a href="#reservas">Reservas</a></li>\n';
  const navLink = `${navAfter}        <li><a href="#contacto">Contacto</a></li>\n`;
  const cases: Omit<CorpusCase, 'id'>[] = [
    // Fragments: a markerless block is the whole file only when it is complete.
    {
      class: 'fragment',
      site: 'restaurant',
      answer: 'Puedes añadir este enlace al menú:\n\n```html\n<li><a href="#contacto">Contacto</a></li>\n```\n',
      expected: refuse,
    },
    {
      class: 'fragment',
      site: 'pricing',
      answer: 'Here is the new badge:\n\n```html\n<p class="badge">Most popular</p>\n```\n\nPut it under the price.\n',
      expected: refuse,
    },
    {
      class: 'fragment',
      site: 'portfolio',
      answer: '```html\n<figure>\n\t<img src="img/boda-2.jpg" alt="Baile">\n</figure>\n```\n',
      expected: refuse,
    },
    { class: 'fragment', site: 'restaurant', answer: '```css style.css\n.price {\n  color: #000;\n}\n```\n', expected: refuse },
    {
      class: 'fragment',
      site: 'pricing',
      answer: 'Updated `style.css`:\n\n```css\n.button {\n    border-radius: 8px;\n}\n```\n',
      expected: refuse,
    },
    {
      class: 'fragment',
      site: 'portfolio',
      answer: '**style.css**\n```css\n.open-form:hover {\n\tbackground: #333;\n}\n```\n',
      expected: refuse,
    },
    {
      class: 'fragment',
      site: 'restaurant',
      answer: '```javascript script.js\nfunction showThanks(name) {\n  alert(name);\n}\n```\n',
      expected: refuse,
    },
    {
      class: 'fragment',
      site: 'portfolio',
      answer: 'Cambia la función así:\n\n```js\nfunction openForm() {\n\talert("hola");\n}\n```\n',
      expected: refuse,
    },
    {
      class: 'fragment',
      site: 'pricing',
      answer: `Here is the complete stylesheet:\n\n\`\`\`css style.css\n${P['style.css'].replace('#2563eb', '#16a34a')}\`\`\`\n`,
      expected: { ...P, 'style.css': P['style.css'].replace('#2563eb', '#16a34a') },
    },
    {
      class: 'fragment',
      site: 'portfolio',
      answer: `\`\`\`html index.html\n${F['index.html'].replace('Marta Ruiz</h1>', 'Marta Ruiz Studio</h1>')}\`\`\`\n`,
      expected: { ...F, 'index.html': F['index.html'].replace('Marta Ruiz</h1>', 'Marta Ruiz Studio</h1>') },
    },
    {
      class: 'fragment',
      site: 'restaurant',
      answer: `Te dejo el archivo completo:\n\n${R['index.html'].replace('Reservar mesa', 'Reserva ahora')}\nListo.\n`,
      expected: { ...R, 'index.html': R['index.html'].replace('Reservar mesa', 'Reserva ahora') },
    },
    // Elisions: placeholders are never written.
    {
      class: 'elision',
      site: 'restaurant',
      answer: `\`\`\`html index.html\n${R['index.html'].replace(/ {4}<section id="carta"[\s\S]*?<\/section>\n/, '    <!-- ... resto de secciones sin cambios ... -->\n')}\`\`\`\n`,
      expected: refuse,
    },
    {
      class: 'elision',
      site: 'pricing',
      answer: `\`\`\`html index.html\n${P['index.html'].replace(/ {8}<div class="cards">[\s\S]*?\n {8}<\/div>\n/, '        <!-- ... existing cards ... -->\n')}\`\`\`\n`,
      expected: refuse,
    },
    {
      class: 'elision',
      site: 'portfolio',
      answer: `\`\`\`css style.css\nbody {\n\tmargin: 0;\n\tfont-family: "Playfair Display", serif;\n}\n\n/* ... rest of the styles unchanged ... */\n\`\`\`\n`,
      expected: refuse,
    },
    {
      class: 'elision',
      site: 'restaurant',
      answer: edit('script.js', [
        [
          "form.addEventListener('submit', (event) => {\n  event.preventDefault();\n",
          "form.addEventListener('submit', (event) => {\n  event.preventDefault();\n  // ... existing code ...\n  console.log('enviado');\n",
        ],
      ]),
      expected: refuse,
    },
    {
      class: 'elision',
      site: 'pricing',
      answer: edit('index.html', [[card('Starter', '9'), `${card('Starter', '12')}                ...\n`]]),
      expected: refuse,
    },
    {
      class: 'elision',
      site: 'portfolio',
      answer: edit('index.html', [['\t<main>\n\t\t<section class="gallery">\n', '\t<main>\n\t\t<!-- … -->\n']]),
      expected: refuse,
    },
    {
      class: 'elision',
      site: 'restaurant',
      answer: edit('index.html', [
        [
          '    <section id="reservas" class="booking">\n      <!-- ... -->\n    </section>\n',
          '    <section id="reservas" class="booking reservas">\n      <!-- ... -->\n    </section>\n',
        ],
      ]),
      expected: refuse,
    },
    {
      class: 'elision',
      site: 'restaurant',
      answer: edit('index.html', [
        [
          '  <header class="site-header">\n    <!-- ... -->\n  </header>\n',
          '  <header class="site-header sticky">\n    <!-- ... -->\n  </header>\n',
        ],
      ]),
      expected: {
        ...R,
        'index.html': R['index.html'].replace('<header class="site-header">', '<header class="site-header sticky">'),
      },
    },
    {
      class: 'elision',
      site: 'pricing',
      answer: edit('index.html', [
        [
          '    <footer>\n        // ...\n    </footer>\n',
          '    <footer class="site-footer">\n        // ...\n        <p>© 2025 Nimbus</p>\n    </footer>\n',
        ],
      ]),
      expected: {
        ...P,
        'index.html': P['index.html']
          .replace('    <footer>\n', '    <footer class="site-footer">\n')
          .replace('hi@nimbus.dev</a></p>\n    </footer>', 'hi@nimbus.dev</a></p>\n        <p>© 2025 Nimbus</p>\n    </footer>'),
      },
    },
    // Conflicts: two blocks for the same lines.
    {
      class: 'conflict_repeat',
      site: 'restaurant',
      answer: edit('index.html', [
        [navAfter, navLink],
        [navAfter, `${navAfter}        <li><a href="#blog">Blog</a></li>\n`],
      ]),
      expected: refuse,
    },
    {
      class: 'conflict_repeat',
      site: 'pricing',
      answer: edit('index.html', [
        [card('Team', '29'), card('Team', '35')],
        [card('Team', '29'), card('Team', '39')],
      ]),
      expected: refuse,
    },
    {
      class: 'conflict_repeat',
      site: 'restaurant',
      answer: edit('style.css', [
        ['.price {\n  font-weight: 700;\n', '.price {\n  font-weight: 800;\n'],
        ['  font-weight: 700;\n  color: var(--brand);\n', '  font-weight: 600;\n  color: red;\n'],
      ]),
      expected: refuse,
    },
    {
      class: 'conflict_repeat',
      site: 'portfolio',
      answer: `${edit('index.html', [['\t\t\t<h2>Contacto</h2>\n', '\t\t\t<h2>Hablemos</h2>\n']])}\nY también:\n\n${edit('index.html', [['\t\t\t<h2>Contacto</h2>\n', '\t\t\t<h2>Escríbeme</h2>\n']])}`,
      expected: refuse,
    },
    {
      class: 'conflict_repeat',
      site: 'pricing',
      answer: `${edit('index.html', [['                    <li>1 TB storage</li>\n', '                    <li>2 TB storage</li>\n']])}\nAnd again, to be safe:\n\n${edit('index.html', [['                    <li>1 TB storage</li>\n', '                    <li>2 TB storage</li>\n']])}`,
      expected: { ...P, 'index.html': P['index.html'].replace('1 TB storage', '2 TB storage') },
    },
    // Near-duplicates: formatting is tolerated, different words and numbers are not.
    {
      class: 'near_duplicate',
      site: 'pricing',
      answer: edit('index.html', [[card('Starter', '29'), card('Starter', '19')]]),
      expected: refuse,
    },
    {
      class: 'near_duplicate',
      site: 'pricing',
      answer: edit('index.html', [[card('Pro', '29'), card('Pro', '39')]]),
      expected: refuse,
    },
    {
      class: 'near_duplicate',
      site: 'pricing',
      answer: edit('index.html', [
        ['                    <li>Daily backups</li>\n', '                    <li>Hourly backups</li>\n'],
      ]),
      expected: refuse,
    },
    {
      class: 'near_duplicate',
      site: 'pricing',
      answer: edit('index.html', [
        ['<a class="button" href="/signup?plan=pro">Choose plan</a>\n', '<a class="button" href="/signup?plan=pro">Start</a>\n'],
      ]),
      expected: refuse,
    },
    {
      class: 'near_duplicate',
      site: 'restaurant',
      answer: edit('index.html', [
        [
          '          <h3>Gazpacho andaluz</h3>\n          <span class="price">6,50 €</span>\n',
          '          <h3>Gazpacho andaluz</h3>\n          <span class="price">7,00 €</span>\n',
        ],
      ]),
      expected: refuse,
    },
    {
      class: 'near_duplicate',
      site: 'restaurant',
      answer: edit('index.html', [
        [
          '          <h3>Tarta de queso</h3>\n          <p>Al horno, con frutos rojos.</p>\n          <span class="price">7,50 €</span>\n',
          '          <h3>Tarta de queso</h3>\n          <p>Al horno, con frutos rojos.</p>\n          <span class="price">6,00 €</span>\n',
        ],
      ]),
      expected: refuse,
    },
    {
      class: 'near_duplicate',
      site: 'pricing',
      answer: edit('index.html', [
        [
          '                <a class="button" href="/signup?plan=team">Choose plan</a>\n',
          '                <a class="button primary" href="/signup?plan=team">Choose plan</a>\n',
        ],
      ]),
      expected: {
        ...P,
        'index.html': P['index.html'].replace(
          '<a class="button" href="/signup?plan=team">',
          '<a class="button primary" href="/signup?plan=team">',
        ),
      },
    },
    {
      class: 'near_duplicate',
      site: 'pricing',
      answer: edit('index.html', [
        [
          "                <h3>Business</h3>\n                <p class='amount'>$49<span>/mo</span></p>\n",
          '                <h3>Business</h3>\n                <p class="amount">$59<span>/mo</span></p>\n',
        ],
      ]),
      expected: { ...P, 'index.html': P['index.html'].replace('$49', '$59') },
    },
    // Multi-file answers: all files or none.
    {
      class: 'multi_file',
      site: 'restaurant',
      answer: `Añado el enlace y su estilo.\n\n${edit('index.html', [[navAfter, navLink]])}\n${edit('style.css', [['.price {\n  font-weight: 700;\n', '.price {\n  font-weight: 800;\n']])}`,
      expected: {
        ...R,
        'index.html': R['index.html'].replace(navAfter, navLink),
        'style.css': R['style.css'].replace('font-weight: 700', 'font-weight: 800'),
      },
    },
    {
      class: 'multi_file',
      site: 'restaurant',
      answer: `${edit('index.html', [[navAfter, navLink]])}\n${edit('style.css', [['.contact-link {\n  color: red;\n}\n', '.contact-link {\n  color: var(--brand);\n}\n']])}`,
      expected: refuse,
    },
    {
      class: 'multi_file',
      site: 'pricing',
      answer: `${edit('index.html', [[card('Team', '29'), card('Team', '35')]])}${edit('style.css', [['.amount {\n    font-size: 2.5rem;\n', '.amount {\n    font-size: 3rem;\n']])}${edit('script.js', [["        console.log('plan chosen', button.href);\n", "        console.info('plan chosen', button.href);\n"]])}`,
      expected: {
        'index.html': P['index.html'].replace('$29', '$35'),
        'style.css': P['style.css'].replace('2.5rem', '3rem'),
        'script.js': P['script.js'].replace('console.log', 'console.info'),
      },
    },
    {
      class: 'multi_file',
      site: 'portfolio',
      answer: `${edit('index.html', [['\t\t\t<h2>Contacto</h2>\n', '\t\t\t<h2>Hablemos</h2>\n']])}${edit('script.js', [["function openForm() {\n\tconst modal = document.createElement('dialog');\n", "function openForm() {\n\tconst modal = document.createElement('div');\n"]])}`,
      expected: refuse,
    },
    {
      class: 'multi_file',
      site: 'restaurant',
      answer: `Creo la página y la enlazo.\n\n${edit('about.html', [['', '<!DOCTYPE html>\n<html lang="es">\n<head><title>Sobre nosotros</title></head>\n<body><h1>Sobre nosotros</h1></body>\n</html>\n']])}${edit('index.html', [[navAfter, `${navAfter}        <li><a href="about.html">Nosotros</a></li>\n`]])}`,
      expected: {
        ...R,
        'about.html':
          '<!DOCTYPE html>\n<html lang="es">\n<head><title>Sobre nosotros</title></head>\n<body><h1>Sobre nosotros</h1></body>\n</html>\n',
        'index.html': R['index.html'].replace(navAfter, `${navAfter}        <li><a href="about.html">Nosotros</a></li>\n`),
      },
    },
    { class: 'multi_file', site: 'restaurant', answer: edit('index.html', [['', '<p>Nuevo aviso</p>\n']]), expected: refuse },
    {
      class: 'multi_file',
      site: 'pricing',
      answer: `Add this to the end of the stylesheet:\n\n${edit('style.css', [['', '.badge {\n    color: #16a34a;\n}\n']])}`,
      expected: { ...P, 'style.css': `${P['style.css']}\n.badge {\n    color: #16a34a;\n}\n` },
    },
    {
      class: 'multi_file',
      site: 'portfolio',
      answer: `\`\`\`html about.html\n<!DOCTYPE html>\n<html lang="es">\n<head>\n\t<title>Sobre mí</title>\n</head>\n<body>\n\t<h1>Sobre mí</h1>\n</body>\n</html>\n\`\`\`\n${edit('index.html', [['\t\t<h1>Marta Ruiz</h1>\n', '\t\t<h1>Marta Ruiz</h1>\n\t\t<a href="about.html">Sobre mí</a>\n']])}`,
      expected: {
        ...F,
        'about.html':
          '<!DOCTYPE html>\n<html lang="es">\n<head>\n\t<title>Sobre mí</title>\n</head>\n<body>\n\t<h1>Sobre mí</h1>\n</body>\n</html>\n',
        'index.html': F['index.html'].replace(
          '\t\t<h1>Marta Ruiz</h1>\n',
          '\t\t<h1>Marta Ruiz</h1>\n\t\t<a href="about.html">Sobre mí</a>\n',
        ),
      },
    },
    {
      class: 'multi_file',
      site: 'portfolio',
      answer: `\`\`\`html about.html\n<h1>Sobre mí</h1>\n<p>Fotógrafa desde 2010.</p>\n\`\`\`\n`,
      expected: refuse,
    },
    // Formats models write.
    {
      class: 'formats',
      site: 'restaurant',
      answer: `index.html\n${block(navAfter, navLink)}`,
      expected: { ...R, 'index.html': R['index.html'].replace(navAfter, navLink) },
    },
    {
      class: 'formats',
      site: 'pricing',
      answer: `\`\`\`html\n<<<<<<< SEARCH index.html\n${card('Team', '29')}=======\n${card('Team', '35')}>>>>>>> REPLACE\n\`\`\`\n`,
      expected: { ...P, 'index.html': P['index.html'].replace('$29', '$35') },
    },
    {
      class: 'formats',
      site: 'portfolio',
      answer: edit('index.html', [
        [
          '\t\t\t<button class="open-form">Pedir presupuesto</button>\n',
          '\t\t\t<button class=“open-form primary”>Pedir presupuesto</button>\n',
        ],
      ]),
      expected: { ...F, 'index.html': F['index.html'].replace('class="open-form"', 'class="open-form primary"') },
    },
    {
      class: 'formats',
      site: 'restaurant',
      answer: `<reasoning>Only the footer year changes.</reasoning>\n${edit('index.html', [['    <p>&copy; 2025 Casa Lola &middot; Calle Feria 12, Sevilla</p>\n', '    <p>&copy; 2026 Casa Lola &middot; Calle Feria 12, Sevilla</p>\n']])}`,
      expected: { ...R, 'index.html': R['index.html'].replace('2025 Casa Lola', '2026 Casa Lola') },
    },
    {
      class: 'formats',
      site: 'restaurant',
      answer: edit('index.html', [
        [
          '    <p>© 2025 Casa Lola · Calle Feria 12, Sevilla</p>\n',
          '    <p>&copy; 2026 Casa Lola &middot; Calle Feria 12, Sevilla</p>\n',
        ],
      ]),
      expected: { ...R, 'index.html': R['index.html'].replace('2025 Casa Lola', '2026 Casa Lola') },
    },
    {
      class: 'formats',
      site: 'pricing',
      answer: edit('index.html', [['<img src="logo.png" alt="Nimbus" />\n', '<img src="logo.svg" alt="Nimbus" />\n']]),
      expected: refuse,
    },
    {
      class: 'prose_drift',
      site: 'restaurant',
      answer: 'Lo siento, no puedo ayudar con eso sin más detalles. ¿Qué sección quieres cambiar?\n',
      expected: refuse,
    },
    {
      class: 'prose_drift',
      site: 'restaurant',
      answer: `Para instalar las dependencias ejecuta:\n\n\`\`\`bash\nnpm install\n\`\`\`\n\n${edit('index.html', [[navAfter, navLink]])}`,
      expected: { ...R, 'index.html': R['index.html'].replace(navAfter, navLink) },
    },
    {
      class: 'indentation',
      site: 'restaurant',
      answer: edit('index.html', [
        [
          DRIFT.double('      <form class="booking-form">\n        <label for="name">Nombre</label>\n'),
          DRIFT.double(
            '      <form class="booking-form">\n        <label for="name">Nombre</label>\n        <p class="hint">\n          Te llamamos para confirmar\n        </p>\n',
          ),
        ],
      ]),
      expected: {
        ...R,
        'index.html': R['index.html'].replace(
          '        <label for="name">Nombre</label>\n',
          '        <label for="name">Nombre</label>\n        <p class="hint">\n          Te llamamos para confirmar\n        </p>\n',
        ),
      },
    },
    {
      class: 'indentation',
      site: 'restaurant',
      answer: edit('index.html', [
        [
          '<li><a href="#carta">Carta</a></li>\n<li><a href="#reservas">Reservas</a></li>\n',
          '<li><a href="#carta">Carta</a></li>\n<li><a href="#reservas">Reservas</a></li>\n<li><a href="#blog">Blog</a></li>\n',
        ],
      ]),
      expected: {
        ...R,
        'index.html': R['index.html'].replace(navAfter, `${navAfter}        <li><a href="#blog">Blog</a></li>\n`),
      },
    },
    {
      class: 'indentation',
      site: 'pricing',
      answer: edit('style.css', [
        [
          '.card {\n  border: 1px solid #e2e8f0;\n  border-radius: 12px;\n  padding: 2rem;\n}\n',
          '.card {\n  border: 1px solid #e2e8f0;\n  border-radius: 16px;\n  padding: 2rem;\n  box-shadow: 0 1px 3px rgb(0 0 0 / 0.1);\n}\n',
        ],
      ]),
      expected: {
        ...P,
        'style.css': P['style.css'].replace(
          'border-radius: 12px;\n    padding: 2rem;\n',
          'border-radius: 16px;\n    padding: 2rem;\n    box-shadow: 0 1px 3px rgb(0 0 0 / 0.1);\n',
        ),
      },
    },
  ];
  return cases.map((c, i) => ({ ...c, id: `${c.site}/special-${String(i + 1).padStart(2, '0')}-${c.class}` }));
}

export function corpus(): CorpusCase[] {
  const lastMile = lastMileCases().map((c, i) => ({
    ...c,
    class: 'last_mile' as const,
    id: `${c.site}/last-mile-${String(i + 1).padStart(2, '0')}`,
  }));
  return [...variants(), ...specials(), ...lastMile];
}

export type { Change };
