import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, type PostgresServer, postgresServer } from '../resilience/services';
import { createTestApp, createTestUser } from '../test/app';
import { type DatabaseHandle, openDatabase } from './client';

/**
 * The session-lookup lane (ADR 0138): on PostgreSQL the lookup every signed-in request makes has
 * connections of its own, so a main pool busy with slow work does not hold up signed-in reads.
 */
describe('the session-lookup lane on PostgreSQL', () => {
  let postgres: PostgresServer;
  let fresh: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    postgres = await postgresServer();
    fresh = await createFreshDatabase(postgres.url);
    handle = await openDatabase({ url: fresh.url, poolSize: 2 });
    app = await createTestApp(handle);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await fresh?.drop();
    await postgres?.stop();
  });

  it('answers a signed-in read while every main-pool connection is busy', async () => {
    const user = await createTestUser(handle);
    const headers = { authorization: user.authorization };
    const created = await app.inject({ method: 'POST', url: '/api/spaces', headers, payload: { name: 'Carril' } });
    expect(created.statusCode).toBe(201);
    // The list is now cached for the user's stamp: reading it again needs only the session lookup.
    expect((await app.inject({ url: '/api/spaces', headers })).statusCode).toBe(200);

    // Both main-pool connections sleep (drizzle's queries start when awaited: `then` starts them now).
    const busy = [1, 2].map(() => handle.db.execute(sql`select pg_sleep(3)`).then(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const list = await app.inject({ url: '/api/spaces', headers });
    const elapsed = Date.now() - started;
    expect(list.statusCode).toBe(200);
    expect(list.json().spaces.map((s: { name: string }) => s.name)).toEqual(['Carril']);
    expect(elapsed).toBeLessThan(1500);
    // A stale session is still refused at once through the lane.
    expect((await app.inject({ url: '/api/spaces', headers: { authorization: 'Bearer caducado' } })).statusCode).toBe(401);
    await Promise.all(busy);
  }, 30_000);
});
