import { describe, expect, it } from 'vitest';
import { findAddress } from './contact';

// Invented addresses: each must be read whole, never cut to the street or mangled.
describe('addresses read whole', () => {
  it('keeps floor, door, unit, postcode and town after the street', () => {
    expect(findAddress('Nos tienes en Calle Olmo 7, 2º dcha, 28012 Madrid. Tel 600 000 000.')).toBe(
      'Calle Olmo 7, 2º dcha, 28012 Madrid',
    );
    expect(findAddress('Taller en Av. del Puerto 40, local 5, 46024.')).toBe('Av. del Puerto 40, local 5, 46024');
    expect(findAddress('Find us at 12 Mill Lane, Ashford, TN24 8AA. Call 01233 000000.')).toBe('12 Mill Lane, Ashford, TN24 8AA');
    expect(findAddress('Studio at 310 Pine St, Boise ID 83702 — email us.')).toBe('310 Pine St, Boise ID 83702');
    expect(findAddress('Oficina: Av. Juárez 55, Centro, Tlaquepaque, Jal. Tel 33 1234 5678')).toBe(
      'Av. Juárez 55, Centro, Tlaquepaque, Jal.',
    );
    expect(findAddress('Camino Viejo s/n, 18410 Cáñar. Abrimos todo el año.')).toBe('Camino Viejo s/n, 18410 Cáñar');
  });

  it('stops before the next fact', () => {
    expect(findAddress('Calle Luna 3, Tel 911 000 000')).toBe('Calle Luna 3');
    expect(findAddress('Plaza Mayor 2, WhatsApp 600 111 222.')).toBe('Plaza Mayor 2');
  });

  it('reads a street without a street word after a place cue, or as a sentence of its own', () => {
    expect(findAddress('Estamos en Ayacucho 455, Recoleta. Fono 11 4000 0000.')).toBe('Ayacucho 455, Recoleta');
    expect(findAddress('Atiendo en Edificio Sol, Baquedano 812, oficina 3.')).toBe('Baquedano 812, oficina 3');
    expect(findAddress('Vendemos discos usados. Tucumán 1320, Palermo. Abrimos de 12 a 20.')).toBe('Tucumán 1320, Palermo');
    expect(findAddress('Clases de yoga desde 10 €. Martes 18:00.')).toBeUndefined();
  });
});
