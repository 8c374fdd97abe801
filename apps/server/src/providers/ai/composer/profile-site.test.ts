import { describe, expect, it } from 'vitest';
import { analysePrompt } from './analyse';
import { composeSite } from './compose';
import { planFollowUp } from './followup';
import { profileOf } from './profile';
import { applyProfileEdit, isComposedSite, profileAfterFollowUp, recomposeWithKind } from './profile-site';

const BRIEF =
  'Panadería La Espiga en Sevilla, calle Feria 12. Teléfono 954 123 456, correo hola@laespiga.es. Abrimos de lunes a sábado de 8 a 14.';

function site() {
  const brief = analysePrompt(BRIEF);
  return { profile: profileOf(brief), files: composeSite(brief).map((f) => ({ path: f.path, content: f.content })) };
}
const page = (files: { path: string; content: string }[]) => files.find((f) => f.path === 'index.html')?.content ?? '';
const withChanges = (files: { path: string; content: string }[], changes: Map<string, string>) =>
  files.map((f) => ({ path: f.path, content: changes.get(f.path) ?? f.content }));

describe('card corrections on the page', () => {
  it('changes every occurrence of the name and the phone, with its call link', () => {
    const { profile, files } = site();
    expect(profile.name).toBe('Panadería La Espiga');
    const { changes, applied } = applyProfileEdit(files, profile, { name: 'Horno Espiga', phone: '955 000 111' });
    expect(applied).toEqual(['name', 'phone']);
    const html = page(withChanges(files, changes));
    expect(html).not.toContain('La Espiga');
    expect(html).toContain('<title>Horno Espiga');
    expect(html).toContain('data-fact="phone">955 000 111<');
    expect(html).toContain('href="tel:955000111"');
    expect(html).not.toContain('954 123 456');
  });

  it('writes the hours, the email and the address, and leaves the kind for the next generation', () => {
    const { profile, files } = site();
    const { changes, applied } = applyProfileEdit(files, profile, {
      hours: 'de martes a domingo de 9 a 15',
      email: 'pan@espiga.es',
      address: 'calle Sol 3',
      kind: 'bar',
    });
    expect(applied.sort()).toEqual(['address', 'email', 'hours']);
    const html = page(withChanges(files, changes));
    expect(html).toContain('data-fact="hours">de martes a domingo de 9 a 15<');
    expect(html).toContain('href="mailto:pan@espiga.es"');
    expect(html).toContain('data-fact="address">calle Sol 3, Sevilla<');
  });

  it('changes nothing for a value equal to the stored one', () => {
    const { profile, files } = site();
    expect(applyProfileEdit(files, profile, { phone: '954 123 456' })).toEqual({ changes: new Map(), applied: [] });
  });
});

describe('a kind chosen in the card', () => {
  it('composes the site again with that kind, keeping the corrected facts', () => {
    const { profile, files } = site();
    expect(isComposedSite(files)).toBe(true);
    const chosen = { ...profile, kind: 'tattoo', name: 'Tinta Espiga', phone: '955 000 111' };
    const { changes, applied, profile: next } = recomposeWithKind(files, BRIEF, chosen, ['kind', 'name', 'phone']);
    const html = page(withChanges(files, changes));
    expect(html).toContain('data-kind-id="tattoo"');
    expect(html).not.toContain('data-kind-id="bakery"');
    expect(html).toContain('<title>Tinta Espiga');
    expect(html).toContain('data-fact="phone">955 000 111<');
    expect(html).toContain('data-fact="email">hola@laespiga.es<');
    expect(applied.sort()).toEqual(['kind', 'name', 'phone']);
    expect(next).toMatchObject({ kind: 'tattoo', name: 'Tinta Espiga', phone: '955 000 111', city: 'Sevilla' });
    expect(next.uncertain).not.toContain('kind');
  });

  it('is not offered for a page the composer did not write', () => {
    expect(isComposedSite([{ path: 'index.html', content: '<html><body><h1>Hola</h1></body></html>' }])).toBe(false);
  });
});

describe('follow-ups update the profile', () => {
  it('copies back the phone and the name a typed request changed', () => {
    const { profile, files } = site();
    let current = files;
    for (const request of ['cambia el tlf a 600 111 222', 'cambia el nombre a «Horno Espiga»']) {
      const plan = planFollowUp(request, current);
      expect(plan.understood).toBe(true);
      current = withChanges(current, plan.changes);
    }
    const next = profileAfterFollowUp(profile, files, current);
    expect(next.phone).toBe('600 111 222');
    expect(next.name).toBe('Horno Espiga');
    expect(next.email).toBe(profile.email);
  });

  it('keeps the street apart from the city, and leaves the profile alone when no fact changed', () => {
    const { profile, files } = site();
    const plan = planFollowUp('la dirección es «calle Sol 3, Sevilla»', files);
    const moved = profileAfterFollowUp(profile, files, withChanges(files, plan.changes));
    expect(moved.address).toBe('calle Sol 3');
    expect(moved.city).toBe('Sevilla');
    const recoloured = planFollowUp('cambia el color principal a verde', files);
    expect(profileAfterFollowUp(profile, files, withChanges(files, recoloured.changes))).toBe(profile);
  });
});
