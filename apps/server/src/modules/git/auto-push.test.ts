import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gitStatusSchema } from '@div/shared/git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../test/app';
import { type GitTestBed, INDEX, STYLE, startGitTestBed } from './test-bed';

/** Waits until `check` holds, polling; fails with the last value after `ms`. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

describe('Git sync: push after every saved version (issue 41, ADR 0278)', () => {
  let bed: GitTestBed;

  beforeAll(async () => {
    bed = await startGitTestBed({ GIT_AUTO_PUSH_POLL_MS: '50' });
  });
  afterAll(async () => {
    await bed?.close();
  });

  const status = async (id: string) => gitStatusSchema.parse((await bed.api(bed.owner, 'GET', `/api/spaces/${id}/git`)).json());

  it('is off by default: a new version stays unpushed', async () => {
    const id = await bed.newSpace('Sin envío');
    await bed.connect(id, 'sin-envio');
    expect((await status(id)).autoPush).toBe(false);
    await bed.setFiles(id, [{ path: 'index.html', content: '<h1>Sin enviar</h1>\n' }], 'Cambio local');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await bed.remoteHead('sin-envio')).toBe('');
    expect((await status(id)).ahead).toBe(3);
  });

  it('pushes each new version in the background when on, as its author, byte for byte', async () => {
    // Another space with more versions: each space's newest version counts, not the newest of all.
    const busy = await bed.newSpace('Con muchas versiones');
    for (const n of [1, 2, 3, 4, 5]) await bed.setFiles(busy, [{ path: 'index.html', content: `<h1>${n}</h1>\n` }], `V${n}`);
    const id = await bed.newSpace('Con envío');
    await bed.connect(id, 'con-envio');
    const viewer = await createTestUser(bed.database, { name: 'Vera' });
    const invited = await bed.call(bed.owner, 'POST', `/api/spaces/${id}/invitations`, { email: viewer.email, role: 'viewer' });
    const token = invited.json().link.split('/').pop();
    expect((await bed.call(viewer, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
    expect((await bed.api(viewer, 'PATCH', `/api/spaces/${id}/git`, { autoPush: true })).statusCode).toBe(403);
    expect((await bed.api(bed.owner, 'PATCH', `/api/spaces/${id}/git`, { autoPush: 'sí' })).statusCode).toBe(400);
    const on = await bed.api(bed.owner, 'PATCH', `/api/spaces/${id}/git`, { autoPush: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().autoPush).toBe(true);

    const index = INDEX.replace('Pan de masa madre.', 'Pan de masa madre y bollería.');
    await bed.setFiles(
      id,
      [
        { path: 'index.html', content: index },
        { path: 'style.css', content: STYLE },
      ],
      'Añade la bollería',
    );
    const pushed = await until(
      () => status(id),
      (s) => s.lastSyncedCommit !== null && s.ahead === 0,
    );
    expect(await bed.remoteHead('con-envio')).toBe(pushed.lastSyncedCommit);
    const dir = await bed.clone('con-envio');
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(index);
    expect((await bed.server.git(dir, 'log', '-1', '--format=%an|%s')).trim()).toBe('Olga Panadera|Añade la bollería');

    await bed.setFiles(id, [{ path: 'index.html', content: '<h1>Otra</h1>\n' }], 'Segunda versión');
    await until(
      () => bed.remoteHead('con-envio'),
      (head) => head !== pushed.lastSyncedCommit,
    );
    await bed.server.git(dir, 'pull', '-q', '--ff-only', 'origin', 'main');
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<h1>Otra</h1>\n');
  });

  it('never overwrites a remote that moved: the version stays, the status says why in Spanish', async () => {
    const id = await bed.newSpace('Movido');
    await bed.connect(id, 'auto-movido');
    expect((await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(200);
    expect((await bed.api(bed.owner, 'PATCH', `/api/spaces/${id}/git`, { autoPush: true })).statusCode).toBe(200);
    const dir = await bed.clone('auto-movido');
    await bed.commitInClone(dir, 'notas.txt', 'Hornear a las 5.\n', 'Notas del obrador');
    const moved = await bed.remoteHead('auto-movido');

    await bed.setFiles(id, [{ path: 'index.html', content: '<h1>Local</h1>\n' }], 'Cambio local');
    const refused = await until(
      () => status(id),
      (s) => s.lastError !== null,
    );
    expect(refused.lastError).toBe(
      'El envío automático no se hizo. El repositorio tiene commits que este proyecto aún no tiene. No se ha sobrescrito nada: trae primero los cambios con "Traer de Git" y vuelve a enviar.',
    );
    expect(await bed.remoteHead('auto-movido')).toBe(moved);
    expect((await bed.filesOf(id))['index.html']).toBe('<h1>Local</h1>\n');
    // Tried once per version: the refusal is not repeated against the remote every few milliseconds.
    const requests = bed.server.requests.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(bed.server.requests.length).toBe(requests);

    // Pulling merges, and the version it makes is pushed automatically: both sides reach the remote.
    expect((await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`)).statusCode).toBe(200);
    await bed.setFiles(
      id,
      [
        { path: 'index.html', content: '<h1>Local y remoto</h1>\n' },
        { path: 'notas.txt', content: 'Hornear a las 5.\n' },
      ],
      'Junta los dos',
    );
    const synced = await until(
      () => status(id),
      (s) => s.ahead === 0 && s.lastError === null,
    );
    expect(await bed.remoteHead('auto-movido')).toBe(synced.lastSyncedCommit);
    await bed.server.git(dir, 'pull', '-q', '--ff-only', 'origin', 'main');
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<h1>Local y remoto</h1>\n');
    expect(readFileSync(path.join(dir, 'notas.txt'), 'utf8')).toBe('Hornear a las 5.\n');
  });

  it('never puts the token in an answer, a log line or a request URL', () => {
    for (const text of [...bed.answers, ...bed.logs, ...bed.server.requests]) expect(text).not.toContain(bed.server.token);
  });
});
