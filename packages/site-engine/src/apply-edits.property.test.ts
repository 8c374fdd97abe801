import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits } from './apply-edits';
import { parseOutput } from './parse';
import { formatEditBlocks } from './protocol';

/** Lines as sites have them: indentation and a few words; optionally blank lines. */
const word = fc.constantFrom(
  '<div>',
  '</div>',
  '<p>',
  'hola',
  'color:',
  'red;',
  '{',
  '}',
  'class="a"',
  'texto',
  'más',
  '<li>',
  '&amp;',
);
const lineArb = (withBlank: boolean) =>
  fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .tuple(fc.constantFrom('', '  ', '    ', '\t'), fc.array(word, { minLength: 1, maxLength: 4 }))
        .map(([indent, words]) => indent + words.join(' ')),
    },
    { weight: withBlank ? 1 : 0, arbitrary: fc.constant('') },
  );

interface Change {
  /** Replaced old lines [start, end) (start === end inserts). */
  start: number;
  end: number;
  lines: string[];
}

const countAt = (doc: readonly string[], search: readonly string[]) => {
  let n = 0;
  for (let i = 0; i + search.length <= doc.length; i++) if (search.every((line, t) => doc[i + t] === line)) n++;
  return n;
};

/**
 * Splits the document into segments and changes at most one place in each; each block grows its
 * context (within its segment) until its SEARCH text is unique, like a careful model would.
 */
function deriveBlocks(doc: readonly string[], changes: readonly Change[], segments: readonly [number, number][]) {
  const blocks: { search: string; replace: string }[] = [];
  const applied: Change[] = [];
  changes.forEach((change, i) => {
    const [lo, hi] = segments[i] ?? [0, 0];
    for (let context = 0; ; context++) {
      const from = Math.max(lo, change.start - context);
      const to = Math.min(hi, change.end + context);
      const search = doc.slice(from, to);
      if (search.length > 0 && search.some((l) => l.trim() !== '') && countAt(doc, search) === 1) {
        const replace = [...doc.slice(from, change.start), ...change.lines, ...doc.slice(change.end, to)];
        blocks.push({ search: search.map((l) => `${l}\n`).join(''), replace: replace.map((l) => `${l}\n`).join('') });
        applied.push(change);
        return;
      }
      if (from === lo && to === hi) return;
    }
  });
  let expected = [...doc];
  for (const change of [...applied].sort((a, b) => b.start - a.start))
    expected.splice(change.start, change.end - change.start, ...change.lines);
  expected = expected.length ? expected : [];
  return { blocks, expected: expected.map((l) => `${l}\n`).join('') };
}

const scenario = (withBlank: boolean) =>
  fc
    .tuple(fc.array(lineArb(withBlank), { minLength: 3, maxLength: 60 }), fc.integer({ min: 1, max: 5 }))
    .chain(([doc, parts]) => {
      const size = Math.max(1, Math.floor(doc.length / parts));
      const segments: [number, number][] = [];
      for (let s = 0; s < doc.length; s += size) segments.push([s, Math.min(doc.length, s + size)]);
      const changeArbs = segments.map(([lo, hi]) =>
        fc
          .tuple(
            fc.integer({ min: lo, max: hi - 1 }),
            fc.integer({ min: 0, max: 3 }),
            fc.array(lineArb(withBlank), { maxLength: 3 }),
          )
          .map(([start, len, lines]) => ({ start, end: Math.min(hi, start + len), lines })),
      );
      return fc.tuple(fc.constant(doc), fc.constant(segments), fc.tuple(...changeArbs));
    });

