import { describe, expect, it } from 'vitest';
import { fieldTitle, fieldValueText } from './forms';

describe('form fields as a person reads them', () => {
  it('writes date and date-time values in the reader’s language, whatever the time zone', () => {
    expect(fieldValueText('2026-12-13')).toBe('13 de diciembre de 2026');
    expect(fieldValueText('2026-01-01', 'en-GB')).toBe('1 January 2026');
    expect(fieldValueText('2026-12-13T18:30')).toBe('13 de diciembre de 2026 a las 18:30');
  });

  it('leaves everything else as sent, impossible dates too', () => {
    for (const value of ['18:30', 'Corte y color', '2026-02-30', '13/12/2026', ' 2026-12-13x']) {
      expect(fieldValueText(value)).toBe(value);
    }
  });

  it('names a field by its label, else by its name', () => {
    expect(fieldTitle({ name: 'service', label: 'Servicio' })).toBe('Servicio');
    expect(fieldTitle({ name: 'service' })).toBe('service');
  });
});
