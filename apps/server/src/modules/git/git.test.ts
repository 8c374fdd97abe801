import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gitStatusSchema } from '@div/shared/git';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { gitConnections } from '../../db/schema/git';
import { createTestApp, createTestUser, injectAs, testConfig } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { type GitServer, startGitServer } from '../../test/git-server';
import { createKeyUser } from '../developer-api/test-helpers';

type User = { authorization: string; email: string };

const INDEX =
  '<!doctype html>\n<html lang="es">\n<head>\n<title>La Espiga</title>\n</head>\n<body>\n<h1>Panadería La Espiga</h1>\n<p>Pan de masa madre.</p>\n<p>Abierto de lunes a sábado.</p>\n</body>\n</html>\n';
const STYLE = 'body {\n  margin: 0;\n}\n\nh1 {\n  color: #6b3e1f;\n}\n';

describe('Git sync against a real git server (issue 41)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let server: GitServer;
  let owner: User;
  let viewer: User;
  const logs: string[] = [];
  let image: Buffer;

  const call = (user: User | null, method: string, url: string, payload?: unknown, headers?: Record<string, string>) =>
    injectAs(app, user, method, url, payload, headers);
  const answers: string[] = [];
  async function api(user: User, method: string, url: string, payload?: unknown) {
    const res = await call(user, method, url, payload);
    answers.push(res.body);
    return res;
  }

  async function newSpace(
    name: string,
    files = [
      { path: 'index.html', content: INDEX },
      { path: 'style.css', content: STYLE },
    ],
  ) {
    const id = (await call(owner, 'POST', '/api/spaces', { name })).json().space.id as string;
    await setFiles(id, files, 'Primera versión de la panadería');
    return id;
  }

  async function setFiles(id: string, files: { path: string; content: string }[], prompt?: string) {
    const detail = (await call(owner, 'GET', `/api/spaces/${id}`)).json();
    const saved = await call(owner, 'PUT', `/api/spaces/${id}/files`, {
      revision: detail.space.revision,
      files,
      replaceAll: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(owner, 'POST', `/api/spaces/${id}/versions`, prompt ? { prompt } : {})).statusCode).toBe(201);
  }

  async function filesOf(id: string): Promise<Record<string, string>> {
    const detail = (await call(owner, 'GET', `/api/spaces/${id}`)).json();
    const files = detail.files as { id: string; content: string }[];
    return Object.fromEntries(files.map((f) => [f.id, f.content]));
  }

  async function connect(id: string, repo: string) {
    server.createRepo(repo);
    const res = await api(owner, 'PUT', `/api/spaces/${id}/git`, { url: server.url(repo), branch: 'main', token: server.token });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  /** A fresh clone of the repository with the git CLI. */
  async function clone(repo: string): Promise<string> {
    const dir = path.join(server.tempDir(), repo);
    await server.git(path.dirname(dir), 'clone', '-q', server.url(repo), dir);
    return dir;
  }

  async function commitInClone(dir: string, file: string, content: string, message: string) {
    writeFileSync(path.join(dir, file), content);
    await server.git(dir, 'add', '-A');
    await server.git(dir, 'commit', '-q', '-m', message);
    await server.git(dir, 'push', '-q', 'origin', 'HEAD:main');
  }

  const remoteHead = async (repo: string) =>
    (await server.git(server.tempDir(), 'ls-remote', server.url(repo), 'refs/heads/main')).split('\t')[0];

  beforeAll(async () => {
    server = await startGitServer();
    database = await openTestDatabase();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    app = await buildApp(testConfig({ GIT_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'trace', PUBLIC_URL: 'https://div.example' }), {
      database,
      logger: { stream: sink },
    });
    await app.ready();
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga Panadera' });
    viewer = await createTestUser(database, { name: 'Vera' });
    image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 120, b: 60 } } })
      .png()
      .toBuffer();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await server?.close();
  });

  it('refuses a wrong token, an unreachable remote and a private address, storing nothing', async () => {
    const id = await newSpace('Rechazos');
    server.createRepo('rechazos');
    const wrong = await api(owner, 'PUT', `/api/spaces/${id}/git`, { url: server.url('rechazos'), token: 'not-the-token' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/token/);
    const missing = await api(owner, 'PUT', `/api/spaces/${id}/git`, { url: server.url('no-existe'), token: server.token });
    expect(missing.statusCode).toBe(400);
    const closed = await api(owner, 'PUT', `/api/spaces/${id}/git`, { url: 'http://127.0.0.1:9/x.git', token: server.token });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toMatch(/No se pudo conectar/);
    const withUser = await api(owner, 'PUT', `/api/spaces/${id}/git`, {
      url: server.url('rechazos').replace('http://', 'http://me:pw@'),
      token: server.token,
    });
    expect(withUser.statusCode).toBe(400);
    const status = gitStatusSchema.parse((await api(owner, 'GET', `/api/spaces/${id}/git`)).json());
    expect(status.connected).toBe(false);
    expect(await database.db.select().from(gitConnections).where(eq(gitConnections.spaceId, id))).toEqual([]);

    const strict = await createTestApp(database);
    try {
      const blocked = await injectAs(strict, owner, 'PUT', `/api/spaces/${id}/git`, {
        url: server.url('rechazos'),
        token: server.token,
      });
      expect(blocked.statusCode).toBe(400);
      const local = await injectAs(strict, owner, 'PUT', `/api/spaces/${id}/git`, { url: 'https://10.0.0.8/r.git', token: 'x' });
      expect(local.statusCode).toBe(400);
      expect(local.json().message).toMatch(/red privada/);
    } finally {
      await strict.close();
    }
  });

  it('pushes the files and images byte for byte to an empty repository, and sees nothing left to send', async () => {
    const id = await newSpace('Empuje');
    const uploaded = await call(owner, 'POST', `/api/spaces/${id}/images?name=hogaza.png`, image, {
      'content-type': 'application/octet-stream',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const connected = gitStatusSchema.parse((await connect(id, 'empuje')).json());
    expect(connected).toMatchObject({ connected: true, branch: 'main', lastSyncedCommit: null, remoteCommit: null });

    const pushed = await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json().pushed).toBe(true);
    expect(await remoteHead('empuje')).toBe(pushed.json().commit);

    const dir = await clone('empuje');
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(INDEX);
    expect(readFileSync(path.join(dir, 'style.css'), 'utf8')).toBe(STYLE);
    expect(readFileSync(path.join(dir, 'images/hogaza.png')).equals(image)).toBe(true);
    const meta = await server.git(dir, 'log', '-1', '--format=%an|%ae|%s');
    expect(meta.trim()).toMatch(/^Olga Panadera\|[^|]+@users\.noreply\.div\.example\|Primera versión de la panadería$/);

    const again = await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(again.json()).toMatchObject({ pushed: false, commit: pushed.json().commit });
    expect(again.json().status).toMatchObject({ ahead: 0, behind: 0, lastError: null });
  });

  it('brings a commit made in a clone back as a new version', async () => {
    const id = await newSpace('Traer');
    await connect(id, 'traer');
    expect((await api(owner, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(200);
    const dir = await clone('traer');
    await commitInClone(dir, 'style.css', STYLE.replace('#6b3e1f', '#204060'), 'Color del título más frío\n\nCuerpo del mensaje');
    await commitInClone(dir, 'contacto.html', '<h1>Contacto</h1>\n', 'Página de contacto');

    const status = gitStatusSchema.parse((await api(owner, 'GET', `/api/spaces/${id}/git`)).json());
    expect(status.behind).toBe(2);

    const pulled = await api(owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json().version.prompt).toBe('Desde Git: Página de contacto');
    expect(pulled.json().version.source).toBe('git');
    const files = await filesOf(id);
    expect(files['style.css']).toContain('#204060');
    expect(files['contacto.html']).toBe('<h1>Contacto</h1>\n');
    expect(files['index.html']).toBe(INDEX);
    expect(pulled.json().status).toMatchObject({ behind: 0, lastSyncedCommit: await remoteHead('traer') });

    const nothing = await api(owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(nothing.json()).toMatchObject({ changed: false, version: null });
  });

  it('merges changes to different files on both sides, and a push then carries both', async () => {
    const id = await newSpace('Mezcla');
    await connect(id, 'mezcla');
    await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await clone('mezcla');
    await commitInClone(dir, 'style.css', STYLE.replace('margin: 0;', 'margin: 0 auto;'), 'Centrar');
    const ours = INDEX.replace('Pan de masa madre.', 'Pan de masa madre y bollería.');
    await setFiles(
      id,
      [
        { path: 'index.html', content: ours },
        { path: 'style.css', content: STYLE },
      ],
      'Añade la bollería',
    );

    const refused = await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Traer de Git/);

    const pulled = await api(owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    const files = await filesOf(id);
    expect(files['index.html']).toBe(ours);
    expect(files['style.css']).toContain('margin: 0 auto;');

    const pushed = await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(pushed.statusCode, pushed.body).toBe(200);
    await server.git(dir, 'pull', '-q', '--ff-only', 'origin', 'main');
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(ours);
    expect(readFileSync(path.join(dir, 'style.css'), 'utf8')).toContain('margin: 0 auto;');
  });

  it('merges changes to different lines of one file', async () => {
    const id = await newSpace('Lineas');
    await connect(id, 'lineas');
    await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await clone('lineas');
    await commitInClone(
      dir,
      'index.html',
      INDEX.replace('<title>La Espiga</title>', '<title>La Espiga · Panadería</title>'),
      'Título',
    );
    await setFiles(id, [
      { path: 'index.html', content: INDEX.replace('Abierto de lunes a sábado.', 'Abierto todos los días.') },
      { path: 'style.css', content: STYLE },
    ]);
    const pulled = await api(owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    const merged = (await filesOf(id))['index.html'];
    expect(merged).toContain('<title>La Espiga · Panadería</title>');
    expect(merged).toContain('Abierto todos los días.');
  });

  it('answers 409 naming the file when both sides changed the same line, and changes nothing', async () => {
    const id = await newSpace('Conflicto');
    await connect(id, 'conflicto');
    await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await clone('conflicto');
    await commitInClone(dir, 'index.html', INDEX.replace('Pan de masa madre.', 'Pan de centeno.'), 'Centeno');
    await setFiles(id, [
      { path: 'index.html', content: INDEX.replace('Pan de masa madre.', 'Pan de espelta.') },
      { path: 'style.css', content: STYLE },
    ]);
    const before = (await call(owner, 'GET', `/api/spaces/${id}`)).json();
    const pulled = await api(owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(pulled.statusCode).toBe(409);
    expect(pulled.json().files).toEqual(['index.html']);
    expect(pulled.json().message).toContain('index.html');
    const after = (await call(owner, 'GET', `/api/spaces/${id}`)).json();
    expect(after.space.revision).toBe(before.space.revision);
    expect((await filesOf(id))['index.html']).toContain('Pan de espelta.');
    expect(pulled.json().conflicts).toEqual([
      {
        path: 'index.html',
        ours: INDEX.replace('Pan de masa madre.', 'Pan de espelta.'),
        theirs: INDEX.replace('Pan de masa madre.', 'Pan de centeno.'),
      },
    ]);
    const status = gitStatusSchema.parse((await api(owner, 'GET', `/api/spaces/${id}/git`)).json());
    expect(status.lastError).toContain('index.html');

    // Choosing the repository's side per file makes the new version; a push then has nothing to refuse.
    const resolved = await api(owner, 'POST', `/api/spaces/${id}/git/pull`, { resolutions: { 'index.html': 'theirs' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().version.prompt).toBe('Desde Git: Centeno');
    expect((await filesOf(id))['index.html']).toBe(INDEX.replace('Pan de masa madre.', 'Pan de centeno.'));
    expect((await api(owner, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(200);
  });

  it("keeps the space's side of a conflict when asked, and a push carries it", async () => {
    const id = await newSpace('Mi lado');
    await connect(id, 'mi-lado');
    await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await clone('mi-lado');
    await commitInClone(dir, 'style.css', STYLE.replace('margin: 0;', 'margin: 1rem;'), 'Margen del repositorio');
    await commitInClone(dir, 'index.html', INDEX.replace('Pan de masa madre.', 'Pan de centeno.'), 'Centeno');
    const mine = INDEX.replace('Pan de masa madre.', 'Pan de espelta.');
    await setFiles(id, [
      { path: 'index.html', content: mine },
      { path: 'style.css', content: STYLE },
    ]);
    expect((await api(owner, 'POST', `/api/spaces/${id}/git/pull`)).statusCode).toBe(409);
    const resolved = await api(owner, 'POST', `/api/spaces/${id}/git/pull`, { resolutions: { 'index.html': 'ours' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const files = await filesOf(id);
    expect(files['index.html']).toBe(mine);
    expect(files['style.css']).toContain('margin: 1rem;');
    expect((await api(owner, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(200);
    await server.git(dir, 'pull', '-q', '--ff-only', 'origin', 'main');
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(mine);
    expect(readFileSync(path.join(dir, 'style.css'), 'utf8')).toContain('margin: 1rem;');
  });

  it('never overwrites a remote that moved: the push is refused and the remote commit stays', async () => {
    const id = await newSpace('Movido');
    await connect(id, 'movido');
    await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await clone('movido');
    await commitInClone(dir, 'notas.txt', 'Hornear a las 5.\n', 'Notas del obrador');
    const moved = await remoteHead('movido');
    await setFiles(id, [{ path: 'index.html', content: '<h1>Otra cosa</h1>\n' }]);
    const refused = await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(refused.statusCode).toBe(409);
    expect(await remoteHead('movido')).toBe(moved);
    await server.git(dir, 'fetch', '-q', 'origin');
    expect(await server.git(dir, 'show', 'origin/main:notas.txt')).toBe('Hornear a las 5.\n');
  });

  it('keeps the files DIV does not edit (dotfiles, binaries) through a pull and a push', async () => {
    const id = await newSpace('Conserva');
    await connect(id, 'conserva');
    await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await clone('conserva');
    mkdirSync(path.join(dir, '.github'));
    writeFileSync(path.join(dir, '.github/deploy.yml'), 'on: push\n');
    writeFileSync(path.join(dir, 'logo.bin'), Buffer.from([0, 1, 2, 255, 0]));
    await commitInClone(dir, 'LEEME.md', '# Panadería\n', 'Añade archivos del repositorio');
    const pulled = await api(owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    const files = await filesOf(id);
    expect(files['LEEME.md']).toBe('# Panadería\n');
    expect(Object.keys(files)).not.toContain('logo.bin');
    await setFiles(id, [
      { path: 'index.html', content: '<h1>Nueva portada</h1>\n' },
      { path: 'LEEME.md', content: '# Panadería\n' },
    ]);
    const pushed = await api(owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(pushed.statusCode, pushed.body).toBe(200);
    await server.git(dir, 'pull', '-q', '--ff-only', 'origin', 'main');
    expect(readFileSync(path.join(dir, '.github/deploy.yml'), 'utf8')).toBe('on: push\n');
    expect(readFileSync(path.join(dir, 'logo.bin')).equals(Buffer.from([0, 1, 2, 255, 0]))).toBe(true);
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<h1>Nueva portada</h1>\n');
    expect(existsSync(path.join(dir, 'style.css'))).toBe(false);
  });

  it('lets viewers read the status only, and disconnects', async () => {
    const id = await newSpace('Miembros');
    await connect(id, 'miembros');
    const invited = await call(owner, 'POST', `/api/spaces/${id}/invitations`, { email: viewer.email, role: 'viewer' });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = invited.json().link.split('/').pop();
    expect((await call(viewer, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
    const seen = await api(viewer, 'GET', `/api/spaces/${id}/git`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().url).toBe(server.url('miembros'));
    expect((await api(viewer, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(403);
    expect((await api(viewer, 'POST', `/api/spaces/${id}/git/pull`)).statusCode).toBe(403);
    expect((await api(viewer, 'PUT', `/api/spaces/${id}/git`, { url: server.url('miembros'), token: 'x' })).statusCode).toBe(403);
    expect((await api(viewer, 'DELETE', `/api/spaces/${id}/git`)).statusCode).toBe(403);
    expect((await api(owner, 'DELETE', `/api/spaces/${id}/git`)).statusCode).toBe(204);
    expect((await api(owner, 'GET', `/api/spaces/${id}/git`)).json().connected).toBe(false);
    expect((await api(owner, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(404);
  });

  it('answers the same under /v1 for API keys, in the OpenAPI document', async () => {
    const dev = await createKeyUser(database, { developerPlan: 'growth' });
    const id = (await call({ authorization: dev.sessionAuthorization, email: '' }, 'POST', '/api/spaces', { name: 'API' })).json()
      .space.id as string;
    const v1 = async (method: string, url: string, payload?: unknown) => {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: { host: 'app.test', authorization: dev.authorization },
        ...(payload ? { payload: payload as object } : {}),
      });
      answers.push(res.body);
      return res;
    };
    server.createRepo('api');
    const wrong = await v1('PUT', `/v1/spaces/${id}/git`, { url: server.url('api'), token: 'nope' });
    expect(wrong.statusCode).toBe(400);
    const connected = await v1('PUT', `/v1/spaces/${id}/git`, { url: server.url('api'), branch: 'main', token: server.token });
    expect(connected.statusCode, connected.body).toBe(200);
    const pushed = await v1('POST', `/v1/spaces/${id}/git/push`);
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(await remoteHead('api')).toBe(pushed.json().commit);
    const dir = await clone('api');
    await commitInClone(dir, 'nuevo.txt', 'hola\n', 'Nuevo archivo');
    const pulled = await v1('POST', `/v1/spaces/${id}/git/pull`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json().version.prompt).toBe('Desde Git: Nuevo archivo');
    const status = gitStatusSchema.parse((await v1('GET', `/v1/spaces/${id}/git`)).json());
    expect(status).toMatchObject({ connected: true, behind: 0, lastError: null });
    expect((await v1('GET', `/v1/spaces/${await newSpace('Ajeno')}/git`)).statusCode).toBe(404);
    expect((await v1('DELETE', `/v1/spaces/${id}/git`)).statusCode).toBe(204);
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/spaces/{id}/git', '/v1/spaces/{id}/git/push', '/v1/spaces/{id}/git/pull']),
    );
  });

  it('never puts the token in an answer, a log line, a request URL or a stored row', async () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(logs.length).toBeGreaterThan(20);
    for (const text of [...answers, ...logs, ...server.requests]) expect(text).not.toContain(server.token);
    const rows = await database.db.select().from(gitConnections);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(server.token);
  });
});
