import { describe, expect, it } from 'vitest';
import { answerApplied } from './answer-applied';
import { composeFromPrompt } from './compose';

// Invented sites: a recording studio with a team and services, a dance school without a team.
const studio = () =>
  Object.fromEntries(
    composeFromPrompt(
      'Estudio de grabación Onda en Bilbao. Equipo: Ane Goikoetxea (técnica de sonido), Jon Ruiz (productor). Servicios: grabación, mezcla, máster.',
    ).files.map((f) => [f.path, f.content]),
  );
const text = (html = '') => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

describe('adding to the lists, as people type', () => {
  it('adds a person with the role after "como"/"as", or the noun before the name, like the other team cards', () => {
    const es = answerApplied('añade a la ingeniera Maite Etxeberria', studio());
    expect(es.files['index.html']).toMatch(/<h3>Maite Etxeberria<\/h3>\s*<p class="meta">ingeniera<\/p>/);
    expect(es.files['index.html']).toContain('aria-hidden="true">ME</span>');
    expect(es.prose).toMatch(/He añadido a Maite Etxeberria \(ingeniera\) al equipo/);
    const en = answerApplied('add my cousin Peter Lang as assistant engineer', studio());
    expect(en.files['index.html']).toMatch(/<h3>Peter Lang<\/h3>\s*<p class="meta">assistant engineer<\/p>/);
    expect(text(en.files['index.html'])).not.toContain('cousin');
  });

  it('does not invent a team section for one person', () => {
    const school = Object.fromEntries(
      composeFromPrompt('Escuela de baile Compás en Cádiz. Clases de sevillanas y flamenco.').files.map((f) => [
        f.path,
        f.content,
      ]),
    );
    const after = answerApplied('añade a la profesora Rocío Vela', school);
    expect(after.files['index.html'] ?? '').not.toContain('Rocío Vela');
  });

  it('adds a service said with "añade que también hacemos …" or "añade el curso de …"', () => {
    const that = answerApplied('añade tb que hacemos grabación de pódcast porfa', studio());
    expect(that.files['index.html']).toContain('<h3>Grabación de pódcast</h3>');
    const named = answerApplied('añade el curso de producción musical', studio());
    expect(named.files['index.html']).toContain('<h3>Curso de producción musical</h3>');
    // Into a list named by the person: an item, never a second section.
    const into = answerApplied('agreguen masterización en vinilo a los servicios', studio());
    expect(into.files['index.html']).toContain('<h3>Masterización en vinilo</h3>');
    expect(into.files['index.html']?.match(/data-section="services"/g)).toHaveLength(1);
  });
});

describe('impossible requests, each with its reason', () => {
  const site = studio();
  it.each([
    ['quiero salir el primero en google cuando busquen estudios en Bilbao', /el puesto en Google/],
    ['hazla igual que la web que te enseñé ayer', /no me ha llegado esa web/],
    ['que los mensajes del formulario me lleguen por SMS', /servicio de SMS/],
    ['make it rank first on google for recording studio', /a place in Google/],
  ])('%s', (prompt, reason) => {
    const after = answerApplied(prompt, site);
    expect(after.prose).toMatch(reason);
    expect(after.files['index.html']).toBe(site['index.html']);
  });
});
