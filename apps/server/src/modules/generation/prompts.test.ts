import { describe, expect, it } from 'vitest';
import { buildMessages } from './prompts';

describe('the system prompt', () => {
  it('tells the model to write plain forms with named fields that DIV delivers, for new sites and edits', () => {
    for (const files of [[], [{ path: 'index.html', content: '<html><body></body></html>' }]]) {
      const [system] = buildMessages({ prompt: 'Una web para mi peluquería con formulario de reservas', files });
      expect(system?.role).toBe('system');
      expect(system?.content).toContain('DIV delivers every form of a published site');
      expect(system?.content).toContain('every field with a name attribute');
      expect(system?.content).toContain('no file inputs');
    }
  });
});
