import { randomUUID } from 'node:crypto';
import { type CustomEndpoint, customModelValue } from '@div/shared/custom-models';
import { modelsResponseSchema } from '@div/shared/models';
import { formatFileBlock } from '@div/site-engine/protocol';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { customModelEndpoints } from '../../db/schema/custom-models';
import { createTestUser } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { contentSteps, type OpenAiTestServer, startOpenAiTestServer } from '../../test/openai-server';
import { createKeyUser } from '../developer-api/test-helpers';
import {
  codeOf,
  createSpaceFor,
  eventOf,
  listenTestApp,
  messagesUsed,
  postGenerate,
  postJson,
  readSpace,
  within,
} from '../generation/test-helpers';
import { decryptSecret, encryptSecret } from './secrets';

const SECRET = 's'.repeat(40);
const secrets = (key: string) => ({ SECRETS_KEY: key, SESSION_SECRET: undefined, DATA_DIR: '/nonexistent' });

type User = Awaited<ReturnType<typeof createTestUser>>;
const KEY = 'sk-my-own-endpoint-key-7f3a';
const PAGE = '<!DOCTYPE html>\n<html><body><h1>Panadería Luna</h1></body></html>\n';

describe.each(testDrivers)('custom models (%s)', (driver) => {
  let database: DatabaseHandle;
  let upstream: OpenAiTestServer;
  let app: FastifyInstance;
  let url: string;
  let pro: User;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    upstream = await startOpenAiTestServer();
    // No AI_API_KEY: the server offers only the composer, the user's endpoint brings its own models.
    ({ app, url } = await listenTestApp(database, { CUSTOM_MODELS_ALLOW_PRIVATE: 'true' }));
    pro = await createTestUser(database, { plan: 'pro' });
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
    await database.close();
  });

  const call = async (method: string, path: string, authorization: string | null, body?: unknown) => {
    const response = await fetch(`${url}/api/custom-models${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(authorization ? { authorization } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const create = async (user: Pick<User, 'authorization'>, extra: Record<string, unknown> = {}) => {
    const answer = await call('POST', '', user.authorization, {
      name: 'Mi servidor',
      baseUrl: `${upstream.url}/`,
      apiKey: KEY,
      models: ['luna-coder', 'llama3:8b'],
      ...extra,
    });
    expect(answer.status).toBe(201);
    return answer.json.endpoint as CustomEndpoint;
  };

  it('creates and lists endpoints with the key masked, and stores the key encrypted', async () => {
    const endpoint = await create(pro);
    expect(endpoint).toMatchObject({
      name: 'Mi servidor',
      baseUrl: upstream.url,
      apiKeyLast4: '7f3a',
      models: ['luna-coder', 'llama3:8b'],
    });
    const list = await call('GET', '', pro.authorization);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json)).not.toContain(KEY);
    expect((list.json.endpoints as CustomEndpoint[]).map((e) => e.id)).toContain(endpoint.id);

    const [row] = await database.db.select().from(customModelEndpoints).where(eq(customModelEndpoints.id, endpoint.id));
    expect(row?.apiKeyEncrypted).toBeTruthy();
    expect(row?.apiKeyEncrypted).not.toContain(KEY);
    expect(row?.apiKeyEncrypted).not.toContain(Buffer.from(KEY).toString('base64url'));
  });

  it('edits the name, models and key, and deletes', async () => {
    const endpoint = await create(pro);
    const patched = await call('PATCH', `/${endpoint.id}`, pro.authorization, {
      name: 'Otro',
      models: ['solo-uno'],
      apiKey: 'sk-new-9999',
    });
    expect(patched.status).toBe(200);
    expect(patched.json.endpoint).toMatchObject({
      name: 'Otro',
      models: ['solo-uno'],
      apiKeyLast4: '9999',
      baseUrl: upstream.url,
    });
    expect((await call('DELETE', `/${endpoint.id}`, pro.authorization)).status).toBe(200);
    expect((await call('DELETE', `/${endpoint.id}`, pro.authorization)).status).toBe(404);
  });

  it('lists the Pro user’s custom models in GET /api/ai/models, and only theirs', async () => {
    const endpoint = await create(pro, { name: 'Catálogo' });
    const models = async (user: User | null) =>
      modelsResponseSchema.parse(
        await (await fetch(`${url}/api/ai/models`, { headers: user ? { authorization: user.authorization } : {} })).json(),
      ).models;
    const mine = (await models(pro)).filter((m) => m.value.includes(endpoint.id));
    expect(mine.map((m) => [m.value, m.label, m.tier])).toEqual([
      [customModelValue(endpoint.id, 'luna-coder'), 'luna-coder · Catálogo', 'custom'],
      [customModelValue(endpoint.id, 'llama3:8b'), 'llama3:8b · Catálogo', 'custom'],
    ]);
    const other = await createTestUser(database, { plan: 'pro' });
    expect((await models(other)).some((m) => m.tier === 'custom')).toBe(false);
    expect((await models(null)).some((m) => m.tier === 'custom')).toBe(false);
  });

  it('generates with a custom model end to end through the user’s endpoint, metered like any generation', async () => {
    const user = await createTestUser(database, { plan: 'pro' });
    const endpoint = await create(user);
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: [{ reasoning: 'Pienso…' }, ...contentSteps(formatFileBlock('index.html', PAGE), 12)] });
    const before = upstream.requests.length;
    const answer = await postGenerate(url, user.authorization, {
      prompt: 'Una panadería',
      model: customModelValue(endpoint.id, 'llama3:8b'),
      provider: 'auto',
      spaceId,
    });
    expect(answer.status).toBe(200);
    const sent = upstream.requests[before];
    expect(sent?.body?.model).toBe('llama3:8b');
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(eventOf(answer.events, 'thinking')?.text).toContain('Pienso');
    expect(codeOf(answer.events, 'index.html')).toContain('Panadería Luna');
    const done = eventOf(answer.events, 'done');
    expect(done?.messagesUsed).toBe(1);
    const space = await readSpace(url, user.authorization, spaceId);
    expect(space.versions[0]?.id).toBe(done?.versionId);
    expect(space.files.find((f) => f.id === 'index.html')?.content).toContain('Panadería Luna');
  });

  it('fixes an error and answers the developer API with a custom model too', async () => {
    const user = await createKeyUser(database, { plan: 'pro' });
    const pro = { authorization: user.sessionAuthorization };
    const endpoint = await create(pro, { name: 'API' });
    const model = customModelValue(endpoint.id, 'luna-coder');

    upstream.enqueue({ steps: contentSteps(formatFileBlock('index.html', PAGE), 20) });
    let before = upstream.requests.length;
    const fixed = await postJson(url, '/api/fix-error', pro.authorization, { html: '<p>roto', error: 'x is not defined', model });
    expect(fixed.status).toBe(200);
    expect(fixed.json.html).toContain('Panadería Luna');
    expect(upstream.requests[before]?.body?.model).toBe('luna-coder');

    upstream.enqueue({ steps: contentSteps(formatFileBlock('index.html', PAGE), 20) });
    before = upstream.requests.length;
    const v1 = await fetch(`${url}/v1/generate?stream=false`, {
      method: 'POST',
      headers: { authorization: user.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Una panadería', name: 'Luna', model }),
    });
    expect(v1.status).toBe(200);
    expect(upstream.requests[before]?.body?.model).toBe('luna-coder');
    expect(upstream.requests[before]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('a client that leaves closes the connection to the user’s endpoint at once', async () => {
    const user = await createTestUser(database, { plan: 'pro' });
    const endpoint = await create(user);
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: [{ content: '```html index.html\n<!DOCTYPE html><html><body>' }, { stall: true }] });
    const before = upstream.requests.length;
    const controller = new AbortController();
    const pending = postGenerate(
      url,
      user.authorization,
      { prompt: 'Una web', model: customModelValue(endpoint.id, 'luna-coder'), spaceId },
      { signal: controller.signal, onEvent: (event) => event.type === 'code' && controller.abort() },
    ).catch((error: Error) => error);
    expect(await pending).toBeInstanceOf(Error);
    const request = upstream.requests[before];
    await within(request?.closed ?? Promise.reject(new Error('no upstream request')), 2000, 'endpoint socket closed');
    expect(request?.aborted).toBe(true);
    await expect.poll(() => messagesUsed(database, user.id)).toBe(0);
  });

  it('a refused key fails with a clear message and gives the message back', async () => {
    const user = await createTestUser(database, { plan: 'pro' });
    const endpoint = await create(user, { name: 'Casa' });
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ status: 401, message: 'Incorrect API key provided' });
    const answer = await postGenerate(url, user.authorization, {
      prompt: 'Una panadería',
      model: customModelValue(endpoint.id, 'luna-coder'),
      spaceId,
    });
    expect(answer.status).toBe(502);
    expect(answer.json).toMatchObject({ code: 'UPSTREAM_AUTH' });
    expect(answer.json?.message).toContain('clave de API fue rechazada por el endpoint «Casa»');
    expect(await messagesUsed(database, user.id)).toBe(0);
  });

  it('tests the connection: ok with the answer time, or what the endpoint said', async () => {
    const endpoint = await create(pro, { name: 'Prueba' });
    upstream.enqueue({ steps: [{ content: 'ok' }] });
    const before = upstream.requests.length;
    const ok = await call('POST', `/${endpoint.id}/test`, pro.authorization, {});
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ ok: true, model: 'luna-coder' });
    expect(ok.json.message).toMatch(/^Conexión correcta: luna-coder respondió en \d+ ms\.$/);
    expect(upstream.requests[before]?.body?.max_tokens).toBe(1);

    upstream.enqueue({ status: 401 });
    const refused = await call('POST', `/${endpoint.id}/test`, pro.authorization, { model: 'llama3:8b' });
    expect(refused.json).toMatchObject({ ok: false, model: 'llama3:8b', code: 'UPSTREAM_AUTH' });
    expect(refused.json.message).toContain('«Prueba»');

    const unknownModel = await call('POST', `/${endpoint.id}/test`, pro.authorization, { model: 'no-listado' });
    expect(unknownModel.status).toBe(400);
  });

  it('refuses non-Pro users with the PRO upsell, in settings and in generation', async () => {
    const owner = await createTestUser(database, { plan: 'pro' });
    const endpoint = await create(owner);
    const medium = await createTestUser(database, { plan: 'medium' });
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['PATCH', `/${endpoint.id}`],
      ['DELETE', `/${endpoint.id}`],
      ['POST', `/${endpoint.id}/test`],
    ] as const) {
      const answer = await call(method, path, medium.authorization, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.json).toMatchObject({ code: 'FORBIDDEN', openProModal: true });
      expect(answer.json.message).toContain('plan Pro');
    }
    const spaceId = await createSpaceFor(url, medium.authorization);
    const generation = await postGenerate(url, medium.authorization, {
      prompt: 'Hola',
      model: customModelValue(endpoint.id, 'luna-coder'),
      spaceId,
    });
    expect(generation.status).toBe(403);
    expect(generation.json).toMatchObject({ openProModal: true });
    expect((await call('GET', '', null)).status).toBe(401);
  });

  it('answers another user’s endpoint as not found, and does not generate with it', async () => {
    const owner = await createTestUser(database, { plan: 'pro' });
    const endpoint = await create(owner);
    const stranger = await createTestUser(database, { plan: 'pro' });
    expect((await call('PATCH', `/${endpoint.id}`, stranger.authorization, { name: 'Mío' })).status).toBe(404);
    expect((await call('DELETE', `/${endpoint.id}`, stranger.authorization)).status).toBe(404);
    expect((await call('POST', `/${endpoint.id}/test`, stranger.authorization, {})).status).toBe(404);
    const spaceId = await createSpaceFor(url, stranger.authorization);
    const requests = upstream.requests.length;
    const generation = await postGenerate(url, stranger.authorization, {
      prompt: 'Hola',
      model: customModelValue(endpoint.id, 'luna-coder'),
      spaceId,
    });
    expect(generation.status).toBe(400);
    expect(generation.json).toMatchObject({ openSelectProvider: true });
    expect(upstream.requests.length).toBe(requests);
    const [row] = await database.db.select().from(customModelEndpoints).where(eq(customModelEndpoints.id, endpoint.id));
    expect(row?.name).toBe('Mi servidor');
  });

  it('answers bad input with 400 and a message', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '', baseUrl: upstream.url, apiKey: 'k', models: ['m'] }, /nombre/],
      [{ name: 'A', baseUrl: 'ftp://example.com', apiKey: 'k', models: ['m'] }, /URL base/],
      [{ name: 'A', baseUrl: upstream.url, apiKey: '', models: ['m'] }, /clave/],
      [{ name: 'A', baseUrl: upstream.url, apiKey: 'k', models: [] }, /modelo/],
      [{ name: 'A', baseUrl: upstream.url, apiKey: 'k', models: ['m', 'm'] }, /repetido/],
      [{ name: 'A', baseUrl: upstream.url, apiKey: 'k', models: Array.from({ length: 21 }, (_, i) => `m${i}`) }, /20/],
    ];
    for (const [body, message] of cases) {
      const answer = await call('POST', '', pro.authorization, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.code).toBe('VALIDATION');
      expect(answer.json.message).toMatch(message);
    }
    const endpoint = await create(pro);
    expect((await call('PATCH', `/${endpoint.id}`, pro.authorization, {})).status).toBe(400);
  });

  it('deleting the account deletes its endpoints', async () => {
    const user = await createTestUser(database, { plan: 'pro' });
    const endpoint = await create(user);
    const response = await fetch(`${url}/api/user`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: user.authorization },
      body: JSON.stringify({ confirmation: 'ELIMINAR' }),
    });
    expect(response.status).toBeLessThan(300);
    const rows = await database.db.select().from(customModelEndpoints).where(eq(customModelEndpoints.id, endpoint.id));
    expect(rows).toHaveLength(0);
  });
});

