import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { createTestUser, injectAs, testConfig } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { type GitServer, startGitServer } from '../../test/git-server';

/*
 * What the git sync tests share (issue 41): the app on its own database with every log line kept,
 * a real git server, a signed-in owner, and the steps a person takes in DIV and in a clone.
 */

export type User = { authorization: string; email: string };

export const INDEX =
  '<!doctype html>\n<html lang="es">\n<head>\n<title>La Espiga</title>\n</head>\n<body>\n<h1>Panadería La Espiga</h1>\n<p>Pan de masa madre.</p>\n<p>Abierto de lunes a sábado.</p>\n</body>\n</html>\n';
export const STYLE = 'body {\n  margin: 0;\n}\n\nh1 {\n  color: #6b3e1f;\n}\n';

export async function startGitTestBed(env: Record<string, string> = {}) {
  const server: GitServer = await startGitServer();
  const database: DatabaseHandle = await openTestDatabase();
  const logs: string[] = [];
  const answers: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app: FastifyInstance = await buildApp(
    testConfig({ GIT_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'trace', PUBLIC_URL: 'https://div.example', ...env }),
    { database, logger: { stream: sink } },
  );
  await app.ready();
  const owner: User = await createTestUser(database, { plan: 'pro', name: 'Olga Panadera' });

  const call = (user: User | null, method: string, url: string, payload?: unknown, headers?: Record<string, string>) =>
    injectAs(app, user, method, url, payload, headers);
  /** A call whose answer the token check reads afterwards. */
  async function api(user: User, method: string, url: string, payload?: unknown) {
    const res = await call(user, method, url, payload);
    answers.push(res.body);
    return res;
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

  async function filesOf(id: string): Promise<Record<string, string>> {
    const detail = (await call(owner, 'GET', `/api/spaces/${id}`)).json();
    return Object.fromEntries((detail.files as { id: string; content: string }[]).map((f) => [f.id, f.content]));
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

  async function close() {
    await app.close();
    await database.close();
    await server.close();
  }

  return {
    app,
    database,
    server,
    owner,
    logs,
    answers,
    call,
    api,
    setFiles,
    newSpace,
    filesOf,
    connect,
    clone,
    commitInClone,
    remoteHead,
    close,
  };
}

export type GitTestBed = Awaited<ReturnType<typeof startGitTestBed>>;
