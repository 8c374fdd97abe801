import { describe, expect, it } from 'vitest';
import { answerApplied } from '../answer-applied';
import { composeFromPrompt } from '../compose';
import { findPrices } from './lists';

// Invented price lists: each price read whole, with its currency code and unit, and its own label.
describe('prices read whole', () => {
  it('keeps a currency code and a unit after the amount', () => {
    expect(findPrices('Tamales de mole $35 MXN, atole $20 MXN.')).toEqual([
      { label: 'Tamales de mole', price: '$35 MXN' },
      { label: 'Atole', price: '$20 MXN' },
    ]);
    expect(findPrices('Bike rental $18/hr, tandem $30/hr, guided ride $45 per rider.')).toEqual([
      { label: 'Bike rental', price: '$18/hr' },
      { label: 'Tandem', price: '$30/hr' },
      { label: 'Guided ride', price: '$45 per rider' },
    ]);
  });

  it('gives a price in brackets to the words before the bracket', () => {
    expect(findPrices('Hacemos afilado de cuchillos ($3.000 CLP c/u), afilado de tijeras.')).toEqual([
      { label: 'Afilado de cuchillos', price: '$3.000 CLP' },
    ]);
  });
});

describe('a request that says to leave something as it is', () => {
  it('is refused when the only change it found touches that thing', () => {
    const site = Object.fromEntries(
      composeFromPrompt('Escuela de surf Ola Norte en Zarautz. Precios: clase suelta 35€, bono familiar 90€.').files.map((f) => [
        f.path,
        f.content,
      ]),
    );
    const after = answerApplied('sube el precio de la clase particular a 40€, lo del bono familiar igual', site);
    expect(after.files['index.html']).toBe(site['index.html']);
    expect(after.prose).toMatch(/pides dejar igual lo de «bono familiar»/);
  });
});

describe('a priced list keeps an "y" inside an item', () => {
  it('reads "lavado y secado 18 €" after another priced item as one item', () => {
    const labels = findPrices('Peluquería en Soria: lavado 8 €, lavado y secado 18 €, tinte 30 €.').map((p) => p.label);
    expect(labels).toEqual(['Lavado', 'Lavado y secado', 'Tinte']);
  });
  it('still splits two priced items joined by "y"', () => {
    const labels = findPrices('Tenemos pan 1 € y bollos 2 €.').map((p) => p.label);
    expect(labels).toEqual(['Pan', 'Bollos']);
  });
});
