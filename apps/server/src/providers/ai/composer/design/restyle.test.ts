import { describe, expect, it } from 'vitest';
import { composeFromPrompt } from '../compose';
import { planFollowUp } from '../followup';
import { familyById, otherFamilies } from './choose';
import { familyTokens } from './family-css';
import { restyleSite, siteFamily } from './restyle';

/** "Cambiar diseño" and style follow-ups (issue 38, ADR 0257): same content, another family. */

const site = () =>
  composeFromPrompt('Una web para el taller de bicis Radios en Vigo, color principal naranja, con galería').files;

describe('changing the design family', () => {
  it('restyles the stylesheets only, keeping the content and the brand colours', () => {
    const files = site();
    const from = siteFamily(files);
    expect(from).toBeDefined();
    const html = files.find((f) => f.path === 'index.html')?.content ?? '';
    const primary = /--color-primary: (#[0-9a-f]{6})/.exec(files.find((f) => f.path === 'style.css')?.content ?? '')?.[1] ?? '';
    const accent = /--color-accent: (#[0-9a-f]{6})/.exec(files.find((f) => f.path === 'style.css')?.content ?? '')?.[1] ?? '';
    for (const target of otherFamilies(from?.id ?? '')) {
      const next = restyleSite(files, target) ?? [];
      expect(siteFamily(next)?.id).toBe(target.id);
      const css = next.find((f) => f.path === 'style.css')?.content ?? '';
      expect(css).toContain(`/* Design: ${target.name[1]} (${target.id}) */`);
      expect(css).not.toContain(`(${from?.id}) */`);
      expect(css).toContain(`--color-bg: ${target.surfaces.bg};`);
      // The brand colours are read back from the site and fitted to the new surfaces.
      expect(css).toContain(familyTokens(target, { primary, accent })[0]);
      expect(next.find((f) => f.path === 'fonts.css')?.content).toContain('Typefaces of the');
      // The same page: only the body's design class differs.
      const after = next.find((f) => f.path === 'index.html')?.content ?? '';
      expect(after.replace(/design-[a-z-]+/, '')).toBe(html.replace(/design-[a-z-]+/, ''));
    }
  });

  it('restyles a model’s site through its own variables, and leaves a site without them alone', () => {
    const files = [
      {
        path: 'index.html',
        content: '<html><head><link rel="stylesheet" href="style.css"></head><body><h1>Hola</h1></body></html>',
      },
      {
        path: 'style.css',
        content:
          ':root { --color-bg: #fff; --color-text: #111; --color-primary: #c2410c; --radius: 8px; }\nh1 { color: var(--color-text); }',
      },
    ];
    const noir = familyById('noir');
    if (!noir) throw new Error('noir');
    const next = restyleSite(files, noir) ?? [];
    const css = next.find((f) => f.path === 'style.css')?.content ?? '';
    expect(css).toContain('--color-bg: #0f0d0b');
    expect(css).toContain('--radius: 4px');
    expect(css).toContain('h1 { color: var(--color-text); }');
    expect(next.find((f) => f.path === 'index.html')?.content).toContain('href="fonts.css"');
    expect(next.some((f) => f.path === 'fonts.css')).toBe(true);
    expect(restyleSite([{ path: 'style.css', content: 'body { color: red; }' }, files[0] as never], noir)).toBeNull();
  });
});

describe('style follow-ups move between families', () => {
  const run = (prompt: string, files = site()) => {
    const plan = planFollowUp(prompt, files, undefined);
    const next = files.map((f) => ({ path: f.path, content: plan.changes.get(f.path) ?? f.content }));
    return { plan, family: siteFamily(next), next };
  };

  it.each([
    ['más elegante', 'atelier'],
    ['hazla más moderna', 'grotesk'],
    ['minimalista', 'studio'],
    ['estilo minimalista por favor', 'studio'],
    ['make it more modern', 'grotesk'],
  ])('«%s» gives the %s family', (prompt, id) => {
    const { plan, family } = run(prompt);
    expect(plan.understood).toBe(true);
    expect(family?.id).toBe(id);
    expect(plan.messages.join(' ')).toMatch(/diseño|design/);
  });

  it('«oscuro» gives a dark family, deterministically, and «más claro» comes back to a light one', () => {
    const first = run('oscuro');
    expect(first.family?.dark).toBe(true);
    expect(run('pon el modo oscuro').family?.id).toBe(first.family?.id);
    const back = run('más claro', first.next);
    expect(back.family?.dark).toBe(false);
  });

  it('leaves colours to the colour handler', () => {
    const { plan, family } = run('cambia el color principal a verde oscuro');
    expect(family?.id).toBe(siteFamily(site())?.id);
    expect(plan.changes.get('style.css')).toMatch(/--color-primary: #/);
  });
});

describe('the hero’s arrangement (layout spread)', () => {
  const variantOf = (css: string) =>
    /\/\* Hero variant: (the art first|the copy across|a narrow column)/.exec(css)?.[1] ?? 'base';
  const briefs = [
    'Web para la clínica dental Sonrisa en Madrid',
    'Web para la floristería Lirio en Granada',
    'Web para la academia de inglés Speak en Murcia',
    'Web para el gimnasio Fuerza en Oviedo',
    'Web para la tienda de bicis Radios en Vigo',
    'Web para la gestoría Números en Toledo',
    'Web para la escuela infantil Pompas en Cádiz',
    'Web para la app de recetas Cazo',
  ];

  it('spreads split and collage heroes over their arrangements by kind, the same each time', () => {
    const seen = new Set<string>();
    for (const brief of briefs) {
      const css = composeFromPrompt(brief).files.find((f) => f.path === 'style.css')?.content ?? '';
      expect(composeFromPrompt(brief).files.find((f) => f.path === 'style.css')?.content).toBe(css);
      if (/\/\* Hero: (split|collage)/.test(css)) seen.add(variantOf(css));
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('keeps the arrangement when the design changes to another split or collage family', () => {
    for (const brief of briefs) {
      const files = composeFromPrompt(brief).files;
      const css = files.find((f) => f.path === 'style.css')?.content ?? '';
      if (!/\/\* Hero: (split|collage)/.test(css) || variantOf(css) === 'base') continue;
      const target = siteFamily(files)?.id === 'clinic' ? 'trattoria' : 'clinic';
      const next = restyleSite(files, familyById(target) as NonNullable<ReturnType<typeof familyById>>) ?? [];
      const after = next.find((f) => f.path === 'style.css')?.content ?? '';
      expect(variantOf(after)).toBe(variantOf(css));
      expect(after.match(/\/\* Hero variant/g)).toHaveLength(1);
      expect(after.match(/\/\* Design: /g)).toHaveLength(1);
      return;
    }
    throw new Error('no brief with a varied split or collage hero');
  });
});