describe('applying edits derived from a known change reproduces it', () => {
  it('exact blocks', () => {
    fc.assert(
      fc.property(scenario(true), ([doc, segments, changes]) => {
        const { blocks, expected } = deriveBlocks(doc, changes, segments);
        const result = applyEdits(doc.map((l) => `${l}\n`).join(''), blocks);
        expect(result.results.every((r) => r.outcome === 'applied_exact')).toBe(true);
        expect(result.content).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('through the protocol: formatted, parsed, applied', () => {
    fc.assert(
      fc.property(scenario(true), ([doc, segments, changes]) => {
        const { blocks, expected } = deriveBlocks(doc, changes, segments);
        const answer = `Cambios:\n${formatEditBlocks('index.html', blocks)}Listo.`;
        const parsed = parseOutput(answer);
        expect(parsed.edits.map(({ search, replace }) => ({ search, replace }))).toEqual(blocks);
        expect(applyEdits(doc.map((l) => `${l}\n`).join(''), parsed.edits).content).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('re-indented blocks land tolerantly with the file’s own indentation', () => {
    fc.assert(
      fc.property(
        scenario(false).filter(([doc]) => new Set(doc.map((l) => l.trim().replace(/\s+/g, ' '))).size === doc.length),
        fc.constantFrom('  ', '    ', '\t', ''),
        ([doc, segments, changes], shift) => {
          const { blocks, expected } = deriveBlocks(doc, changes, segments);
          const moved = blocks.map((b) => {
            const indent = (text: string) =>
              text
                .split('\n')
                .map((l) => (l === '' ? l : shift === '' ? l.trimStart() : shift + l))
                .join('\n');
            return { search: indent(b.search), replace: indent(b.replace) };
          });
          const result = applyEdits(doc.map((l) => `${l}\n`).join(''), moved);
          expect(result.results.every((r) => r.outcome === 'applied_exact' || r.outcome === 'applied_tolerant')).toBe(true);
          if (shift !== '') expect(result.content).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('never applies a block to two places', () => {
  it('a SEARCH text present twice is ambiguous and the file is unchanged', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb(false), { minLength: 1, maxLength: 5 }),
        fc.array(lineArb(true), { maxLength: 10 }),
        (block, filler) => {
          const text = [...block, ...filler, ...block].map((l) => `${l}\n`).join('');
          const result = applyEdits(text, [{ search: block.map((l) => `${l}\n`).join(''), replace: 'x\n' }]);
          expect(result.results[0]?.outcome).toBe('ambiguous');
          expect(result.content).toBe(text);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('fuzzy matching never lands in the wrong place', () => {
  it('a SEARCH block with a typo applies where it belongs, or not at all', () => {
    const row = fc
      .tuple(fc.constantFrom('  ', '    '), fc.array(word, { minLength: 2, maxLength: 5 }))
      .map(([indent, words]) => `${indent}${words.join(' ')}`);
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 6, maxLength: 40 }).map((rows) => rows.map((r, i) => `${r} n${i}`)),
        fc.nat(),
        fc.integer({ min: 2, max: 4 }),
        fc.nat(),
        fc.nat(),
        (doc, at, size, typoLine, typoAt) => {
          const start = at % (doc.length - size);
          const search = doc.slice(start, start + size);
          const line = typoLine % size;
          const target = search[line] ?? '';
          const pos = typoAt % target.length;
          const typo = [...search];
          typo[line] = `${target.slice(0, pos)}${target[pos] === 'x' ? 'y' : 'x'}${target.slice(pos + 1)}`;
          const text = doc.map((l) => `${l}\n`).join('');
          const result = applyEdits(text, [{ search: typo.map((l) => `${l}\n`).join(''), replace: 'CAMBIO\n' }]);
          const outcome = result.results[0];
          if (outcome?.outcome.startsWith('applied')) {
            expect(outcome.lines).toEqual([start + 1, start + size]);
            const expected = [...doc.slice(0, start), 'CAMBIO', ...doc.slice(start + size)].map((l) => `${l}\n`).join('');
            expect(result.content.replace(/^ +CAMBIO/m, 'CAMBIO')).toBe(expected);
          } else {
            expect(result.content).toBe(text);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
