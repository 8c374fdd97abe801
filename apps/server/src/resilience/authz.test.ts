import { roleAllows, type SpaceRole } from '@div/shared/members';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema/users';
import { routeCatalogue } from '../modules/ops/ops';
import { createTestApp } from '../test/app';
import { openTestDatabase } from '../test/db';
import { type Actor, addContent, addTeam, createActor, publishActor, snapshotOf } from './fixtures';
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
  /** An image of the victim's space and a visitor's form submission to it. */
  image: string;
  submission: string;
  /** The victim's custom model endpoint (an account's, not a space's). */
  customModel: string;
}

/** Which of the victim's ids a path parameter of this route names; undefined when not owner-scoped. */
function idFor(url: string, param: string, ids: VictimIds): string | undefined {
  if (param === 'spaceId') return ids.space;
  if (param === 'versionId') return ids.version;
  if (param === 'deploymentId') return ids.deployment;
  if (param === 'invitationId') return ids.invitation;
  if (param === 'userId') return ids.member;
  if (param === 'imageId') return ids.image;
  if (param === 'submissionId') return ids.submission;
  if (param !== 'id') return undefined;
  if (/^\/(api|v1)\/(spaces|remix|share)\//.test(url)) return ids.space;
  if (url.startsWith('/api/domains/')) return ids.domain;
  if (url.startsWith('/api/keys/')) return ids.key;
  if (url.startsWith('/api/custom-models/')) return ids.customModel;
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

/** Catalogue GET routes that name nothing (lists, the account, usage): what a credential can list. */
function listRoutes(app: FastifyInstance): string[] {
  return routeCatalogue(app)
    .filter((r: RouteOptions) => {
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      return (
        methods.includes('GET') &&
        (r.url.startsWith('/api/') || r.url.startsWith('/v1/')) &&
        !r.url.includes(':') &&
        // Sign-in redirects start flows of their own; nothing to list there.
        !r.url.startsWith('/api/auth/')
      );
    })
    .map((r) => r.url);
}

/** Everything of the victim's an answer must never hold when someone else asked. */
function victimSecrets(victim: Actor, ids: VictimIds): string[] {
  return [
    victim.id,
    victim.email,
    ...Object.values(ids),
    'www.victima-ejemplo.com',
    'Hola desde la víctima',
    'sk-victima-secreta',
  ];
}

describe('authorization matrix', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let victim: Actor;
  let attacker: Actor;
  let team: Awaited<ReturnType<typeof addTeam>>;
  let ids: VictimIds;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database, {
      COMPOSER_PACE: '0',
      CUSTOM_MODELS_ALLOW_PRIVATE: 'true',
      DNS_RESOLVER: '127.0.0.1:9',
      DNS_TIMEOUT_MS: '100',
    });
    victim = await createActor(app, database, { plan: 'pro' });
    attacker = await createActor(app, database, { plan: 'pro' });
    const published = await publishActor(app, victim);
    team = await addTeam(app, database, victim);
    const content = await addContent(app, database, victim);
    ids = {
      space: victim.spaceId,
      version: victim.versionId,
      deployment: published.deploymentId,
      domain: published.domainId,
      key: published.keyId,
      invitation: team.invitationId,
      member: team.viewer.id,
      image: content.imageId,
      submission: content.submissionId,
      customModel: content.customModelId,
    };
    expect(Object.values(ids).every(Boolean), JSON.stringify(ids)).toBe(true);
    // The API-key rows below make more /v1 calls in a minute than the starter plan allows.
    await database.db
      .update(users)
      .set({ developerPlan: 'scale' })
      .where(inArray(users.id, [victim.id, attacker.id]));
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
      'DELETE /api/spaces/:id/images/:imageId',
      'PATCH /api/spaces/:id/submissions/:submissionId',
      'GET /v1/spaces/:id/submissions/:submissionId',
      'PATCH /api/custom-models/:id',
      'POST /api/custom-models/:id/test',
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

  /**
   * API keys (issue 19, "keep it closed"): a key is the developer API's credential only. Tenant B's
   * key on every route that names tenant A's data — spaces, files, versions, deployments, form
   * submissions, images, domains, keys, members and invitations — answers 404 on /v1 (the key's owner
   * has no such space) and 401 on /api (no /api route takes an API key: they are not sessions); its
   * lists hold only B's own; no answer holds anything of A's; A's data is unchanged.
   */
  it('another tenant’s API key reads, writes, deploys, deletes and lists nothing of the owner’s', async () => {
    const before = await snapshotOf(app, victim);
    const { named, unbuildable } = namedRoutes(app, ids);
    expect(unbuildable).toEqual([]);
    const secrets = victimSecrets(victim, ids);
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const entry of named) {
      const name = `${entry.method} ${entry.route.url}`;
      const res = await send(app, entry, attacker.apiAuthorization);
      checked.push(name);
      const expected = entry.route.url.startsWith('/v1/') ? [404] : SHARE_DOORS.includes(name) ? [401, 404] : [401];
      if (!expected.includes(res.status) || typeof res.message !== 'string') {
        wrong.push(`${name} -> ${res.status} ${res.body.slice(0, 200)}`);
      }
      for (const secret of secrets) if (res.body.includes(secret)) wrong.push(`${name} told "${secret}"`);
    }
    const listed: string[] = [];
    for (const url of listRoutes(app)) {
      const res = await app.inject({ url, headers: { authorization: attacker.apiAuthorization } });
      listed.push(`${res.statusCode} GET ${url}`);
      for (const secret of secrets) if (res.body.includes(secret)) wrong.push(`GET ${url} told "${secret}"`);
    }
    expect(wrong).toEqual([]);
    for (const expected of [
      'GET /v1/spaces/:id/files',
      'GET /v1/spaces/:id/versions',
      'POST /v1/spaces/:id/edit',
      'POST /v1/spaces/:id/deploy',
      'DELETE /v1/spaces/:id',
      'GET /v1/spaces/:id/submissions',
      'DELETE /v1/spaces/:id/submissions/:submissionId',
      'POST /v1/generate',
      'PUT /api/spaces/:id/files',
      'POST /api/deploy',
      'DELETE /api/spaces/:id/images/:imageId',
      'GET /api/spaces/:id/submissions/:submissionId',
      'DELETE /api/domains/:id',
      'GET /api/spaces/:id/members',
      'DELETE /api/keys/:id',
    ]) {
      expect(checked).toContain(expected);
    }
    // Its lists: the developer API lists the key owner's own spaces; the app's lists want a session.
    for (const expected of [
      '200 GET /v1/spaces',
      '200 GET /v1/usage',
      '401 GET /api/spaces',
      '401 GET /api/domains',
      '401 GET /api/keys',
      '401 GET /api/sites',
      '401 GET /api/shared-spaces',
      '401 GET /api/user',
    ]) {
      expect(listed).toContain(expected);
    }
    const own = await app.inject({ url: '/v1/spaces', headers: { authorization: attacker.apiAuthorization } });
    expect(own.json().spaces.map((space: { id: string }) => space.id)).toEqual([attacker.spaceId]);
    expect(await snapshotOf(app, victim)).toEqual(before);
  });

  it('a revoked API key reads nothing, not even its own owner’s data', async () => {
    const headers = { authorization: victim.authorization };
    const created = await app.inject({ method: 'POST', url: '/api/keys', headers, payload: { name: 'pronto revocada' } });
    expect(created.statusCode).toBe(201);
    const revoked = `Bearer ${created.json().key as string}`;
    // Live, the key reads the owner's files (so each refusal below is the revocation's doing).
    const live = await app.inject({ url: `/v1/spaces/${victim.spaceId}/files`, headers: { authorization: revoked } });
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('Contenido de Inicio');
    const gone = await app.inject({ method: 'DELETE', url: `/api/keys/${created.json().apiKey.id}`, headers });
    expect(gone.statusCode).toBe(200);

    const before = await snapshotOf(app, victim);
    const secrets = victimSecrets(victim, ids);
    const wrong: string[] = [];
    const { named } = namedRoutes(app, ids);
    for (const entry of named) {
      const name = `${entry.method} ${entry.route.url}`;
      const res = await send(app, entry, revoked);
      const expected = SHARE_DOORS.includes(name) ? [401, 404] : [401];
      if (!expected.includes(res.status) || typeof res.message !== 'string') {
        wrong.push(`${name} -> ${res.status} ${res.body.slice(0, 200)}`);
      }
      for (const secret of secrets) if (res.body.includes(secret)) wrong.push(`${name} told "${secret}"`);
    }
    for (const url of listRoutes(app)) {
      const res = await app.inject({ url, headers: { authorization: revoked } });
      if (url.startsWith('/v1/') && res.statusCode !== 401) wrong.push(`GET ${url} -> ${res.statusCode}`);
      for (const secret of secrets) if (res.body.includes(secret)) wrong.push(`GET ${url} told "${secret}"`);
    }
    expect(wrong).toEqual([]);
    expect(named.filter((entry) => entry.route.url.startsWith('/v1/')).length).toBeGreaterThanOrEqual(9);
    expect(await snapshotOf(app, victim)).toEqual(before);
  });
});
