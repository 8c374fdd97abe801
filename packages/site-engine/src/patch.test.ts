import { describe, expect, it } from 'vitest';
import { applyAnswer } from './answer';
import { OutputParser, parseOutput } from './parse';

/** A bakery's price list: three cards with the same price line. */
const page = [
  '<!DOCTYPE html>',
  '<html lang="es">',
  '<body>',
  '  <article class="plan" id="pan">',
  '    <h3>Pan del día</h3>',
  '    <p class="precio">3 €</p>',
  '  </article>',
  '  <article class="plan" id="bolleria">',
  '    <h3>Bollería</h3>',
  '    <p class="precio">3 €</p>',
  '  </article>',
  '  <article class="plan" id="tartas">',
  '    <h3>Tartas</h3>',
  '    <p class="precio">3 €</p>',
  '  </article>',
  '</body>',
  '</html>',
  '',
].join('\n');
const site = { 'index.html': page, 'estilos.css': '.plan {\n  padding: 1rem;\n}\n' };

const patch = (...lines: string[]) => `Aquí tienes el parche:\n\n*** Begin Patch\n${lines.join('\n')}\n*** End Patch\n`;

describe('apply_patch answers', () => {
  it('applies a hunk where its @@ line says when the lines stand in several places', () => {
    const outcome = applyAnswer(
      site,
      parseOutput(
        patch(
          '*** Update File: index.html',
          '@@ <article class="plan" id="bolleria">',
          '-    <p class="precio">3 €</p>',
          '+    <p class="precio">4,50 €</p>',
        ),
      ),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.files['index.html']).toBe(
      page.replace('Bollería</h3>\n    <p class="precio">3 €', 'Bollería</h3>\n    <p class="precio">4,50 €'),
    );
    expect(outcome.files['estilos.css']).toBe(site['estilos.css']);
  });

  it('refuses a hunk found in several places with no @@ line to tell them apart', () => {
    const outcome = applyAnswer(
      site,
      parseOutput(patch('*** Update File: index.html', '@@', '-    <p class="precio">3 €</p>', '+    <p class="precio">5 €</p>')),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toBe('ambiguous');
  });

  it('adds, updates, moves and deletes files as one answer', () => {
    const answer = patch(
      '*** Update File: estilos.css',
      '@@',
      ' .plan {',
      '-  padding: 1rem;',
      '+  padding: 2rem;',
      ' }',
      '*** Move to: css/estilos.css',
      '*** Add File: horario.html',
      '+<!DOCTYPE html>',
      '+<html lang="es"><body><p>Abrimos a las 7</p></body></html>',
      '*** Update File: index.html',
      '@@ <body>',
      '+  <a href="horario.html">Horario</a>',
      '   <article class="plan" id="pan">',
    );
    const outcome = applyAnswer(
      { ...site, 'viejo.js': 'console.log(1);\n' },
      parseOutput(`${answer.replace('*** End Patch', '*** Delete File: viejo.js\n*** End Patch')}`),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(Object.keys(outcome.files).sort()).toEqual(['css/estilos.css', 'horario.html', 'index.html']);
    expect(outcome.files['css/estilos.css']).toBe('.plan {\n  padding: 2rem;\n}\n');
    expect(outcome.files['horario.html']).toContain('Abrimos a las 7');
    expect(outcome.files['index.html']).toContain(
      '<body>\n  <a href="horario.html">Horario</a>\n  <article class="plan" id="pan">',
    );
  });

  it('changes nothing when one hunk does not match (all or nothing), or a new file already exists', () => {
    const wrong = patch(
      '*** Update File: estilos.css',
      '@@',
      '-  padding: 1rem;',
      '+  padding: 2rem;',
      '*** Update File: index.html',
      '@@',
      '-    <h3>Pasteles</h3>',
      '+    <h3>Tartas caseras</h3>',
    );
    const outcome = applyAnswer(site, parseOutput(wrong));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toBe('not_found');
    const again = applyAnswer(site, parseOutput(patch('*** Add File: estilos.css', '+body { color: red; }')));
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.reason).toBe('exists');
    const deleteMissing = applyAnswer(site, parseOutput(patch('*** Delete File: contacto.html')));
    expect(deleteMissing.ok).toBe(false);
  });

  it('never applies a patch cut off before *** End Patch', () => {
    const cut = '*** Begin Patch\n*** Update File: estilos.css\n@@\n-  padding: 1rem;\n+  padding: 2rem;\n';
    const outcome = applyAnswer(site, parseOutput(cut));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toBe('cut_off');
  });

  it('reads a patch inside a fence, and hands each hunk over as soon as the next begins (the preview shows it)', () => {
    const answer = `\`\`\`diff\n${patch(
      '*** Update File: index.html',
      '@@ <article class="plan" id="pan">',
      '-    <h3>Pan del día</h3>',
      '+    <h3>Pan de masa madre</h3>',
      '@@ <article class="plan" id="tartas">',
      '-    <h3>Tartas</h3>',
      '+    <h3>Tartas por encargo</h3>',
    )
      .split('\n')
      .slice(2)
      .join('\n')}\`\`\`\n`;
    const parser = new OutputParser();
    const seen: string[] = [];
    let firstAt = -1;
    for (let i = 0; i < answer.length; i++) {
      for (const event of parser.feed(answer[i] ?? ''))
        if (event.type === 'edit') {
          seen.push(event.block.replace);
          if (firstAt < 0) firstAt = i;
        }
    }
    parser.end();
    expect(seen).toEqual(['    <h3>Pan de masa madre</h3>\n', '    <h3>Tartas por encargo</h3>\n']);
    expect(firstAt).toBeLessThan(answer.indexOf('*** End Patch'));
    const outcome = applyAnswer(site, parser.result());
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.files['index.html']).toContain('Tartas por encargo');
  });
});
