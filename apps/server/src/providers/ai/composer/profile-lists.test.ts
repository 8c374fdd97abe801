import { describe, expect, it } from 'vitest';
import { analysePrompt } from './analyse';
import { composeSite } from './compose';
import { planFollowUp } from './followup';
import { profileOf } from './profile';
import { applyListEdit, sectionBlocks } from './profile-lists';

// Invented for this test: a bike workshop with prices, services and two people.
const BRIEF =
  'Taller de bicis Radios Libres en Zaragoza. Precios: puesta a punto 35 €, cambio de cadena 20 €. Servicios: montaje de ruedas, ajuste de frenos. Equipo: Marta (mecánica), Iker (ventas). Teléfono 976 111 222.';

function site() {
  const brief = analysePrompt(BRIEF);
  return { profile: profileOf(brief), files: composeSite(brief).map((f) => ({ path: f.path, content: f.content })) };
}
const page = (files: { path: string; content: string }[]) => files.find((f) => f.path === 'index.html')?.content ?? '';

describe('lists edited in the card, written on the page in place', () => {
  it('adds, changes and removes rows of items, services and people', () => {
    const { profile, files } = site();
    expect(profile.items.map((i) => i.label)).toContain('Puesta a punto');
    expect(profile.people.map((p) => p.name)).toEqual(['Marta', 'Iker']);
    const lists = {
      items: [
        { label: 'Puesta a punto', price: '39 €' },
        { label: 'Lavado completo', price: '15 €' },
      ],
      services: [...profile.services, 'Alquiler de tándem'],
      people: [{ name: 'Marta', role: 'jefa de taller' }],
    };
    const { changes, applied } = applyListEdit(files, BRIEF, profile, lists);
    expect(applied).toBe(true);
    const html = changes.get('index.html') ?? '';
    expect(html).toContain('Lavado completo');
    expect(html).toContain('39 €');
    expect(html).not.toContain('Cambio de cadena');
    expect(html).toContain('Alquiler de tándem');
    expect(html).toContain('jefa de taller');
    expect(html).not.toContain('Iker');
    // Only the list sections changed: the hero, the contact and the footer are the page's own.
    const [before, after] = [sectionBlocks(page(files)), sectionBlocks(html)];
    for (const id of ['hero', 'contact', 'footer']) expect(after.get(id)?.text, id).toBe(before.get(id)?.text);
  });

  it('keeps the page as it is when the section was changed since (stored only, never half-written)', () => {
    const { profile, files } = site();
    const plan = planFollowUp('cambia «Marta» por «Marta Gil»', files);
    expect(plan.changes.size).toBeGreaterThan(0);
    const edited = files.map((f) => ({ path: f.path, content: plan.changes.get(f.path) ?? f.content }));
    const result = applyListEdit(edited, BRIEF, profile, { ...profile, people: [{ name: 'Iker', role: 'ventas' }] });
    expect(result.applied).toBe(false);
    expect(result.changes.size).toBe(0);
  });

  it('does not invent a section the page does not have', () => {
    const brief = analysePrompt('Floristería Pétalo en Soria. Teléfono 975 000 000.');
    const profile = profileOf(brief);
    const files = composeSite(brief).map((f) => ({ path: f.path, content: f.content }));
    const result = applyListEdit(files, 'Floristería Pétalo en Soria. Teléfono 975 000 000.', profile, {
      ...profile,
      people: [{ name: 'Rosa', role: 'florista' }],
    });
    expect(page(files)).not.toContain('data-section="team"');
    expect(result.applied).toBe(false);
    expect(result.changes.size).toBe(0);
  });
});
