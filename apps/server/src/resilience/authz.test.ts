import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { routeCatalogue } from '../modules/ops/ops';
import { createTestApp } from '../test/app';
import { openTestDatabase } from '../test/db';
import { type Actor, createActor, publishActor, snapshotOf } from './fixtures';
import { arbitraryOf, jsonSchemaOf } from './schema-arbitrary';

/**
 * Authorization matrix (issue 9): every owner-scoped route of the catalogue (a path parameter naming
 * a space, version, deployment, domain or key, or a `spaceId` in the body) called by a signed-in user
 * with another user's ids answers 404 with a message and changes nothing of the owner's data.
 * Routes added later are covered as long as their parameters use these names.
 */

interface VictimIds {
  space: string;
  version: string;
  deployment: string;
  domain: string;
  key: string;
}

/** Which of the victim's ids a path parameter of this route names; undefined when not owner-scoped. */
function idFor(url: string, param: string, ids: VictimIds): string | undefined {
  if (param === 'spaceId') return ids.space;
  if (param === 'versionId') return ids.version;
  if (param === 'deploymentId') return ids.deployment;
  if (param !== 'id') return undefined;
  if (/^\/(api|v1)\/(spaces|remix)\//.test(url)) return ids.space;
  if (url.startsWith('/api/domains/')) return ids.domain;
  if (url.startsWith('/api/keys/')) return ids.key;
  return undefined;
}

/** A body that passes the route's schema, so the request reaches the ownership check. */
function validBody(schema: unknown, ids: VictimIds): unknown {
  const json = jsonSchemaOf(schema);
  if (!json) return undefined;
  const candidates = fc.sample(arbitraryOf(json, fc.constant(ids.space), 0, true), { numRuns: 300, seed: 7 });
  const zod = schema as z.ZodType;
  const good = candidates.filter((c) => zod.safeParse(c).success);
  // The smallest valid body: fewer optional extras to trip over.
  good.sort((a, b) => JSON.stringify(a).length - JSON.stringify(b).length);
  const body = good[0];
  const properties = (json.properties as object | undefined) ?? {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    // Values that also pass the routes' own checks (beyond the schema) that run before ownership.
    const meaningful: Record<string, unknown> = { spaceId: ids.space, slug: 'sitio-ajeno-123', domain: 'www.ajeno-ejemplo.com' };
    for (const [name, value] of Object.entries(meaningful)) {
      if (name in properties) (body as Record<string, unknown>)[name] = value;
    }
  }
  return body;
}

describe('authorization matrix: another user’s ids answer 404 and change nothing', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let victim: Actor;
  let attacker: Actor;
  let ids: VictimIds;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database, { COMPOSER_PACE: '0', DNS_RESOLVER: '127.0.0.1:9', DNS_TIMEOUT_MS: '100' });
    victim = await createActor(app, database, { plan: 'pro' });
    attacker = await createActor(app, database, { plan: 'pro' });
    const published = await publishActor(app, victim);
    ids = {
      space: victim.spaceId,
      version: victim.versionId,
      deployment: published.deploymentId,
      domain: published.domainId,
      key: published.keyId,
    };
    expect(Object.values(ids).every(Boolean), JSON.stringify(ids)).toBe(true);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('covers every owner-scoped route with the other user’s ids', async () => {
    const routes = routeCatalogue(app).filter((r: RouteOptions) => {
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      return (r.url.startsWith('/api/') || r.url.startsWith('/v1/')) && !methods.includes('HEAD');
    });
    const before = await snapshotOf(app, victim);
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      const schema = (route.schema ?? {}) as { body?: unknown };
      const bodyJson = jsonSchemaOf(schema.body);
      const bodyNamesSpace = Boolean(bodyJson && 'spaceId' in ((bodyJson.properties as object | undefined) ?? {}));
      const mapped = params.map((p) => idFor(route.url, p, ids));
      if (params.length === 0 && !bodyNamesSpace) continue;
      if (mapped.some((v) => v === undefined)) continue;
      let url = route.url;
      params.forEach((p, i) => {
        url = url.replace(`:${p}`, mapped[i] as string);
      });
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
      const body = schema.body ? validBody(schema.body, ids) : undefined;
      if (schema.body && body === undefined) {
        wrong.push(`${method} ${route.url}: no valid body could be generated`);
        continue;
      }
      const authorization = route.url.startsWith('/v1/') ? attacker.apiAuthorization : attacker.authorization;
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: { authorization, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      checked.push(`${method} ${route.url}`);
      const message = String(res.headers['content-type'] ?? '').includes('json') ? res.json().message : undefined;
      if (res.statusCode !== 404 || typeof message !== 'string') {
        wrong.push(`${method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    // The matrix really covered the owner-scoped surface of today, and grows with new routes.
    for (const expected of [
      'GET /api/spaces/:id',
      'PATCH /api/spaces/:id',
      'DELETE /api/spaces/:id',
      'PUT /api/spaces/:id/files',
      'GET /api/spaces/:id/versions/:versionId',
      'POST /api/spaces/:id/versions/:versionId/restore',
      'POST /api/deploy',
      'POST /api/sites/:spaceId/deployments/:deploymentId/activate',
      'DELETE /api/domains/:id',
      'DELETE /api/keys/:id',
      'POST /api/ask-ai/generate-separate-files',
      'GET /v1/spaces/:id/files',
      'DELETE /v1/spaces/:id',
    ]) {
      expect(checked).toContain(expected);
    }
    expect(await snapshotOf(app, victim)).toEqual(before);
  });
});
