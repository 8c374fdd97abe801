import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gitStatusSchema } from '@div/shared/git';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitConnections } from '../../db/schema/git';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { createKeyUser } from '../developer-api/test-helpers';
import { type GitTestBed, INDEX, STYLE, startGitTestBed, type User } from './test-bed';

describe('Git sync against a real git server: connect, push, pull, roles, secrets (issue 41)', () => {
  let bed: GitTestBed;
  let viewer: User;
  let image: Buffer;

  beforeAll(async () => {
    bed = await startGitTestBed();
    viewer = await createTestUser(bed.database, { name: 'Vera' });
    image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 120, b: 60 } } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await bed?.close();
  });

  it('refuses a wrong token, an unreachable remote and a private address, storing nothing', async () => {
    const id = await bed.newSpace('Rechazos');
    bed.server.createRepo('rechazos');
    const wrong = await bed.api(bed.owner, 'PUT', `/api/spaces/${id}/git`, {
      url: bed.server.url('rechazos'),
      token: 'not-the-token',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/token/);
    const missing = await bed.api(bed.owner, 'PUT', `/api/spaces/${id}/git`, {
      url: bed.server.url('no-existe'),
      token: bed.server.token,
    });
    expect(missing.statusCode).toBe(400);
    const closed = await bed.api(bed.owner, 'PUT', `/api/spaces/${id}/git`, {
      url: 'http://127.0.0.1:9/x.git',
      token: bed.server.token,
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toMatch(/No se pudo conectar/);
    const withUser = await bed.api(bed.owner, 'PUT', `/api/spaces/${id}/git`, {
      url: bed.server.url('rechazos').replace('http://', 'http://me:pw@'),
      token: bed.server.token,
    });
    expect(withUser.statusCode).toBe(400);
    const status = gitStatusSchema.parse((await bed.api(bed.owner, 'GET', `/api/spaces/${id}/git`)).json());
    expect(status.connected).toBe(false);
    expect(await bed.database.db.select().from(gitConnections).where(eq(gitConnections.spaceId, id))).toEqual([]);

    const strict = await createTestApp(bed.database);
    try {
      const blocked = await injectAs(strict, bed.owner, 'PUT', `/api/spaces/${id}/git`, {
        url: bed.server.url('rechazos'),
        token: bed.server.token,
      });
      expect(blocked.statusCode).toBe(400);
      const local = await injectAs(strict, bed.owner, 'PUT', `/api/spaces/${id}/git`, {
        url: 'https://10.0.0.8/r.git',
        token: 'x',
      });
      expect(local.statusCode).toBe(400);
      expect(local.json().message).toMatch(/red privada/);
    } finally {
      await strict.close();
    }
  });

  it('pushes the files and images byte for byte to an empty repository, and sees nothing left to send', async () => {
    const id = await bed.newSpace('Empuje');
    const uploaded = await bed.call(bed.owner, 'POST', `/api/spaces/${id}/images?name=hogaza.png`, image, {
      'content-type': 'application/octet-stream',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const connected = gitStatusSchema.parse((await bed.connect(id, 'empuje')).json());
    expect(connected).toMatchObject({ connected: true, branch: 'main', lastSyncedCommit: null, remoteCommit: null });

    const pushed = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json().pushed).toBe(true);
    expect(await bed.remoteHead('empuje')).toBe(pushed.json().commit);

    const dir = await bed.clone('empuje');
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(INDEX);
    expect(readFileSync(path.join(dir, 'style.css'), 'utf8')).toBe(STYLE);
    expect(readFileSync(path.join(dir, 'images/hogaza.png')).equals(image)).toBe(true);
    const meta = await bed.server.git(dir, 'log', '-1', '--format=%an|%ae|%s');
    expect(meta.trim()).toMatch(/^Olga Panadera\|[^|]+@users\.noreply\.div\.example\|Primera versión de la panadería$/);

    const again = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(again.json()).toMatchObject({ pushed: false, commit: pushed.json().commit });
    expect(again.json().status).toMatchObject({ ahead: 0, behind: 0, lastError: null });
  });

  it('brings a commit made in a bed.clone back as a new version', async () => {
    const id = await bed.newSpace('Traer');
    await bed.connect(id, 'traer');
    expect((await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(200);
    const dir = await bed.clone('traer');
    await bed.commitInClone(
      dir,
      'style.css',
      STYLE.replace('#6b3e1f', '#204060'),
      'Color del título más frío\n\nCuerpo del mensaje',
    );
    await bed.commitInClone(dir, 'contacto.html', '<h1>Contacto</h1>\n', 'Página de contacto');

    const status = gitStatusSchema.parse((await bed.api(bed.owner, 'GET', `/api/spaces/${id}/git`)).json());
    expect(status.behind).toBe(2);

    const pulled = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json().version.prompt).toBe('Desde Git: Página de contacto');
    expect(pulled.json().version.source).toBe('git');
    const files = await bed.filesOf(id);
    expect(files['style.css']).toContain('#204060');
    expect(files['contacto.html']).toBe('<h1>Contacto</h1>\n');
    expect(files['index.html']).toBe(INDEX);
    expect(pulled.json().status).toMatchObject({ behind: 0, lastSyncedCommit: await bed.remoteHead('traer') });

    const nothing = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(nothing.json()).toMatchObject({ changed: false, version: null });
  });

  it('never overwrites a remote that moved: the push is refused and the remote commit stays', async () => {
    const id = await bed.newSpace('Movido');
    await bed.connect(id, 'movido');
    await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await bed.clone('movido');
    await bed.commitInClone(dir, 'notas.txt', 'Hornear a las 5.\n', 'Notas del obrador');
    const moved = await bed.remoteHead('movido');
    await bed.setFiles(id, [{ path: 'index.html', content: '<h1>Otra cosa</h1>\n' }]);
    const refused = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(refused.statusCode).toBe(409);
    expect(await bed.remoteHead('movido')).toBe(moved);
    await bed.server.git(dir, 'fetch', '-q', 'origin');
    expect(await bed.server.git(dir, 'show', 'origin/main:notas.txt')).toBe('Hornear a las 5.\n');
  });

  it('lets viewers read the status only, and disconnects', async () => {
    const id = await bed.newSpace('Miembros');
    await bed.connect(id, 'miembros');
    const invited = await bed.call(bed.owner, 'POST', `/api/spaces/${id}/invitations`, { email: viewer.email, role: 'viewer' });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = invited.json().link.split('/').pop();
    expect((await bed.call(viewer, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
    const seen = await bed.api(viewer, 'GET', `/api/spaces/${id}/git`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().url).toBe(bed.server.url('miembros'));
    expect((await bed.api(viewer, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(403);
    expect((await bed.api(viewer, 'POST', `/api/spaces/${id}/git/pull`)).statusCode).toBe(403);
    expect(
      (await bed.api(viewer, 'PUT', `/api/spaces/${id}/git`, { url: bed.server.url('miembros'), token: 'x' })).statusCode,
    ).toBe(403);
    expect((await bed.api(viewer, 'DELETE', `/api/spaces/${id}/git`)).statusCode).toBe(403);
    expect((await bed.api(bed.owner, 'DELETE', `/api/spaces/${id}/git`)).statusCode).toBe(204);
    expect((await bed.api(bed.owner, 'GET', `/api/spaces/${id}/git`)).json().connected).toBe(false);
    expect((await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(404);
  });

  it('answers the same under /v1 for API keys, in the OpenAPI document', async () => {
    const dev = await createKeyUser(bed.database, { developerPlan: 'growth' });
    const id = (
      await bed.call({ authorization: dev.sessionAuthorization, email: '' }, 'POST', '/api/spaces', { name: 'API' })
    ).json().space.id as string;
    const v1 = async (method: string, url: string, payload?: unknown) => {
      const res = await bed.app.inject({
        method: method as 'GET',
        url,
        headers: { host: 'app.test', authorization: dev.authorization },
        ...(payload ? { payload: payload as object } : {}),
      });
      bed.answers.push(res.body);
      return res;
    };
    bed.server.createRepo('api');
    const wrong = await v1('PUT', `/v1/spaces/${id}/git`, { url: bed.server.url('api'), token: 'nope' });
    expect(wrong.statusCode).toBe(400);
    const connected = await v1('PUT', `/v1/spaces/${id}/git`, {
      url: bed.server.url('api'),
      branch: 'main',
      token: bed.server.token,
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const pushed = await v1('POST', `/v1/spaces/${id}/git/push`);
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(await bed.remoteHead('api')).toBe(pushed.json().commit);
    const dir = await bed.clone('api');
    await bed.commitInClone(dir, 'nuevo.txt', 'hola\n', 'Nuevo archivo');
    const pulled = await v1('POST', `/v1/spaces/${id}/git/pull`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json().version.prompt).toBe('Desde Git: Nuevo archivo');
    const status = gitStatusSchema.parse((await v1('GET', `/v1/spaces/${id}/git`)).json());
    expect(status).toMatchObject({ connected: true, behind: 0, lastError: null, autoPush: false });
    const auto = await v1('PATCH', `/v1/spaces/${id}/git`, { autoPush: true });
    expect(auto.statusCode, auto.body).toBe(200);
    expect(auto.json().autoPush).toBe(true);
    // A resolution made against a commit the remote is not at changes nothing.
    const stale = await v1('POST', `/v1/spaces/${id}/git/resolve`, {
      remoteCommit: 'a'.repeat(40),
      revision: pulled.json().revision,
      resolutions: { 'index.html': 'theirs' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/cambiaron desde que viste el conflicto/);
    expect((await v1('GET', `/v1/spaces/${await bed.newSpace('Ajeno')}/git`)).statusCode).toBe(404);
    expect((await v1('DELETE', `/v1/spaces/${id}/git`)).statusCode).toBe(204);
    const doc = (await bed.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/spaces/{id}/git',
        '/v1/spaces/{id}/git/push',
        '/v1/spaces/{id}/git/pull',
        '/v1/spaces/{id}/git/resolve',
      ]),
    );
  });

  it('never puts the token in an answer, a log line, a request URL or a stored row', async () => {
    expect(bed.answers.length).toBeGreaterThan(20);
    expect(bed.logs.length).toBeGreaterThan(20);
    for (const text of [...bed.answers, ...bed.logs, ...bed.server.requests]) expect(text).not.toContain(bed.server.token);
    const rows = await bed.database.db.select().from(gitConnections);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(bed.server.token);
  });
});
