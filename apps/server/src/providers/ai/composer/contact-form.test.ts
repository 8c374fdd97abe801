import { describe, expect, it } from 'vitest';
import { analysePrompt } from './analyse';
import { composeSite } from './compose';
import { findFormExtras } from './contact-form';

// Invented briefs: each names its form's fields in its own words.
describe("a form's fields in the brief's own words", () => {
  it('reads the list after "con", ":" or a bracket, typed by their words, without the built-in name, email and message', () => {
    expect(
      findFormExtras('Quiero un formulario de inscripción con nombre, edad del niño, talla de camiseta y alergias.'),
    ).toEqual([
      { label: 'Edad del niño', type: 'text' },
      { label: 'Talla de camiseta', type: 'text' },
      { label: 'Alergias', type: 'text' },
    ]);
    expect(
      findFormExtras('Un form para pedir presupuesto: nombre, móvil, fecha de la obra, metros cuadrados y qué quieres reformar'),
    ).toEqual([
      { label: 'Móvil', type: 'tel', stock: 'phone' },
      { label: 'Fecha de la obra', type: 'date' },
      { label: 'Metros cuadrados', type: 'number' },
      { label: 'Qué quieres reformar', type: 'textarea' },
    ]);
    expect(findFormExtras('Add a signup form (parent name, child age, email) please.')).toEqual([
      { label: 'Parent name', type: 'text' },
      { label: 'Child age', type: 'text' },
    ]);
  });

  it('reads nothing from a sentence that only mentions a form, or from a newsletter form', () => {
    expect(findFormExtras('Quiero un formulario de contacto sencillo.')).toEqual([]);
    expect(findFormExtras('A newsletter form with name and email.')).toEqual([]);
  });

  it('puts the fields on the page with their labels; a file to attach becomes a note, not an input the backend would refuse', () => {
    const brief = analysePrompt(
      'Imprenta Tinta Viva en Cuenca, correo hola@tintaviva.es. Formulario para encargos con nombre, celular, tamaño del cartel y adjuntar el diseño.',
    );
    const html = composeSite(brief)[0]?.content ?? '';
    expect(html).toContain('<label>Celular<input name="phone" type="tel" autocomplete="tel">');
    expect(html).toContain('<label>Tamaño del cartel<input name="tamano-del-cartel" type="text">');
    expect(html).not.toContain('type="file"');
    expect(html).toContain('Adjuntar el diseño: envíanoslo por correo a hola@tintaviva.es');
    // One phone field, labelled with the brief's own word.
    expect(html.match(/type="tel"/g)).toHaveLength(1);
  });
});
