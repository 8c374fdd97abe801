import { applyChange, block, fence } from './answers';
import type { CorpusCase } from './cases';
import { SITES } from './sites';

/**
 * Issue 39's classes on the corpus's own sites: placeholders in SEARCH only, apply_patch, copied
 * lines that drifted, empty SEARCH on a stylesheet, overlapping blocks that agree, a stylesheet named
 * wrongly, previews beside blocks, NFC/NFD, unfenced diffs.
 */

const R = SITES.restaurant;
const P = SITES.pricing;
const refuse = 'refuse' as const;
const patch = (...lines: string[]) => `Este es el parche:\n\n*** Begin Patch\n${lines.join('\n')}\n*** End Patch\n`;
const dish = (name: string, text: string, price: string) =>
  `        <li class="dish">\n          <h3>${name}</h3>\n          <p>${text}</p>\n          <span class="price">${price}</span>\n        </li>\n`;

export function lastMileCases(): Omit<CorpusCase, 'id' | 'class'>[] {
  const footer = '    <p>&copy; 2025 Casa Lola &middot; Calle Feria 12, Sevilla</p>\n';
  const teamAmount = '                <p class="amount">$29<span>/mo</span></p>\n';
  return [
    // A placeholder in SEARCH only, between unique anchors: it would delete the four dishes.
    {
      site: 'restaurant',
      answer: fence(
        'index.html',
        block(
          '      <ul class="dishes">\n        <!-- ... -->\n      </ul>\n',
          `      <ul class="dishes">\n${dish('Gazpacho', 'Frío.', '6,00 €')}      </ul>\n`,
        ),
      ),
      expected: refuse,
    },
    {
      site: 'pricing',
      answer: fence(
        'index.html',
        block(
          '        <div class="cards">\n            ...\n        </div>\n    </section>\n',
          '        <div class="cards"></div>\n    </section>\n',
        ),
      ),
      expected: refuse,
    },
    // apply_patch: the @@ line picks the Team card among three with the same lines.
    {
      site: 'pricing',
      answer: patch(
        '*** Update File: index.html',
        '@@ <h3>Team</h3>',
        '-                    <li>Daily backups</li>',
        '+                    <li>Hourly backups</li>',
      ),
      expected: applyChange(P, {
        path: 'index.html',
        from: `${teamAmount}                <ul>\n                    <li>1 TB storage</li>\n                    <li>Daily backups</li>`,
        to: `${teamAmount}                <ul>\n                    <li>1 TB storage</li>\n                    <li>Hourly backups</li>`,
      }),
    },
    {
      site: 'restaurant',
      answer: patch(
        '*** Add File: alergenos.html',
        '+<!DOCTYPE html>',
        '+<html lang="es"><body><h1>Alérgenos</h1></body></html>',
      ),
      expected: { ...R, 'alergenos.html': '<!DOCTYPE html>\n<html lang="es"><body><h1>Alérgenos</h1></body></html>\n' },
    },
    {
      site: 'restaurant',
      answer: patch('*** Update File: index.html', '@@', '-          <h3>Salmorejo</h3>', '+          <h3>Gazpacho</h3>'),
      expected: refuse,
    },
    {
      site: 'restaurant',
      answer:
        '*** Begin Patch\n*** Update File: index.html\n@@\n-          <h3>Tarta de queso</h3>\n+          <h3>Tarta de queso casera</h3>\n',
      expected: refuse,
    },
    // Copied lines with drift (`©` for `&copy;`, `·` for `&middot;`) keep the file's bytes.
    {
      site: 'restaurant',
      answer: fence(
        'index.html',
        block(
          '  <footer class="site-footer">\n    <p>© 2025 Casa Lola · Calle Feria 12, Sevilla</p>\n',
          '  <footer class="site-footer">\n    <p>© 2025 Casa Lola · Calle Feria 12, Sevilla</p>\n    <p>Abierto de martes a domingo</p>\n',
        ),
      ),
      expected: applyChange(R, { path: 'index.html', from: footer, to: `${footer}    <p>Abierto de martes a domingo</p>\n` }),
    },
    // Empty SEARCH on the stylesheet: at its very end.
    {
      site: 'pricing',
      answer: fence('style.css', block('', '.card:hover {\n    transform: translateY(-2px);\n}\n')),
      expected: { ...P, 'style.css': `${P['style.css']}\n.card:hover {\n    transform: translateY(-2px);\n}\n` },
    },
    // Two blocks that overlap and agree: the second repeats the first's change as its context.
    {
      site: 'restaurant',
      answer: fence(
        'index.html',
        block('          <h3>Tarta de queso</h3>\n', '          <h3>Tarta de queso casera</h3>\n') +
          block(
            '          <h3>Tarta de queso</h3>\n          <p>Al horno, con frutos rojos.</p>\n',
            '          <h3>Tarta de queso casera</h3>\n          <p>Al horno, con frutos rojos o chocolate.</p>\n',
          ),
      ),
      expected: applyChange(R, {
        path: 'index.html',
        from: '<h3>Tarta de queso</h3>\n          <p>Al horno, con frutos rojos.</p>',
        to: '<h3>Tarta de queso casera</h3>\n          <p>Al horno, con frutos rojos o chocolate.</p>',
      }),
    },
    // A stylesheet named wrongly ("styles.css") that nothing links: the site's own.
    {
      site: 'pricing',
      answer: `**styles.css**\n\`\`\`css\n${block('.card {\n    border: 1px solid #e2e8f0;\n', '.card {\n    border: 2px solid #e2e8f0;\n')}\`\`\`\n`,
      expected: applyChange(P, {
        path: 'style.css',
        from: '.card {\n    border: 1px solid',
        to: '.card {\n    border: 2px solid',
      }),
    },
    // A preview beside the block; and NFD text for the file's NFC.
    {
      site: 'restaurant',
      answer: `Así quedará:\n\n\`\`\`html\n<h3>Salmorejo cordobés con picatostes</h3>\n\`\`\`\n\n${fence('index.html', block('          <h3>Salmorejo cordobés</h3>\n'.normalize('NFD'), '          <h3>Salmorejo cordobés con picatostes</h3>\n'.normalize('NFD')))}`,
      expected: applyChange(R, {
        path: 'index.html',
        from: '<h3>Salmorejo cordobés</h3>',
        to: '<h3>Salmorejo cordobés con picatostes</h3>',
      }),
    },
    // A git diff without a fence, with prose after it.
    {
      site: 'restaurant',
      answer: `diff --git a/index.html b/index.html\n--- a/index.html\n+++ b/index.html\n@@ -55,3 +55,3 @@\n           <h3>Tarta de queso</h3>\n-          <p>Al horno, con frutos rojos.</p>\n+          <p>Al horno, con frutos del bosque.</p>\n\nListo, cambiado.\n`,
      expected: applyChange(R, {
        path: 'index.html',
        from: '<p>Al horno, con frutos rojos.</p>',
        to: '<p>Al horno, con frutos del bosque.</p>',
      }),
    },
  ];
}
