import { describe, expect, it } from 'vitest';
import { answerApplied } from './answer-applied';
import { composeFromPrompt } from './compose';

/** Follow-ups as people type them (issue 37): items, informal wording, refusals with their reason. */

const base = () =>
  Object.fromEntries(
    composeFromPrompt(
      'Tapicería Hermanos Cuesta en Valladolid. Servicios: tapizado de sofá 350€, retapizado de silla 45€, cojines a medida 30€. Tlf 983 11 22 33, whatsapp +34 611 22 33 44. Con preguntas frecuentes, WhatsApp y contacto.',
    ).files.map((f) => [f.path, f.content]),
  );
const text = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&amp;/g, '&');

describe('items', () => {
  it('adds a priced item like its neighbours, in informal Spanish', () => {
    const after = answerApplied('agreguen q tambien hacemos tapizado de sillas de oficina 60€', base());
    expect(text(after.files['index.html'] ?? '')).toContain('Tapizado de sillas de oficina');
    expect(after.files['index.html']).toMatch(/class="price">60€</);
  });

  it('removes an item by its words, with its line in the FAQ', () => {
    const after = answerApplied('kita lo de los cojines que ya no los hacemos', base());
    expect(text(after.files['index.html'] ?? '')).not.toMatch(/cojines/i);
    expect(text(after.files['index.html'] ?? '')).toContain('Tapizado de sofá');
  });

  it('changes a price named without the word "precio", and refuses a guess', () => {
    const changed = answerApplied('el retapizado de silla ahora va a 50€', base());
    expect(changed.files['index.html']).toContain('50€');
    expect(changed.files['index.html']).not.toContain('45€');
    const unknown = answerApplied('la butaca ahora va a 90€', base());
    expect(unknown.files).toEqual(base());
  });

  it('adds every FAQ question asked, each with its answer', () => {
    const after = answerApplied('add a FAQ: Do you fix e-bikes? Do I need an appointment?', base());
    const page = text(after.files['index.html'] ?? '');
    expect(page).toContain('Do you fix e-bikes?');
    expect(page).toContain('Do I need an appointment?');
  });

  it('changes the WhatsApp number shown with its link', () => {
    const after = answerApplied('cambia el wasap al +34 699 00 11 22 porfa', base());
    expect(after.files['index.html']).toContain('https://wa.me/34699001122');
    expect(text(after.files['index.html'] ?? '')).not.toContain('611 22 33 44');
  });
});

describe('opening hours', () => {
  const dental = () =>
    Object.fromEntries(
      composeFromPrompt(
        'Clínica Dental Sonríe en Valencia, teléfono 961 234 567, horario: lunes a viernes de 9:00 a 19:00.',
      ).files.map((f) => [f.path, f.content]),
    );
  it('adds one day said with its range, keeping the other days', () => {
    const page = text(answerApplied('los domingos ahora abrimos de 10am a 2pm', dental()).files['index.html'] ?? '');
    expect(page).toContain('lunes a viernes de 9:00 a 19:00 · domingos: 10am a 2pm');
  });
  it('takes a whole timetable whole, and refuses to rewrite one day inside a longer one', () => {
    const whole = answerApplied('cambia el horario a lunes a sábado de 9:00 a 20:00', dental());
    expect(text(whole.files['index.html'] ?? '')).toContain('lunes a sábado de 9:00 a 20:00');
    const part = answerApplied('los lunes abrimos de 10 a 14', dental());
    expect(part.files).toEqual(dental());
    expect(part.prose).toMatch(/tiene más días/);
  });
});

describe('refusals say their reason and change nothing', () => {
  it.each([
    ['usa la foto del taller que te mandé', /archivo/],
    ['conecta las reservas con mi Google Calendar', /servicio de fuera/],
    ['haz eso otra vez', /«eso» no se refiere/],
    ['pon la web igualita que la de la competencia, tapiceria-rival.es', /otras webs/],
  ])('%s', (prompt, reason) => {
    const after = answerApplied(prompt, base());
    expect(after.files).toEqual(base());
    expect(after.prose).toMatch(reason);
    expect(after.prose).toMatch(/He entendido que quieres/);
  });

  it('a request it can do only in part changes nothing and names the part it cannot do (ADR 0268)', () => {
    const after = answerApplied('cambia el tlf a 983 44 55 66 y haz que la web huela a café', base());
    expect(after.files).toEqual(base());
    expect(after.prose).toMatch(/No he tocado nada[^«]*«[^»]*».*«haz que la web huela a café»/);
  });

  it('an edit that would not do exactly what was asked changes nothing and says why (ADR 0268)', () => {
    // Adding a second phone: the only edit known replaces the first, so nothing changes.
    const second = answerApplied('añade también el teléfono 983 99 88 77 sin quitar el otro', base());
    expect(second.files).toEqual(base());
    expect(second.prose).toMatch(/No he tocado nada: pides añadir/);
    // A price for an item the page does not name never lands on another one.
    const price = answerApplied('sube el precio del menú degustación a 38€', base());
    expect(price.files).toEqual(base());
  });
});
