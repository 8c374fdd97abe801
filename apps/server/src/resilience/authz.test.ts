import { roleAllows, type SpaceRole } from '@div/shared/members';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { routeCatalogue } from '../modules/ops/ops';
import { createTestApp } from '../test/app';
import { openTestDatabase } from '../test/db';
import { type Actor, addTeam, createActor, publishActor, snapshotOf } from './fixtures';
import { arbitraryOf, jsonSchemaOf } from './schema-arbitrary';

/**
 * Authorization matrix (issue 9, extended to members in issue 25): every owner-scoped route of the catalogue (a path parameter naming
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
  /** A pending invitation to the victim's space, and a member of it (issue 25). */
  invitation: string;
  member: string;
}

/** Which of the victim's ids a path parameter of this route names; undefined when not owner-scoped. */
function idFor(url: string, param: string, ids: VictimIds): string | undefined {
  if (param === 'spaceId') return ids.space;
  if (param === 'versionId') return ids.version;
  if (param === 'deploymentId') return ids.deployment;
  if (param === 'invitationId') return ids.invitation;
  if (param === 'userId') return ids.member;
  if (param !== 'id') return undefined;
  if (/^\/(api|v1)\/(spaces|remix|share)\//.test(url)) return ids.space;
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

/** A catalogue route that names the victim's data, with its ids and a valid body filled in. */
interface NamedRoute {
  route: RouteOptions;
  method: string;
  url: string;
  body: unknown;
  /** It names the victim's space (its path, or `spaceId` in its body), not only a domain or a key. */
  namesSpace: boolean;
}

/** Every /api and /v1 route that names one of the victim's ids (in its path or as `spaceId` in its body). */
function namedRoutes(app: FastifyInstance, ids: VictimIds): { named: NamedRoute[]; unbuildable: string[] } {
  const named: NamedRoute[] = [];
  const unbuildable: string[] = [];
  const routes = routeCatalogue(app).filter((r: RouteOptions) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    return (r.url.startsWith('/api/') || r.url.startsWith('/v1/')) && !methods.includes('HEAD');
  });
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
      unbuildable.push(`${method} ${route.url}: no valid body could be generated`);
      continue;
    }
    named.push({ route, method, url, body, namesSpace: bodyNamesSpace || mapped.includes(ids.space) });
  }
  return { named, unbuildable };
}

async function send(app: FastifyInstance, named: NamedRoute, authorization: string) {
  const res = await app.inject({
    method: named.method as 'GET',
    url: named.url,
    headers: { authorization, ...(named.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(named.body !== undefined ? { payload: JSON.stringify(named.body) } : {}),
  });
  const message = String(res.headers['content-type'] ?? '').includes('json') ? res.json().message : undefined;
  return { status: res.statusCode, message, body: res.body };
}

/**
 * Routes that name a space and answer anyone, on purpose: what a space shares with anyone (ADR
 * 0210). Every other /api route that names a space declares the least role it needs (ADR 0211).
 */
const SHARE_DOORS = ['GET /api/remix/:id', 'GET /api/share/:id', 'POST /api/remix'];

describe('authorization matrix', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let victim: Actor;
  let attacker: Actor;
  let team: Awaited<ReturnType<typeof addTeam>>;
  let ids: VictimIds;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database, { COMPOSER_PACE: '0', DNS_RESOLVER: '127.0.0.1:9', DNS_TIMEOUT_MS: '100' });
    victim = await createActor(app, database, { plan: 'pro' });
    attacker = await createActor(app, database, { plan: 'pro' });
    const published = await publishActor(app, victim);
    team = await addTeam(app, database, victim);
    ids = {
      space: victim.spaceId,
      version: victim.versionId,
      deployment: published.deploymentId,
      domain: published.domainId,
      key: published.keyId,
      invitation: team.invitationId,
      member: team.viewer.id,
    };
    expect(Object.values(ids).every(Boolean), JSON.stringify(ids)).toBe(true);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('another user’s ids answer 404 on every owner-scoped route and change nothing', async () => {
    const before = await snapshotOf(app, victim);
    const { named, unbuildable } = namedRoutes(app, ids);
    const checked: string[] = [];
    const wrong: string[] = [...unbuildable];
    for (const entry of named) {
      const authorization = entry.route.url.startsWith('/v1/') ? attacker.apiAuthorization : attacker.authorization;
      const res = await send(app, entry, authorization);
      checked.push(`${entry.method} ${entry.route.url}`);
      if (res.status !== 404 || typeof res.message !== 'string') {
        wrong.push(`${entry.method} ${entry.route.url} -> ${res.status} ${res.body.slice(0, 200)}`);
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
      'GET /api/share/:id',
      'POST /api/remix',
      'GET /api/spaces/:id/members',
      'DELETE /api/spaces/:id/invitations/:invitationId',
      'PATCH /api/spaces/:id/members/:userId',
    ]) {
      expect(checked).toContain(expected);
    }
    expect(await snapshotOf(app, victim)).toEqual(before);
  });

  it('members: every space route enforces its declared role — below it 403 with a message, nothing changes', async () => {
    const before = await snapshotOf(app, victim);
    const { named, unbuildable } = namedRoutes(app, ids);
    expect(unbuildable).toEqual([]);
    const wrong: string[] = [];
    const refused: string[] = [];
    const read: string[] = [];
    for (const entry of named) {
      const name = `${entry.method} ${entry.route.url}`;
      // The developer API acts for the key's owner over their own spaces only (the first test).
      if (!entry.namesSpace || entry.route.url.startsWith('/v1/') || SHARE_DOORS.includes(name)) continue;
      const declared = (entry.route.config as { spaceRole?: SpaceRole } | undefined)?.spaceRole;
      if (!declared) {
        wrong.push(`${name}: names a space but declares no spaceRole`);
        continue;
      }
      for (const [role, member] of [
        ['editor', team.editor],
        ['viewer', team.viewer],
      ] as const) {
        if (!roleAllows(role, declared)) {
          const res = await send(app, entry, member.authorization);
          refused.push(`${role} ${name}`);
          if (res.status !== 403 || typeof res.message !== 'string')
            wrong.push(`${role} ${name} -> ${res.status} ${res.body.slice(0, 200)}`);
        } else if (entry.method === 'GET') {
          const res = await send(app, entry, member.authorization);
          read.push(`${role} ${name}`);
          if (res.status !== 200) wrong.push(`${role} ${name} -> ${res.status} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    for (const expected of [
      'viewer PUT /api/spaces/:id/files',
      'viewer POST /api/ask-ai/generate-separate-files',
      'viewer POST /api/deploy',
      'viewer POST /api/spaces/:id/versions/:versionId/restore',
      'viewer GET /api/spaces/:id/export',
      'editor DELETE /api/spaces/:id',
      'editor PATCH /api/spaces/:id',
      'editor POST /api/spaces/:id/invitations',
      'editor POST /api/domains',
    ]) {
      expect(refused).toContain(expected);
    }
    for (const expected of [
      'viewer GET /api/spaces/:id',
      'viewer GET /api/spaces/:id/versions',
      'editor GET /api/sites/:spaceId/deployments',
    ]) {
      expect(read).toContain(expected);
    }
    expect(await snapshotOf(app, victim)).toEqual(before);
  });
});
