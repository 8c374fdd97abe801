import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { createTestApp } from './test/app';
import { openTestDatabase, testDrivers } from './test/db';

describe.each(testDrivers)('app on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers health with the database checked', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: driver });
  });

  it('answers a JSON 404 with a message for unknown API routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('sets security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('health when the database is down', () => {
  it('answers 503', async () => {
    const database = await openTestDatabase('pglite');
    const app = await createTestApp(database);
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBeTruthy();
    await app.close();
  });
});
