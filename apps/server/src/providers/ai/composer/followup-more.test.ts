import { describe, expect, it } from 'vitest';
import { composeFromPrompt } from './compose';
import { planFollowUp } from './followup';

/** Follow-ups people ask of a composed site (issue 21): each lands exactly, or says what it can do. */

const site = () =>
  composeFromPrompt(
    "Panadería 'La Espiga' en Sevilla, Calle Feria 45. Teléfono 654 123 456. Pan de masa madre 3,50 €, croissants 1,20 €. Con equipo, opiniones, preguntas frecuentes, mapa y WhatsApp.",
  ).files;

function run(prompt: string, selected?: { selector: string; html: string }) {
  const files = site();
  const plan = planFollowUp(prompt, files, selected);
  const after = (path: string) => plan.changes.get(path) ?? files.find((f) => f.path === path)?.content ?? '';
  return { plan, html: after('index.html'), css: after('style.css'), before: files };
}

describe('follow-ups on facts', () => {
  it('changes the phone everywhere, with its tel: and wa.me links', () => {
    const { html, plan } = run('cambia el teléfono a 699 888 777');
    expect(plan.understood).toBe(true);
    expect(html).not.toContain('654 123 456');
    expect(html).toContain('699 888 777');
    expect(html).toContain('tel:699888777');
    expect(html).toContain('https://wa.me/34699888777');
  });

  it('changes the address and the map link', () => {
    const { html } = run('cambia la dirección a Calle Sol 3, Sevilla');
    expect(html).toContain('Calle Sol 3');
    expect(html).not.toContain('Calle Feria 45');
    expect(html).toContain('query=Calle%20Sol%203');
  });

  it('changes one price only', () => {
    const { html } = run('cambia el precio de croissants a 1,50 €');
    expect(html).toContain('1,50 €');
    expect(html).not.toContain('1,20 €');
    expect(html).toContain('3,50 €');
  });

  it('adds a team member, a review and a FAQ entry in their sections', () => {
    expect(run('añade a Laura Gómez al equipo (panadera)').html).toMatch(
      /<h3>Laura Gómez<\/h3>\n\s*<p class="meta">panadera<\/p>/,
    );
    expect(run('añade un testimonio de Ana: "El mejor pan de Sevilla"').html).toContain('“El mejor pan de Sevilla”');
    expect(run('añade la pregunta ¿Hacéis pan sin gluten? Sí, los viernes').html).toContain(
      '<summary>¿Hacéis pan sin gluten?</summary>',
    );
  });
});

describe('follow-ups on looks and language', () => {
  it('sets a font on the headings without touching the h1 text', () => {
    const { html, css, before } = run('usa la tipografía Playfair Display');
    expect(css).toContain('h1, h2, h3 { font-family: "Playfair Display", Georgia, serif; }');
    expect(html).toBe(before.find((f) => f.path === 'index.html')?.content);
  });

  it('dark mode, sticky header and a bigger hero are CSS only', () => {
    // A composed site moves to a dark design family (ADR 0257).
    expect(run('pon el modo oscuro').css).toMatch(/--color-bg: #0[0-9a-f]{5};/);
    expect(run('haz la cabecera fija').css).toContain('position: sticky');
    expect(run('haz la imagen de la portada más grande').css).toContain('min-height: 92vh');
  });

  it('translates the same site to English, keeping its name and facts', () => {
    const { html, plan } = run('quiero la web en inglés');
    expect(plan.understood).toBe(true);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('La Espiga');
    expect(html).toContain('Calle Feria 45');
    expect(html).toContain('Bakery in Sevilla');
    expect(html).not.toContain('Nuestros panes');
  });

  it('with an element selected, changes only that element', () => {
    const { css, html, before } = run('cambia el color a rojo', {
      selector: 'main > section#map h2',
      html: '<h2>Dónde estamos</h2>',
    });
    expect(css).toContain('main > section#map h2 { color: #dc2626; }');
    expect(css).not.toContain('--color-primary: #dc2626');
    expect(html).toBe(before.find((f) => f.path === 'index.html')?.content);
    const text = run('pon "Visítanos"', { selector: 'main > section#map h2', html: '<h2>Dónde estamos</h2>' }).html;
    expect(text).toContain('<h2>Visítanos</h2>');
    expect(text).toContain('<h2>Nuestro equipo</h2>');
  });

  it('moves a section with its navigation link', () => {
    const { html } = run('mueve la galería antes de los productos');
    expect(html.indexOf('data-section="gallery"')).toBeLessThan(html.indexOf('data-section="products"'));
    expect(html.indexOf('href="#gallery"')).toBeLessThan(html.indexOf('href="#products"'));
    const end = run('pon las opiniones al final').html;
    expect(end.indexOf('data-section="testimonials"')).toBeGreaterThan(end.indexOf('data-section="contact"'));
  });

  it('adds a page with the site’s head, navigation and footer, linked from the menu', () => {
    const { plan, html } = run('añade una página de contacto');
    const page = plan.changes.get('contacto.html') ?? '';
    expect(page).toContain('data-section="contact"');
    expect(page).toContain('<link rel="stylesheet" href="style.css">');
    expect(page).toContain('href="index.html#gallery"');
    expect(page).not.toContain('data-section="gallery"');
    expect(html).toContain('<li><a href="contacto.html">Contacto</a></li>');
  });

  it('answers what it understood and what it can do when it cannot', () => {
    const { plan } = run('añade un chat con inteligencia artificial que responda a los clientes');
    expect(plan.understood).toBe(false);
    expect(plan.changes.size).toBe(0);
    expect(plan.messages.join(' ')).toMatch(/He entendido que quieres .*(?:servicio|Puedo, por ejemplo)/);
  });
});
