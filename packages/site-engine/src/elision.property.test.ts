import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAnswer } from './answer';
import { applyEdits } from './apply-edits';
import { parseOutput } from './parse';

/** Placeholders as models write them in place of lines they did not copy. */
const placeholder = fc.constantFrom(
  '...',
  '…',
  '<!-- ... -->',
  '<!-- … -->',
  '<!-- ... the other cards ... -->',
  '<!-- rest unchanged -->',
  '<!-- resto sin cambios -->',
  '/* ... */',
  '// ... existing code ...',
  '/* rest of the rules unchanged */',
  '[...]',
);

/** A page of distinct lines (every line unique, so any run of them is a unique anchor). */
const page = fc
  .uniqueArray(fc.stringMatching(/^[a-z]{3,10}$/), { minLength: 6, maxLength: 30 })
  .map((words) => words.map((w, i) => `${'  '.repeat(i % 3)}<p class="${w}">${w} ${i}</p>`));

const cut = fc.record({
  doc: page,
  from: fc.double({ min: 0, max: 0.4, noNaN: true }),
  to: fc.double({ min: 0.6, max: 1, noNaN: true }),
  mark: placeholder,
  indent: fc.constantFrom('', '  ', '    ', '\t'),
  extra: fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 3 }),
});

describe('a placeholder in SEARCH only is never applied', () => {
  it('refuses it between unique anchors, whatever the placeholder and whatever REPLACE holds, and changes nothing', () => {
    fc.assert(
      fc.property(cut, ({ doc, from, to, mark, indent, extra }) => {
        const content = `${doc.join('\n')}\n`;
        const a = Math.floor(from * (doc.length - 3));
        const b = Math.max(a + 2, Math.floor(to * (doc.length - 1)));
        // Unique first and last anchors around the lines the placeholder stands for.
        const search = [doc[a] ?? '', `${indent}${mark}`, doc[b] ?? ''];
        const replace = [(doc[a] ?? '').replace('<p', '<p data-new'), ...extra.map((e) => `<span>${e}</span>`), doc[b] ?? ''];
        const r = applyEdits(content, [{ search: `${search.join('\n')}\n`, replace: `${replace.join('\n')}\n` }]);
        expect(r.ok).toBe(false);
        expect(r.results[0]?.outcome).toBe('elision');
        expect(r.content).toBe(content);

        const answer = `\`\`\`html index.html\n<<<<<<< SEARCH\n${search.join('\n')}\n=======\n${replace.join('\n')}\n>>>>>>> REPLACE\n\`\`\`\n`;
        const outcome = applyAnswer({ 'index.html': content }, parseOutput(answer));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.reason).toBe('elision');
      }),
      { numRuns: 300 },
    );
  });

  it('still applies when REPLACE keeps the same placeholder (what it stands for stays)', () => {
    fc.assert(
      fc.property(cut, ({ doc, from, to, mark }) => {
        const content = `${doc.join('\n')}\n`;
        const a = Math.floor(from * (doc.length - 3));
        const b = Math.max(a + 2, Math.floor(to * (doc.length - 1)));
        const changed = (doc[a] ?? '').replace('<p', '<p data-new');
        const r = applyEdits(content, [
          { search: `${doc[a]}\n${mark}\n${doc[b]}\n`, replace: `${changed}\n${mark}\n${doc[b]}\n` },
        ]);
        expect(r.ok).toBe(true);
        expect(r.content).toBe(content.replace(`${doc[a]}\n`, `${changed}\n`));
      }),
      { numRuns: 150 },
    );
  });
});
