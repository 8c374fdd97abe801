import { legalDocuments } from '@div/shared/legal';
import { legalDocumentIds } from '@div/shared/legal-common';
import type { FastifyInstance } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/db';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

describe('GET /api/legal/{doc}.pdf', () => {
  it.each(legalDocumentIds)('%s: a valid PDF holding the title, the date and every section title', async (id) => {
    const response = await app.inject({ method: 'GET', url: `/api/legal/${id}.pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="div-${id}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    const doc = legalDocuments[id];
    expect(text).toContain(doc.title);
    expect(text).toContain('27 de junio de 2025');
    for (const section of doc.sections) expect(text).toContain(section.title);
  });

  it('answers 400 with a message for an unknown document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/legal/secret.pdf' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });
});
