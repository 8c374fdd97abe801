import { describe, expect, it } from 'vitest';
import { applyAnswer } from './answer';
import { parseOutput } from './parse';

const page = '<!DOCTYPE html>\n<html>\n<body>\n  <h1>Hola</h1>\n</body>\n</html>\n';
const files = { 'index.html': page, 'style.css': 'h1 {\n  color: red;\n}\nbody {\n  margin: 0;\n}\n' };

describe('applyAnswer: the one rule', () => {
  it('applies a new site written whole, and a whole page that stops at </body>', () => {
    const site = applyAnswer({}, parseOutput('```html index.html\n<!DOCTYPE html>\n<html>\n<body>\n  <p>x</p>\n</body>\n```\n'));
    expect(site.ok).toBe(true);
  });

  it('refuses a cut-off answer even when its first block is complete', () => {
    const answer =
      '```html index.html\n<<<<<<< SEARCH\n  <h1>Hola</h1>\n=======\n  <h1>Adiós</h1>\n>>>>>>> REPLACE\n```\n```css style.css\n<<<<<<< SEARCH\nh1 {\n';
    const outcome = applyAnswer(files, parseOutput(answer), { finishReason: 'length' });
    expect(outcome).toMatchObject({ ok: false, reason: 'cut_off' });
    if (!outcome.ok) expect(outcome.message).toContain('se cortó');
  });

  it('says the answer was cut off while thinking, not that no file came back', () => {
    const outcome = applyAnswer(files, parseOutput('<think>Voy a cambiar el título y'), { finishReason: 'length' });
    expect(outcome).toMatchObject({ ok: false, reason: 'cut_off' });
    if (!outcome.ok) expect(outcome.message).toContain('se cortó mientras pensaba');
  });

  it('refuses a single CSS rule as the whole stylesheet', () => {
    const outcome = applyAnswer(files, parseOutput('```css style.css\nh1 {\n  color: blue;\n}\n```\n'));
    expect(outcome).toMatchObject({ ok: false, reason: 'fragment' });
  });

  it('names who answered: the local composer is never called an AI (issue 22)', () => {
    const missing = '```html index.html\n<<<<<<< SEARCH\n  <h2>No está</h2>\n=======\n  <h2>Nuevo</h2>\n>>>>>>> REPLACE\n```\n';
    const cases = [
      [parseOutput(missing), {}],
      [parseOutput('Nada que cambiar.'), {}],
      [parseOutput('```css style.css\nh1 {\n  color: blue;\n}\n```\n'), {}],
      [parseOutput('<think>Voy a'), { finishReason: 'length' }],
    ] as const;
    for (const [parsed, context] of cases) {
      const byModel = applyAnswer(files, parsed, context);
      const byComposer = applyAnswer(files, parsed, { ...context, author: 'composer' });
      if (byModel.ok || byComposer.ok) throw new Error('expected a refusal');
      expect(byModel.message).toMatch(/\b(La IA|de la IA)\b/);
      expect(byComposer.message).not.toMatch(/\bIA\b/);
      expect(byComposer.message).toMatch(/(El|del) compositor local/);
    }
  });
});
