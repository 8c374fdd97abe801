import { describe, expect, it } from 'vitest';
import { composeFromPrompt } from '../../providers/ai/composer/compose';
import { stripPlaceholders } from './placeholders';

describe('editor-only placeholders (issue 38)', () => {
  it('cuts a placeholder section and its navigation entry out of a published page, nothing else', () => {
    const html = [
      '<nav><ul>',
      '  <li><a href="#about">Nosotros</a></li>',
      '  <li data-placeholder="editor"><a href="#testimonials">Opiniones</a></li>',
      '</ul></nav>',
      '<main>',
      '  <section id="about"><p>Real</p></section>',
      '  <section id="testimonials" data-placeholder="editor">',
      '    <p>Escribe aquí la opinión de un cliente.</p>',
      '  </section>',
      '</main>',
    ].join('\n');
    expect(stripPlaceholders(html)).toBe(
      [
        '<nav><ul>',
        '  <li><a href="#about">Nosotros</a></li>',
        '</ul></nav>',
        '<main>',
        '  <section id="about"><p>Real</p></section>',
        '</main>',
      ].join('\n'),
    );
  });

  it('a composed site asked for reviews shows them in the editor and publishes none', () => {
    const { files } = composeFromPrompt('Peluquería Rizos en Vigo con opiniones de clientes y contacto');
    const html = files.find((f) => f.path === 'index.html')?.content ?? '';
    expect(html).toMatch(/<section[^>]*id="testimonials"[^>]*data-placeholder="editor"/);
    const published = stripPlaceholders(html);
    expect(published).not.toContain('id="testimonials"');
    expect(published).not.toContain('href="#testimonials"');
    expect(published).not.toMatch(/Escribe aquí|Nombre del cliente/);
    expect(published).toContain('id="contact"');
  });
});
