import { describe, expect, it } from 'vitest';
import { nameFromBrief } from './space-name';

describe('nameFromBrief', () => {
  it('takes a quoted name', () => {
    expect(nameFromBrief('Una web para mi panadería "La Espiga" en Sevilla, con horario')).toBe('La Espiga');
    expect(nameFromBrief('Web para el bar «Casa Pepe», tapas y vinos')).toBe('Casa Pepe');
    expect(nameFromBrief("Landing for 'Blue Fin' sushi bar in Lisbon")).toBe('Blue Fin');
  });

  it('takes the name after "llamada" or "called"', () => {
    expect(nameFromBrief('Quiero una web para una peluquería llamada Corte Fino en Bilbao')).toBe('Corte Fino');
    expect(nameFromBrief('A website for a bakery called Crumb & Co. We open at 7')).toBe('Crumb & Co');
  });

  it('otherwise names it after what the site is for, without the request around it', () => {
    expect(nameFromBrief('Quiero una web para una clínica dental en Valencia, con citas')).toBe('Clínica dental en Valencia');
    expect(nameFromBrief('página para mi estudio de yoga')).toBe('Estudio de yoga');
    expect(nameFromBrief('Fontanero urgente 24 h en Madrid')).toBe('Fontanero urgente 24 h en Madrid');
  });

  it('cuts a long first clause at a word and is never blank', () => {
    const name = nameFromBrief(
      'Necesito una web para una empresa familiar de reformas integrales de cocinas y baños que trabaja en toda la provincia de Toledo desde 1985',
    );
    expect(name.length).toBeLessThanOrEqual(61);
    expect(name.endsWith('…')).toBe(true);
    expect(name.startsWith('Empresa familiar de reformas')).toBe(true);
    expect(nameFromBrief('Quiero una web')).toBe('Quiero una web');
  });
});
