import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutputParser, type ParseEvent, parseOutput } from './parse';

/** Pieces models emit, glued in random order: the parser must hold up to any mix of them. */
const token = fc.constantFrom(
  '```',
  '```html index.html',
  '```css style.css',
  '```js',
  '```html',
  '~~~',
  '````',
  '<think>',
  '</think>',
  '<THINK>',
  '<<<<<<< SEARCH',
  '=======',
  '>>>>>>> REPLACE',
  '<!DOCTYPE html>',
  '<html lang="es">',
  '</html>',
  '</HTML>',
  '<h1>Hola</h1>',
  'about.html',
  '**style.css**',
  'Aquí tienes:',
  '  indented',
  '\n',
  '\n',
  '\n',
  '\r\n',
  '\r',
  ' ',
  '<',
  '`',
);
const modelOutput = fc.oneof(
  fc.array(token, { maxLength: 40 }).map((parts) => parts.join('')),
  fc.array(fc.oneof(token, fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 30 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

function chunked(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let at = 0;
  for (const p of points) {
    chunks.push(text.slice(at, p));
    at = p;
  }
  chunks.push(text.slice(at));
  return chunks;
}

describe('parser properties', () => {
  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(modelOutput, fc.string({ maxLength: 20 }), (text, defaultPath) => {
        parseOutput(text, { defaultPath: defaultPath || undefined });
      }),
      { numRuns: 1000 },
    );
  });

  it('streaming in any chunking gives the one-shot result, and the events add up to it', () => {
    fc.assert(
      fc.property(modelOutput, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const whole = parseOutput(text);
        const parser = new OutputParser();
        const events: ParseEvent[] = [];
        for (const chunk of chunked(text, cuts)) events.push(...parser.feed(chunk));
        events.push(...parser.end());
        expect(parser.result()).toEqual(whole);

        const thinking = events.map((e) => (e.type === 'thinking' ? e.text : '')).join('');
        expect(thinking).toBe(whole.thinking);
        expect(events.filter((e) => e.type === 'edit').map((e) => (e.type === 'edit' ? e.block : null))).toEqual(whole.edits);
        let open: { path: string; text: string } | null = null;
        for (const e of events) {
          if (e.type === 'file-start') {
            expect(open).toBeNull();
            open = { path: e.path, text: '' };
          } else if (e.type === 'file-delta') {
            expect(open?.path).toBe(e.path);
            if (open) open.text += e.text;
          } else if (e.type === 'file-complete') {
            expect(open?.path).toBe(e.file.path);
            // The completed file is what streamed, except a closing fence glued to the last line.
            if (open && open.text !== e.file.content) expect(open.text.startsWith(e.file.content.replace(/\n$/, ''))).toBe(true);
            open = null;
          }
        }
        expect(open).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});
