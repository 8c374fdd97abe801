import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestApp, createTestUser } from '../test/app';
import { openTestDatabase } from '../test/db';
import { JSON_MAX_DEPTH, JSON_MAX_ELEMENTS, JsonShapeScanner, jsonOverLimits } from './json-body';

describe('jsonOverLimits', () => {
  it('counts nesting of arrays and objects, not brackets inside strings', () => {
    expect(jsonOverLimits(`${'['.repeat(JSON_MAX_DEPTH)}${']'.repeat(JSON_MAX_DEPTH)}`)).toBeUndefined();
    expect(jsonOverLimits(`${'['.repeat(JSON_MAX_DEPTH + 1)}${']'.repeat(JSON_MAX_DEPTH + 1)}`)).toBe('depth');
    expect(jsonOverLimits(`${'{"a":'.repeat(JSON_MAX_DEPTH + 1)}1${'}'.repeat(JSON_MAX_DEPTH + 1)}`)).toBe('depth');
    const brackets = JSON.stringify({ html: `<p>${'[{'.repeat(5000)}</p>`, css: '"\\"[[[' });
    expect(jsonOverLimits(brackets)).toBeUndefined();
    // A string that ends in escaped backslashes closes where JSON says it does.
    expect(jsonOverLimits(JSON.stringify(['a\\', '[[[[', 'b\\\\"['.repeat(100)]))).toBeUndefined();
  });

  it('counts values, and stops at the first one over the limit', () => {
    expect(jsonOverLimits(JSON.stringify(Array.from({ length: JSON_MAX_ELEMENTS - 1 }, () => 0)))).toBeUndefined();
    expect(jsonOverLimits(JSON.stringify(Array.from({ length: JSON_MAX_ELEMENTS + 1 }, () => 0)))).toBe('elements');
    const huge = Buffer.from(`${'['.repeat(1e7)}${']'.repeat(1e7)}`);
    const started = performance.now();
    expect(new JsonShapeScanner().push(huge)).toBe('depth');
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('carries its state across chunks, whatever the cut (inside strings and escapes too)', () => {
    const text = JSON.stringify({ a: ['x\\"[', '\\', { b: '"{{{' }], c: `${'é"['.repeat(50)}` });
    const deep = `{"a":"\\"",${'['.repeat(JSON_MAX_DEPTH)}${']'.repeat(JSON_MAX_DEPTH)}}`;
    const bytes = Buffer.from(text);
    const deepBytes = Buffer.from(deep);
    for (let cut = 1; cut < 40; cut += 1) {
      const scanner = new JsonShapeScanner();
      const deepScanner = new JsonShapeScanner();
      const overs: unknown[] = [];
      for (let i = 0; i < Math.max(bytes.length, deepBytes.length); i += cut) {
        if (i < bytes.length) overs.push(scanner.push(bytes.subarray(i, i + cut)));
        if (i < deepBytes.length) overs.push(deepScanner.push(deepBytes.subarray(i, i + cut)));
      }
      expect(overs.filter(Boolean)).toEqual(['depth']);
    }
  });

  it('lets a real space body through: 100 files of escaped HTML', () => {
    const file = (i: number) => ({ path: `p${i}.html`, content: '<div class="a">"x"</div>\n'.repeat(2000) });
    expect(jsonOverLimits(JSON.stringify({ files: Array.from({ length: 100 }, (_, i) => file(i)) }))).toBeUndefined();
  });
});

describe('JSON bodies through the app', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let authorization: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database);
    ({ authorization } = await createTestUser(database));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const json = { 'content-type': 'application/json' };

  it('answers an over-deep or over-long body 400 with a message', async () => {
    const deep = await app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { ...json, authorization },
      payload: `${'['.repeat(4e5)}${']'.repeat(4e5)}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toMatch(/anida demasiados niveles/);
    const long = await app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { ...json, authorization },
      payload: `[${'0,'.repeat(JSON_MAX_ELEMENTS + 10)}0]`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/demasiados elementos/);
  });

  it('still refuses prototype poisoning', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { ...json, authorization },
      payload: '{"name":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('takes an empty body with content-type application/json as no body (DELETE and body-less POSTs)', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { ...json, authorization },
      payload: '{"name":"Vacío"}',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().space.id as string;
    const version = await app.inject({
      method: 'POST',
      url: `/api/spaces/${id}/versions`,
      headers: { ...json, authorization },
      payload: '',
    });
    expect(version.statusCode).toBe(201);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/spaces/${id}`,
      headers: { ...json, authorization },
      payload: '',
    });
    expect(removed.statusCode).toBe(204);
    // A route that needs a body still says so.
    const missing = await app.inject({ method: 'POST', url: '/api/spaces', headers: { ...json, authorization }, payload: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(typeof missing.json().message).toBe('string');
  });

  it('answers a signed-out request 401 whatever its body, on every /api route that takes one', async () => {
    const bodies = ['{}', '{"spaceId":', `${'['.repeat(1e5)}`, '{"files":"no"}', ''];
    const routes: Array<[string, string]> = [
      ['POST', '/api/deploy'],
      ['PUT', '/api/spaces/abc/files'],
      ['POST', '/api/ask-ai/generate-separate-files'],
      ['POST', '/api/spaces'],
      ['PATCH', '/api/spaces/abc'],
      ['POST', '/api/keys'],
      ['POST', '/api/payment/create-checkout-session'],
      ['POST', '/api/re-design'],
      ['POST', '/api/fix-error'],
      ['POST', '/api/custom-models'],
    ];
    const wrong: string[] = [];
    for (const [method, url] of routes) {
      for (const payload of bodies) {
        for (const headers of [json, { ...json, authorization: 'Bearer not-a-session' }]) {
          const res = await app.inject({ method: method as 'POST', url, headers, payload });
          if (res.statusCode !== 401 || typeof res.json().message !== 'string') {
            wrong.push(`${method} ${url} ${payload.slice(0, 12)} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
