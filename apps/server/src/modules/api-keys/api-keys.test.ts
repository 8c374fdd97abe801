import { API_KEY_MESSAGES, API_KEY_TAG, type ApiKey, MAX_ACTIVE_API_KEYS } from '@div/shared/api-keys';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';

describe.each(testDrivers)('API keys (%s)', (driver) => {
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

  const create = (authorization: string, name: string) =>
    app.inject({ method: 'POST', url: '/api/keys', headers: { authorization }, payload: { name } });
  const list = async (authorization: string): Promise<ApiKey[]> =>
    (await app.inject({ method: 'GET', url: '/api/keys', headers: { authorization } })).json().apiKeys;
  const callApi = (key: string) => app.inject({ method: 'GET', url: '/v1/spaces', headers: { authorization: `Bearer ${key}` } });

  it('creates a key shown once, lists it by prefix and last use, and revokes it', async () => {
    const user = await createTestUser(database);
    const created = await create(user.authorization, '  Mi integración  ');
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { key, apiKey } = created.json() as { key: string; apiKey: ApiKey };
    expect(key).toMatch(new RegExp(`^${API_KEY_TAG}[A-Za-z0-9_-]{43}$`));
    expect(apiKey).toMatchObject({ name: 'Mi integración', prefix: key.slice(0, 12), lastUsedAt: null, revokedAt: null });

    // The list never carries the key again.
    const listed = await list(user.authorization);
    expect(listed).toEqual([apiKey]);
    expect(JSON.stringify(listed)).not.toContain(key);

    // Using it marks its last use.
    expect((await callApi(key)).statusCode).toBe(200);
    const [used] = await list(user.authorization);
    expect(used?.lastUsedAt).not.toBeNull();

    // Revoked: the key stops working at once and shows as revoked.
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/keys/${apiKey.id}`,
      headers: { authorization: user.authorization },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().apiKey.revokedAt).not.toBeNull();
    const refused = await callApi(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: API_KEY_MESSAGES.invalid, code: 'UNAUTHENTICATED' });
    expect((await list(user.authorization))[0]?.revokedAt).not.toBeNull();
  });

  it('needs a session, a name, and keeps each person to their own keys', async () => {
    const owner = await createTestUser(database);
    const other = await createTestUser(database);
    expect((await app.inject({ method: 'GET', url: '/api/keys' })).statusCode).toBe(401);
    const blank = await create(owner.authorization, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(API_KEY_MESSAGES.nameRequired);
    const { apiKey } = (await create(owner.authorization, 'CI')).json() as { apiKey: ApiKey };
    expect(await list(other.authorization)).toEqual([]);
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/keys/${apiKey.id}`,
      headers: { authorization: other.authorization },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list(owner.authorization))[0]?.revokedAt).toBeNull();
  });

  it(`allows at most ${MAX_ACTIVE_API_KEYS} active keys`, async () => {
    const user = await createTestUser(database);
    const answers = await Promise.all(
      Array.from({ length: MAX_ACTIVE_API_KEYS + 3 }, (_, i) => create(user.authorization, `k${i}`)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_ACTIVE_API_KEYS);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
  });

  it('keeps only hashes at rest: no stored value works as a key', async () => {
    const user = await createTestUser(database);
    const { key } = (await create(user.authorization, 'at rest')).json() as { key: string };
    expect((await callApi(key)).statusCode).toBe(200);
    const rows = await database.db.select().from(apiKeys);
    expect(rows.length).toBeGreaterThan(0);
    const stored = rows.flatMap((row) => Object.values(row).filter((v): v is string => typeof v === 'string'));
    expect(stored.some((v) => v.includes(key))).toBe(false);
    for (const value of new Set(stored)) {
      for (const candidate of [value, `${API_KEY_TAG}${value}`]) {
        expect((await callApi(candidate)).statusCode).toBe(401);
      }
    }
  });

  it('answers 401 for an unknown or missing key', async () => {
    expect((await callApi(`${API_KEY_TAG}${'x'.repeat(43)}`)).json()).toEqual({
      message: API_KEY_MESSAGES.invalid,
      code: 'UNAUTHENTICATED',
    });
    const missing = await app.inject({ method: 'GET', url: '/v1/spaces' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: API_KEY_MESSAGES.missing, code: 'UNAUTHENTICATED' });
    // A session token is not an API key.
    const user = await createTestUser(database);
    expect(
      (await app.inject({ method: 'GET', url: '/v1/spaces', headers: { authorization: user.authorization } })).statusCode,
    ).toBe(401);
  });
});
