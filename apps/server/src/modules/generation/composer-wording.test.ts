import { applyAnswer } from '@div/site-engine/answer';
import { parseOutput } from '@div/site-engine/parse';
import { formatEditBlocks } from '@div/site-engine/protocol';
import { describe, expect, it } from 'vitest';
import { composerWording } from './service';

/** When the local composer answered, a refusal never says "la IA" (issue 20/22). */

const current = { 'index.html': '<!DOCTYPE html>\n<html lang="es"><body><h1>Hola</h1></body></html>\n' };

function refusal(text: string, finishReason: string | null = 'stop'): string {
  const outcome = applyAnswer(current, parseOutput(text), { finishReason });
  if (outcome.ok) throw new Error('expected a refusal');
  return outcome.message;
}

describe('composer wording', () => {
  it('names the local composer in every kind of refusal', () => {
    const messages = [
      refusal(formatEditBlocks('index.html', [{ search: '<h2>No está</h2>', replace: '<h2>Otro</h2>' }])),
      refusal('```html index.html\n<!DOCTYPE html>\n<html><body><h1>Cort', 'length'),
      refusal('Nada que cambiar.'),
    ];
    for (const message of messages) {
      expect(message).toMatch(/\bIA\b/);
      const worded = composerWording(message);
      expect(worded).not.toMatch(/\bIA\b/);
      expect(worded).toMatch(/compositor local/);
      expect(worded).toMatch(/^[A-ZÁÉÍÓÚ¿]/);
    }
    expect(composerWording('La respuesta de la IA se cortó')).toBe('La respuesta del compositor local se cortó');
  });
});
