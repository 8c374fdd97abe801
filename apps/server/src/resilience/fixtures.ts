import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { formSubmissions } from '../db/schema/forms';
import { createApiKey } from '../modules/api-keys/service';
import { createTestUser } from '../test/app';

export interface Actor {
  id: string;
  email: string;
  authorization: string;
  apiAuthorization: string;
  spaceId: string;
  versionId: string;
}

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>Contenido de ${title}</p></body></html>`;

/** A signed-in user with an API key and one space holding a saved page and a version. */
export async function createActor(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: { plan?: string } = {},
): Promise<Actor> {
  const user = await createTestUser(database, { plan: options.plan ?? 'free' });
  const { key } = await createApiKey({ db: database.db, userId: user.id, name: 'fixture' });
  const headers = { authorization: user.authorization };
  const created = await app.inject({
    method: 'POST',
    url: '/api/spaces',
    headers,
    payload: { name: `Espacio de ${user.id.slice(0, 6)}` },
  });
  if (created.statusCode !== 201) throw new Error(`space not created: ${created.statusCode} ${created.body}`);
  const spaceId = created.json().space.id as string;
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/spaces/${spaceId}/files`,
    headers,
    payload: { revision: created.json().space.revision ?? 0, files: [{ path: 'index.html', content: page('Inicio') }] },
  });
  if (saved.statusCode !== 200) throw new Error(`files not saved: ${saved.statusCode} ${saved.body}`);
  const version = await app.inject({
    method: 'POST',
    url: `/api/spaces/${spaceId}/versions`,
    headers,
    payload: { prompt: 'versión inicial' },
  });
  if (version.statusCode >= 300) throw new Error(`version not saved: ${version.statusCode} ${version.body}`);
  const versions = await app.inject({ url: `/api/spaces/${spaceId}/versions`, headers });
  const versionId = (versions.json().versions?.[0]?.id ?? versions.json()[0]?.id) as string;
  return {
    id: user.id,
    email: user.email,
    authorization: user.authorization,
    apiAuthorization: `Bearer ${key}`,
    spaceId,
    versionId,
  };
}

/** What a person sees of their own data through the API: compared before and after an attack. */
export async function snapshotOf(app: FastifyInstance, actor: Actor): Promise<Record<string, unknown>> {
  const headers = { authorization: actor.authorization };
  const urls = [
    '/api/spaces',
    `/api/spaces/${actor.spaceId}`,
    `/api/spaces/${actor.spaceId}/versions`,
    `/api/spaces/${actor.spaceId}/versions/${actor.versionId}`,
    `/api/sites/${actor.spaceId}`,
    `/api/sites/${actor.spaceId}/seo`,
    `/api/sites/${actor.spaceId}/deployments`,
    `/api/spaces/${actor.spaceId}/images`,
    `/api/spaces/${actor.spaceId}/submissions`,
    `/api/spaces/${actor.spaceId}/members`,
    `/api/spaces/${actor.spaceId}/form-settings`,
    '/api/domains',
    '/api/keys',
    '/api/custom-models',
    '/api/user/profile',
  ];
  const out: Record<string, unknown> = {};
  for (const url of urls) {
    const res = await app.inject({ url, headers });
    out[url] = { status: res.statusCode, body: stripVolatile(res.body) };
  }
  return out;
}

/** Drops fields that change on reading (last use of a key, the session's expiry). */
function stripVolatile(body: string): unknown {
  try {
    return JSON.parse(body, (key, value) => (/^(lastUsedAt|expiresAt|now|serverTime)$/.test(key) ? undefined : value));
  } catch {
    return body;
  }
}

/** Publishes the actor's space and adds a custom domain to it; returns the new ids. */
export async function publishActor(app: FastifyInstance, actor: Actor, domain = 'www.victima-ejemplo.com') {
  const headers = { authorization: actor.authorization };
  const deployed = await app.inject({ method: 'POST', url: '/api/deploy', headers, payload: { spaceId: actor.spaceId } });
  if (deployed.statusCode !== 200) throw new Error(`deploy failed: ${deployed.statusCode} ${deployed.body}`);
  const deployments = await app.inject({ url: `/api/sites/${actor.spaceId}/deployments`, headers });
  const deploymentId = (deployments.json().deployments?.[0]?.id ?? '') as string;
  const added = await app.inject({ method: 'POST', url: '/api/domains', headers, payload: { spaceId: actor.spaceId, domain } });
  if (added.statusCode !== 201) throw new Error(`domain not added: ${added.statusCode} ${added.body}`);
  const keys = await app.inject({ url: '/api/keys', headers });
  return { deploymentId, domainId: added.json().domain.id as string, keyId: (keys.json().apiKeys?.[0]?.id ?? '') as string };
}

/**
 * Gives the actor's space a team (issue 25): an editor and a viewer who accepted their invitations,
 * and one invitation still pending. The owner needs the pro plan.
 */
export async function addTeam(app: FastifyInstance, database: DatabaseHandle, owner: Actor) {
  const headers = { authorization: owner.authorization };
  const join = async (role: 'editor' | 'viewer') => {
    const user = await createTestUser(database, { name: role === 'editor' ? 'Editora' : 'Lectora' });
    const invited = await app.inject({
      method: 'POST',
      url: `/api/spaces/${owner.spaceId}/invitations`,
      headers,
      payload: { email: user.email, role },
    });
    if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
    const token = String(invited.json().link).split('/').pop();
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      headers: { authorization: user.authorization },
    });
    if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
    return user;
  };
  const editor = await join('editor');
  const viewer = await join('viewer');
  const pending = await app.inject({
    method: 'POST',
    url: `/api/spaces/${owner.spaceId}/invitations`,
    headers,
    payload: { email: 'pendiente@example.test', role: 'viewer' },
  });
  return { editor, viewer, invitationId: pending.json().invitation.id as string };
}

/**
 * Gives the actor's space an image (uploaded through the route) and a form submission (a visitor's,
 * stored as the published form would store it), and the actor a custom model endpoint (needs Pro);
 * returns their ids.
 */
export async function addContent(app: FastifyInstance, database: DatabaseHandle, actor: Actor) {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#123"/></svg>';
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/spaces/${actor.spaceId}/images?name=logo.svg`,
    headers: { authorization: actor.authorization, 'content-type': 'image/svg+xml' },
    payload: svg,
  });
  if (uploaded.statusCode !== 201) throw new Error(`image not uploaded: ${uploaded.statusCode} ${uploaded.body}`);
  const [submission] = await database.db
    .insert(formSubmissions)
    .values({
      spaceId: actor.spaceId,
      formName: 'contacto',
      page: '/',
      fields: [{ name: 'mensaje', value: 'Hola desde la víctima' }],
      email: 'visitante@example.test',
    })
    .returning({ id: formSubmissions.id });
  if (!submission) throw new Error('submission not stored');
  // A custom model endpoint (Pro), the account's own and not a space's.
  const endpoint = await app.inject({
    method: 'POST',
    url: '/api/custom-models',
    headers: { authorization: actor.authorization },
    payload: { name: 'Mi modelo', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-victima-secreta', models: ['modelo-propio'] },
  });
  if (endpoint.statusCode !== 201) throw new Error(`custom model not added: ${endpoint.statusCode} ${endpoint.body}`);
  return {
    imageId: uploaded.json().image.id as string,
    submissionId: submission.id,
    customModelId: endpoint.json().endpoint.id as string,
  };
}
