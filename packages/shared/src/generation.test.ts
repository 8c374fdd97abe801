import { describe, expect, it } from 'vitest';
import { generateRequestSchema, generationEventSchema, MAX_PROMPT_CHARS } from './generation';

describe('generate request', () => {
  it('needs only a non-blank prompt, and trims it', () => {
    expect(generateRequestSchema.parse({ prompt: '  Una web para mi panadería  ' })).toEqual({
      prompt: 'Una web para mi panadería',
    });
    for (const prompt of ['', '   ', '\n\t']) {
      const result = generateRequestSchema.safeParse({ prompt });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('El prompt no puede estar vacío.');
    }
    expect(generateRequestSchema.safeParse({}).success).toBe(false);
  });

  it('accepts the full payload of the spec plus space and selected element', () => {
    const full = {
      prompt: 'Cambia el color',
      provider: 'auto',
      model: 'deepseek-ai/DeepSeek-V3-0324',
      previousPrompt: 'Una web',
      html: '<!DOCTYPE html><html></html>',
      redesignMarkdown: '# Sitio',
      activeFileId: 'style.css',
      activeFileType: 'css',
      generateSeparateFiles: true,
      spaceId: 'abc',
      selectedElement: { selector: 'body > h1', html: '<h1>Hola</h1>' },
    };
    expect(generateRequestSchema.parse(full)).toEqual(full);
  });

  it('rejects oversized input and wrong types', () => {
    expect(generateRequestSchema.safeParse({ prompt: 'x'.repeat(MAX_PROMPT_CHARS + 1) }).success).toBe(false);
    expect(generateRequestSchema.safeParse({ prompt: 'x', generateSeparateFiles: 'yes' }).success).toBe(false);
    expect(generateRequestSchema.safeParse({ prompt: 'x', selectedElement: { selector: '', html: '' } }).success).toBe(false);
  });
});

describe('generation events', () => {
  it('accepts every event type', () => {
    const events = [
      { type: 'thinking', text: 'hmm' },
      { type: 'code', path: 'index.html', delta: '<h1>' },
      { type: 'edited', path: 'style.css', content: 'h1 { color: blue; }\n' },
      { type: 'files', files: [{ path: 'index.html', content: '<h1>Hola</h1>\n' }], updatedLines: { 'index.html': [[1, 1]] } },
      { type: 'edits', results: [{ path: 'style.css', index: 0, outcome: 'applied_tolerant', lines: [3, 5] }] },
      { type: 'done', versionId: 'v1', messagesUsed: 3, messagesLimit: 100 },
      { type: 'done', versionId: 'v2', messagesUsed: 3, messagesLimit: -1 },
      {
        type: 'error',
        message: 'Alcanzaste el límite de mensajes de tu plan este mes.',
        code: 'QUOTA_EXCEEDED',
        openProModal: true,
      },
      { type: 'keepalive' },
    ];
    for (const event of events) expect(generationEventSchema.parse(event)).toEqual(event);
  });

  it('rejects unknown types and malformed events', () => {
    for (const bad of [
      { type: 'nope' },
      { type: 'code', path: 'index.html' },
      { type: 'files', files: [], updatedLines: { 'index.html': [[0, 1]] } },
      { type: 'edits', results: [{ path: 'a', index: 0, outcome: 'half_applied' }] },
      { type: 'error', message: 'x' },
    ]) {
      expect(generationEventSchema.safeParse(bad).success).toBe(false);
    }
  });
});
