import { describe, expect, it } from 'vitest';
import {
  hasAdvancedFeatures,
  hasPublishingFeatures,
  normalizeHostname,
  seoSettingsSchema,
  slugFromName,
  slugProblem,
} from './publishing';

describe('slugs', () => {
  it('accepts letters, numbers and hyphens, 3 to 63 characters', () => {
    for (const ok of ['abc', 'mi-sitio', 'sitio2', 'a1b', 'x'.repeat(63)]) expect(slugProblem(ok), ok).toBeUndefined();
    for (const bad of ['ab', 'x'.repeat(64), '-abc', 'abc-', 'a--b', 'Mayus', 'con espacio', 'ñu-ñu', 'a.b', '']) {
      expect(slugProblem(bad), bad).toBe('invalid');
    }
  });
  it('refuses reserved words', () => {
    for (const word of ['www', 'api', 'app', 'admin', 'mail']) expect(slugProblem(word)).toBe('reserved');
  });
  it('makes a valid slug from any space name', () => {
    expect(slugFromName('Panadería Sol')).toBe('panaderia-sol');
    expect(slugFromName('  ¡Hola, Mundo!  ')).toBe('hola-mundo');
    expect(slugFromName('www')).toBe('www-sitio');
    expect(slugFromName('AB')).toBe('sitio-ab');
    expect(slugFromName('日本')).toBe('sitio');
    for (const name of ['x'.repeat(200), '---', 'Ñandú & Co.', 'api', 'a'])
      expect(slugProblem(slugFromName(name)), name).toBeUndefined();
  });
});

describe('hostnames', () => {
  it('normalizes valid public hostnames and refuses the rest', () => {
    expect(normalizeHostname(' WWW.Ejemplo.COM. ')).toBe('www.ejemplo.com');
    expect(normalizeHostname('xn--and-6ma2c.es')).toBe('xn--and-6ma2c.es');
    for (const bad of ['', 'localhost', 'a..b.com', '-a.com', 'a-.com', 'x.1', 'con espacio.com', `${'a'.repeat(64)}.com`]) {
      expect(normalizeHostname(bad), bad).toBeUndefined();
    }
  });
});

describe('plan gates and SEO settings', () => {
  it('custom domains, SEO and analytics are for medium and pro; advanced SEO for pro', () => {
    expect(['free', 'small', 'medium', 'pro'].map(hasPublishingFeatures)).toEqual([false, false, true, true]);
    expect(['free', 'small', 'medium', 'pro'].map(hasAdvancedFeatures)).toEqual([false, false, false, true]);
  });
  it('structured data must be a JSON object', () => {
    expect(seoSettingsSchema.safeParse({ structuredData: '{"@type":"Store"}' }).success).toBe(true);
    expect(seoSettingsSchema.safeParse({ structuredData: 'no es json' }).success).toBe(false);
    expect(seoSettingsSchema.parse({})).toEqual({
      title: '',
      description: '',
      image: '',
      indexing: true,
      canonicalUrl: '',
      structuredData: '',
    });
  });
});
