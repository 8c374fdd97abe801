import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { listenTestApp, messagesUsed, postJson } from './test-helpers';

/** "Solucionar problema": a fix the preview shows did not work costs nothing (ADR 0161). */
describe('POST /api/fix-error/outcome', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, url } = await listenTestApp(database, { COMPOSER_PACE: '0' }));
  }, 240_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('gives back the message of a fix the preview showed did not work, once and only to its owner', async () => {
    const user = await createTestUser(database);
    const other = await createTestUser(database);
    const page = '<!DOCTYPE html>\n<html><body>\n<script>\nwindow.nada.hacer();\n</script>\n</body></html>\n';
    const fixed = await postJson(url, '/api/fix-error', user.authorization, {
      html: page,
      error: 'TypeError: Cannot read properties of undefined',
    });
    expect(fixed.status).toBe(200);
    expect(fixed.json.fixId).toMatch(/^[0-9a-f-]{36}\.\d+$/);
    expect(await messagesUsed(database, user.id)).toBe(1);

    const stranger = await postJson(url, '/api/fix-error/outcome', other.authorization, {
      fixId: fixed.json.fixId,
      worked: false,
    });
    expect(stranger.json).toEqual({ refunded: false });
    const worked = await postJson(url, '/api/fix-error/outcome', user.authorization, { fixId: fixed.json.fixId, worked: true });
    expect(worked.json).toEqual({ refunded: false });
    expect(await messagesUsed(database, user.id)).toBe(1);

    const failed = await postJson(url, '/api/fix-error/outcome', user.authorization, { fixId: fixed.json.fixId, worked: false });
    expect(failed).toEqual({ status: 200, json: { refunded: true } });
    expect(await messagesUsed(database, user.id)).toBe(0);
    const again = await postJson(url, '/api/fix-error/outcome', user.authorization, { fixId: fixed.json.fixId, worked: false });
    expect(again.json).toEqual({ refunded: false });
    expect(await messagesUsed(database, user.id)).toBe(0);

    const bad = await postJson(url, '/api/fix-error/outcome', user.authorization, { fixId: 'x; drop table', worked: false });
    expect(bad.status).toBe(400);
    expect(typeof bad.json.message).toBe('string');
    const signedOut = await postJson(url, '/api/fix-error/outcome', null, { fixId: fixed.json.fixId, worked: false });
    expect(signedOut.status).toBe(401);
  });
});
