import { parseOutput } from '@div/site-engine/parse';
import { describe, expect, it } from 'vitest';
import { composeFromPrompt } from './compose';
import { planFollowUp } from './followup';
import { answer } from './provider';

/** "usa mi foto en la portada" (issue 38): the hero's image slot takes the space's own upload. */

const site = () => composeFromPrompt('Una web para la peluquería Tijeras de Oro en Bilbao, con servicios y contacto').files;
const images = [
  { name: 'salon.jpg', width: 1600, height: 1000, bytes: 200_000, alt: 'El salón por dentro', createdAt: '2026-11-01T10:00:00Z' },
  { name: 'equipo.jpg', width: 1200, height: 800, bytes: 150_000, alt: '', createdAt: '2026-11-20T10:00:00Z' },
  { name: 'logo.png', width: 400, height: 120, bytes: 20_000, alt: 'Logo', createdAt: '2026-10-01T10:00:00Z' },
];

function run(prompt: string, list = images) {
  const files = site();
  const plan = planFollowUp(prompt, files, undefined, list);
  const after = (path: string) => plan.changes.get(path) ?? files.find((f) => f.path === path)?.content ?? '';
  return { plan, html: after('index.html'), css: after('style.css') };
}

const heroOf = (html: string) => /<header class="hero"[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';

describe('the owner’s photo in the hero', () => {
  it.each([
    'usa mi foto en la portada',
    'pon mi foto en el inicio',
    'usa la imagen que subí en la cabecera',
    'put my photo in the hero',
  ])('«%s» puts the newest upload in the hero, sized and described', (prompt) => {
    const { plan, html, css } = run(prompt);
    expect(plan.understood).toBe(true);
    expect(plan.refused).toBeFalsy();
    const hero = heroOf(html);
    // The newest upload, with its own size; without an alt of its own it says the site's name.
    expect(hero).toContain('<img class="hero-photo" src="images/equipo.jpg" alt="Tijeras de Oro" width="1200" height="800">');
    expect(hero).not.toContain('aria-hidden="true">');
    expect(hero).not.toContain('class="art ');
    expect(css).toContain('.hero-photo {');
    expect(plan.messages.join(' ')).toContain('images/equipo.jpg');
  });

  it('uses the image the request names, with its alt', () => {
    const { html } = run('usa salon.jpg en la portada');
    expect(heroOf(html)).toContain('src="images/salon.jpg" alt="El salón por dentro" width="1600" height="1000"');
    const again = run('pon la foto salon en la cabecera');
    expect(heroOf(again.html)).toContain('src="images/salon.jpg"');
  });

  it('replaces an earlier hero photo and keeps the rest of the request', () => {
    const files = site();
    const first = planFollowUp('usa salon.jpg en la portada', files, undefined, images);
    const placed = files.map((f) => ({ path: f.path, content: first.changes.get(f.path) ?? f.content }));
    const second = planFollowUp('usa equipo.jpg en la portada y cambia el color principal a verde', placed, undefined, images);
    const html = second.changes.get('index.html') ?? '';
    expect(heroOf(html)).toContain('src="images/equipo.jpg"');
    expect(heroOf(html)).not.toContain('salon.jpg');
    expect(second.changes.get('style.css')).toMatch(/--color-primary: #/);
    expect((second.changes.get('style.css') ?? '').match(/\.hero-photo \{/g)).toHaveLength(1);
  });

  it('refuses in Spanish when the space has no uploaded image, changing nothing', () => {
    const { plan } = run('usa mi foto en la portada', []);
    expect(plan.refused).toBe(true);
    expect(plan.changes.size).toBe(0);
    expect(plan.messages[0]).toContain('no tiene ninguna imagen subida');
    expect(plan.messages[0]).toContain('Subir imagen');
    // Through the provider: an answer without file blocks (the generation gives the message back).
    const text = answer('usa mi foto en la portada', site(), undefined, []);
    expect(parseOutput(text).files).toHaveLength(0);
  });

  it('leaves the logo in the header to its own request', () => {
    const { plan } = run('pon mi logo en la cabecera');
    expect(heroOf(plan.changes.get('index.html') ?? '')).not.toContain('hero-photo');
  });

  it('leaves hero-size requests to their own handler', () => {
    const { html, css } = run('haz la imagen de la portada más grande');
    expect(heroOf(html)).not.toContain('hero-photo');
    expect(css).toContain('min-height: 92vh');
  });
});

describe('the team’s and the about section’s photos (ADR 0258)', () => {
  const team = () =>
    composeFromPrompt(
      'Web para la fisioterapia Movimiento en Bilbao. Equipo: Ana López (fisioterapeuta) y Jon Etxeberria (osteópata).',
    ).files;
  const people = [
    { name: 'ana-lopez.jpg', width: 600, height: 600, bytes: 50_000, alt: '' },
    { name: 'local.jpg', width: 1200, height: 800, bytes: 90_000, alt: 'La sala de tratamiento' },
  ];

  it('puts a member’s photo where their initials were, and leaves the others as they are', () => {
    const files = team();
    const plan = planFollowUp('pon las fotos del equipo', files, undefined, people);
    const html = plan.changes.get('index.html') ?? '';
    expect(html).toContain('<img class="member-photo" src="images/ana-lopez.jpg" alt="Ana López" width="600" height="600">');
    expect(html).toMatch(/<span class="avatar avatar-large" aria-hidden="true">JE<\/span>|aria-hidden="true">J<\/span>/);
    expect(plan.changes.get('style.css')).toContain('.member-photo {');
  });

  it('says so when no image is named like anyone of the team', () => {
    const plan = planFollowUp('pon las fotos del equipo', team(), undefined, [people[1] as (typeof people)[number]]);
    expect(plan.changes.size).toBe(0);
    expect(plan.messages.join(' ')).toContain('No encontré imágenes con el nombre');
  });

  it('puts the named photo in the about section, described', () => {
    const files = team();
    const plan = planFollowUp('usa local.jpg en sobre nosotros', files, undefined, people);
    const html = plan.changes.get('index.html') ?? '';
    expect(/<section[^>]*id="about"[\s\S]*?<\/section>/.exec(html)?.[0]).toContain(
      'src="images/local.jpg" alt="La sala de tratamiento" width="1200" height="800"',
    );
  });

  it('fills the slots of a new site from images named for them, and leaves them out otherwise', () => {
    const brief =
      'Web para la fisioterapia Movimiento en Bilbao, con sobre nosotros. Equipo: Ana López (fisioterapeuta) y Jon Etxeberria (osteópata).';
    const html =
      parseOutput(answer(brief, [], undefined, [...people, { ...images[0], name: 'portada.jpg' } as never])).files.find(
        (f) => f.path === 'index.html',
      )?.content ?? '';
    expect(html).toContain('class="member-photo" src="images/ana-lopez.jpg"');
    expect(/<section[^>]*id="about"[\s\S]*?<\/section>/.exec(html)?.[0]).toContain(
      '<img class="about-photo-inline" src="images/local.jpg" alt="La sala de tratamiento" width="1200" height="800">',
    );
    const plain = parseOutput(answer(brief, [])).files.find((f) => f.path === 'index.html')?.content ?? '';
    expect(plain).not.toMatch(/member-photo|about-photo/);
  });
});
