import { describe, expect, it } from 'vitest';
import { applyAnswer } from './answer';
import { parseOutput } from './parse';

/** A yoga studio: a page, a stylesheet written with CRLF and blank lines between rules, a script. */
const page = [
  '<!DOCTYPE html>',
  '<html lang="es">',
  '<head><link rel="stylesheet" href="estudio.css"></head>',
  '<body>',
  '  <ul class="clases">',
  '    <li>Hatha, lunes 9:00</li>',
  '    <li>Vinyasa, martes 19:00</li>',
  '    <li>Yin, jueves 20:00</li>',
  '  </ul>',
  '  <script src="app.js"></script>',
  '</body>',
  '</html>',
  '',
].join('\n');
const css = '.clases {\r\n  list-style: none;\r\n}\r\n\r\nli {\r\n  padding: .5rem;\r\n}\r\n';
const js =
  "const lista = document.querySelector('.clases');\nlista.addEventListener('click', () => {\n  lista.classList.toggle('abierta');\n});\n";
const site = { 'index.html': page, 'estudio.css': css, 'app.js': js };
const sr = (path: string, search: string, replace: string) =>
  `\`\`\`${path.split('.').pop()} ${path}\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;

describe('the last mile of follow-up answers', () => {
  it('merges two blocks that overlap and agree on the lines they share, and refuses two that disagree', () => {
    const first = sr('index.html', '    <li>Hatha, lunes 9:00</li>\n', '    <li>Hatha, lunes 10:00</li>\n');
    const agreeing = sr(
      'index.html',
      '    <li>Hatha, lunes 9:00</li>\n    <li>Vinyasa, martes 19:00</li>\n',
      '    <li>Hatha, lunes 10:00</li>\n    <li>Vinyasa, martes 18:30</li>\n',
    );
    const merged = applyAnswer(site, parseOutput(first + agreeing));
    expect(merged.ok && merged.files['index.html']).toBe(page.replace('9:00', '10:00').replace('19:00', '18:30'));
    const disagreeing = sr(
      'index.html',
      '    <li>Hatha, lunes 9:00</li>\n    <li>Vinyasa, martes 19:00</li>\n',
      '    <li>Hatha, lunes 11:00</li>\n    <li>Vinyasa, martes 18:30</li>\n',
    );
    const refused = applyAnswer(site, parseOutput(first + disagreeing));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toBe('conflict');
  });

  it('appends an empty SEARCH at the very end, in the file’s line endings and spacing', () => {
    const outcome = applyAnswer(
      site,
      parseOutput(sr('estudio.css', '', '.clases li:hover {\n  color: teal;\n}\n') + sr('app.js', '', "console.log('listo');\n")),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.files['estudio.css']).toBe(`${css}\r\n.clases li:hover {\r\n  color: teal;\r\n}\r\n`);
    expect(outcome.files['app.js']).toBe(`${js}console.log('listo');\n`);
  });

  it('ignores a snippet shown for reference beside the blocks, but not one holding something no block writes', () => {
    const block = sr(
      'index.html',
      '    <li>Yin, jueves 20:00</li>\n',
      '    <li>Yin, jueves 20:00</li>\n    <li>Pilates, viernes 8:00</li>\n',
    );
    const preview = 'Quedará así:\n\n```html\n<li>Pilates, viernes 8:00</li>\n```\n\nY este es el cambio:\n\n';
    const ok = applyAnswer(site, parseOutput(preview + block));
    expect(ok.ok && ok.files['index.html']).toContain('    <li>Pilates, viernes 8:00</li>\n  </ul>');
    const other = 'Y además:\n\n```html\n<li>Meditación, sábado 10:00</li>\n```\n\n';
    const refused = applyAnswer(site, parseOutput(other + block));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toBe('fragment');
  });

  it('reads a git diff written without a fence, and the prose after it is not part of it', () => {
    const answer = [
      'Cambio el horario:',
      '',
      'diff --git a/index.html b/index.html',
      '--- a/index.html',
      '+++ b/index.html',
      '@@ -7,2 +7,2 @@',
      '     <li>Vinyasa, martes 19:00</li>',
      '-    <li>Yin, jueves 20:00</li>',
      '+    <li>Yin, jueves 20:30</li>',
      '',
      '- Así el Yin empieza media hora más tarde.',
      '',
    ].join('\n');
    const parsed = parseOutput(answer);
    expect(parsed.edits).toHaveLength(1);
    expect(parsed.cutOff).toBeNull();
    const outcome = applyAnswer(site, parsed);
    expect(outcome.ok && outcome.files['index.html']).toBe(page.replace('20:00', '20:30'));
  });
});
