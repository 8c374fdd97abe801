import type { Change } from './answers';
import type { SiteName } from './sites';

/** Changes people ask for, per site: exact lines of the file and what they become. */
export const CHANGES: {
  site: SiteName;
  name: string;
  change: Change /** A word or number of `from`, and a wrong one a model might write. */;
  typo: [string, string];
}[] = [
  {
    site: 'restaurant',
    name: 'nav-link',
    change: {
      path: 'index.html',
      from: '        <li><a href="#reservas">Reservas</a></li>\n',
      to: '        <li><a href="#reservas">Reservas</a></li>\n        <li><a href="#contacto">Contacto</a></li>\n',
    },
    typo: ['Reservas</a>', 'Reserva</a>'],
  },
  {
    site: 'restaurant',
    name: 'hero-copy',
    change: {
      path: 'index.html',
      from: '      <h1>Cocina de mercado en el corazón de Sevilla</h1>\n      <p class="lead">Producto de temporada, recetas de la abuela y una terraza con sombra.</p>\n',
      to: '      <h1>Cocina de mercado en pleno Arenal</h1>\n      <p class="lead">Producto de temporada y recetas de siempre.</p>\n      <p class="hours">\n        Abrimos de martes a domingo\n      </p>\n',
    },
    typo: ['Sevilla', 'Córdoba'],
  },
  {
    site: 'restaurant',
    name: 'croquetas-price',
    change: {
      path: 'index.html',
      from: '          <h3>Croquetas de puchero</h3>\n          <p>Ocho unidades, cremosas por dentro.</p>\n          <span class="price">9,00 €</span>\n',
      to: '          <h3>Croquetas de puchero</h3>\n          <p>Ocho unidades, cremosas por dentro.</p>\n          <span class="price">9,50 €</span>\n',
    },
    typo: ['9,00', '8,00'],
  },
  {
    site: 'restaurant',
    name: 'price-style',
    change: {
      path: 'style.css',
      from: '.price {\n  font-weight: 700;\n  color: var(--brand);\n}\n',
      to: '.price {\n  font-weight: 800;\n  color: var(--brand);\n  font-size: 1.1rem;\n}\n',
    },
    typo: ['700', '600'],
  },
  {
    site: 'restaurant',
    name: 'thanks-text',
    change: {
      path: 'script.js',
      from: "  note.className = 'thanks';\n",
      to: "  note.className = 'thanks';\n  note.setAttribute('role', 'status');\n",
    },
    typo: ['thanks', 'thank-you'],
  },
  {
    site: 'pricing',
    name: 'team-price',
    change: {
      path: 'index.html',
      from: '                <h3>Team</h3>\n                <p class="amount">$29<span>/mo</span></p>\n',
      to: '                <h3>Team</h3>\n                <p class="amount">$35<span>/mo</span></p>\n                <p class="badge">Most popular</p>\n',
    },
    typo: ['$29', '$25'],
  },
  {
    site: 'pricing',
    name: 'starter-feature',
    change: {
      path: 'index.html',
      from: '                    <li>100 GB storage</li>\n',
      to: '                    <li>100 GB storage</li>\n                    <li>Email support</li>\n',
    },
    typo: ['100 GB', '200 GB'],
  },
  {
    site: 'pricing',
    name: 'button-style',
    change: {
      path: 'style.css',
      from: '.button {\n    display: inline-block;\n    background: #2563eb;\n    color: white;\n}\n',
      to: '.button {\n    display: inline-block;\n    background: #1d4ed8;\n    color: white;\n    padding: 0.75rem 1.25rem;\n    border-radius: 8px;\n}\n',
    },
    typo: ['#2563eb', '#2563ea'],
  },
  {
    site: 'pricing',
    name: 'header-cta',
    change: {
      path: 'index.html',
      from: '        <a class="cta" href="#pricing">See plans</a>\n',
      to: '        <nav>\n            <a href="#features">Features</a>\n        </nav>\n        <a class="cta" href="#pricing">Start free trial</a>\n',
    },
    typo: ['See plans', 'View plans'],
  },
  {
    site: 'portfolio',
    name: 'new-figure',
    change: {
      path: 'index.html',
      from: '\t\t\t\t<figcaption>Estudio, 2023</figcaption>\n\t\t\t</figure>\n',
      to: '\t\t\t\t<figcaption>Estudio, 2023</figcaption>\n\t\t\t</figure>\n\t\t\t<figure>\n\t\t\t\t<img src="img/boda-2.jpg" alt="Baile nupcial en una masía">\n\t\t\t\t<figcaption>Masía, 2024</figcaption>\n\t\t\t</figure>\n',
    },
    typo: ['2023', '2022'],
  },
  {
    site: 'portfolio',
    name: 'button-style',
    change: {
      path: 'style.css',
      from: '.open-form {\n\tbackground: #111;\n\tcolor: #fff;\n}\n',
      to: '.open-form {\n\tbackground: #111;\n\tcolor: #fff;\n\tpadding: 0.8rem 1.6rem;\n\tborder: 0;\n}\n',
    },
    typo: ['#111', '#222'],
  },
  {
    site: 'portfolio',
    name: 'dialog-copy',
    change: {
      path: 'script.js',
      from: "\tdialog.innerHTML = '<p>Cuéntame tu idea y te respondo en 24 horas.</p>';\n",
      to: "\tdialog.innerHTML = '<p>Cuéntame tu idea y te respondo en 48 horas.</p>';\n\tdialog.addEventListener('click', () => dialog.close());\n",
    },
    typo: ['24 horas', '12 horas'],
  },
];