describe('custom models on a server that refuses private addresses', () => {
  let database: DatabaseHandle;
  let upstream: OpenAiTestServer;
  let app: FastifyInstance;
  let url: string;
  let pro: User;

  beforeAll(async () => {
    database = await openTestDatabase();
    upstream = await startOpenAiTestServer();
    ({ app, url } = await listenTestApp(database, { CUSTOM_MODELS_ALLOW_PRIVATE: 'false', SECRETS_KEY: SECRET }));
    pro = await createTestUser(database, { plan: 'pro' });
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
    await database.close();
  });

  const post = async (baseUrl: string) => {
    const response = await fetch(`${url}/api/custom-models`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: pro.authorization },
      body: JSON.stringify({ name: 'Local', baseUrl, apiKey: 'sk-x', models: ['m'] }),
    });
    return { status: response.status, json: (await response.json()) as { message: string; code: string } };
  };

  it('refuses plain http, loopback, private and link-local addresses when saving', async () => {
    expect((await post(upstream.url)).json.message).toContain('https://');
    for (const base of [
      'https://127.0.0.1:8443/v1',
      'https://localhost/v1',
      'https://10.1.2.3/v1',
      'https://169.254.169.254',
      'https://[::1]/v1',
    ]) {
      const answer = await post(base);
      expect(answer.status, base).toBe(400);
      expect(answer.json.message).toContain('red privada o local');
    }
  });

  it('refuses at request time an endpoint whose address is private (DNS changed after saving)', async () => {
    // A row as if the name had resolved to a public address when it was saved.
    const id = randomUUID();
    await database.db.insert(customModelEndpoints).values({
      id,
      userId: pro.id,
      name: 'Cambiado',
      baseUrl: upstream.url.replace('127.0.0.1', 'localhost'),
      apiKeyEncrypted: encryptSecret(secrets(SECRET), 'sk-x', pro.id),
      apiKeyLast4: 'sk-x',
      models: ['m'],
    });
    const requests = upstream.requests.length;
    const spaceId = await createSpaceFor(url, pro.authorization);
    const answer = await postGenerate(url, pro.authorization, { prompt: 'Hola', model: customModelValue(id, 'm'), spaceId });
    expect(answer.status).toBe(502);
    expect(answer.json?.message).toContain('red privada o local');
    expect(upstream.requests.length).toBe(requests);
    expect(await messagesUsed(database, pro.id)).toBe(0);
  });

  it('keeps the key encrypted with the server secret: another secret or owner cannot read it', () => {
    const sealed = encryptSecret(secrets('a'.repeat(40)), 'sk-1234', 'u1');
    expect(decryptSecret(secrets('a'.repeat(40)), sealed, 'u1')).toBe('sk-1234');
    expect(decryptSecret(secrets('b'.repeat(40)), sealed, 'u1')).toBeNull();
    expect(decryptSecret(secrets('a'.repeat(40)), sealed, 'u2')).toBeNull();
  });
});
