import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { analysePrompt, namedColours } from './analyse';
import { contrast } from './colour';
import { composeFromPrompt } from './compose';
import { planFollowUp } from './followup';
import { qualityBriefs } from './quality-briefs';
import { paletteLines } from './styles';

/** Every composed page validates with html-validate's recommended rules, and its colours reach AA. */

const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

async function problems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
}

describe('quality of composed sites', () => {
  it('validate with html-validate (recommended rules)', async () => {
    for (const prompt of qualityBriefs) {
      const html = composeFromPrompt(prompt).files.find((f) => f.path === 'index.html')?.content ?? '';
      expect(await problems(html), prompt).toEqual([]);
    }
  });

  it('still validate after follow-ups', async () => {
    const files = composeFromPrompt(qualityBriefs[0] as string).files;
    for (const prompt of [
      'añade a Laura Gómez al equipo (panadera)',
      'añade un testimonio de Ana: "El mejor pan"',
      'añade la pregunta ¿Hacéis pan sin gluten? Sí',
      'quiero la web en inglés',
      'añade mi instagram @laespiga',
      'quita la sección de galería',
    ]) {
      const plan = planFollowUp(prompt, files);
      const html = plan.changes.get('index.html');
      expect(html, prompt).toBeDefined();
      expect(await problems(html as string), prompt).toEqual([]);
    }
  });

  it('text on brand colours and brand colours as text reach 4.5:1 for every named colour', () => {
    for (const { hex } of namedColours) {
      for (const dark of [false, true]) {
        const vars = Object.fromEntries(
          paletteLines({ primary: hex, accent: hex, dark }).map(
            (l) => l.trim().replace(/;$/, '').split(': ') as [string, string],
          ),
        );
        expect(contrast(vars['--on-primary'] as string, hex), hex).toBeGreaterThanOrEqual(4.5);
        expect(contrast(vars['--color-primary-ink'] as string, vars['--color-bg'] as string), hex).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(analysePrompt('web amarilla y blanca').palette.primary).toBe('#eab308');
  });
});
