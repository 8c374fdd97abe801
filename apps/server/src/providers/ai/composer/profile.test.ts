import { siteProfileSchema } from '@div/shared/profile';
import { describe, expect, it } from 'vitest';
import { analysePrompt } from './analyse';
import { profileOf } from './profile';

describe('site profile ("Lo que entendí")', () => {
  it('keeps what the brief said, whole, and marks the neutral kind as uncertain', () => {
    const profile = profileOf(
      analysePrompt(
        'hola! tengo un negocio de alquiler de kayaks en el rio Sella, en Arriondas. Se llama Kayaks Picu Sella. Precios: kayak individual 25€, canoa familiar (hasta 3) 55€. Reservas por whatsapp +34 622 418 907. Preguntas frecuentes: ¿Hace falta saber nadar? ¿Puedo llevar al perro?',
      ),
    );
    expect(siteProfileSchema.parse(profile)).toEqual(profile);
    expect(profile.name).toBe('Kayaks Picu Sella');
    expect(profile.kind).toBe('business');
    expect(profile.kindNoun).toBe('alquiler de kayaks');
    expect(profile.uncertain).toContain('kind');
    expect(profile.items).toContainEqual({ label: 'Canoa familiar (hasta 3)', price: '55€' });
    expect(profile.whatsapp).toBe('+34 622 418 907');
    expect(profile.questions).toEqual(['¿Hace falta saber nadar?', '¿Puedo llevar al perro?']);
  });

  it('takes the trade from the opening, not from what the business sells', () => {
    const profile = profileOf(
      analysePrompt(
        'Bolera Strike Center en Puebla, México. Línea por hora $380 MXN, fiestas infantiles desde $2,900 (incluye boliche, pizza y refresco).',
      ),
    );
    expect(profile.kind).not.toBe('pizzeria');
    expect(profile.name).toBe('Bolera Strike Center');
  });

  it('marks a WhatsApp number without its country code as uncertain', () => {
    const profile = profileOf(analysePrompt('Panadería La Espiga en Sevilla, whatsapp 654 123 456, con botón de WhatsApp.'));
    expect(profile.kind).toBe('bakery');
    expect(profile.uncertain).toContain('whatsapp');
    expect(profile.uncertain).not.toContain('kind');
  });
});
