import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './constants';
import { legalDocuments } from './legal';
import { formatLegalDate } from './legal-common';

describe('legal documents', () => {
  it('terms and privacy have 10 sections each, with unique anchors', () => {
    for (const doc of [legalDocuments.terms, legalDocuments.privacy]) {
      expect(doc.sections).toHaveLength(10);
      expect(new Set(doc.sections.map((s) => s.id)).size).toBe(10);
    }
  });

  it('the cookie policy names every storage key the product uses and the 2-year lifetime', () => {
    const text = JSON.stringify(legalDocuments.cookies);
    for (const key of [...Object.values(STORAGE_KEYS), 'div_language']) expect(text).toContain(key);
    expect(text).toContain('hasta 2 años');
    expect(text).toContain('HttpOnly');
  });

  it('privacy and cookie policies say what happens to form submissions of published sites', () => {
    const privacy = JSON.stringify(legalDocuments.privacy);
    expect(privacy).toContain('envían por los formularios de los sitios publicados');
    expect(privacy).toContain('Los envíos de formularios de los sitios publicados se conservan 12 meses');
    expect(JSON.stringify(legalDocuments.cookies)).toContain('Los formularios de los sitios publicados con DIV no usan cookies');
  });

  it('shows the update date in Spanish', () => {
    expect(formatLegalDate()).toBe('27 de junio de 2025');
  });
});
