import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gitConflictSchema, gitStatusSchema } from '@div/shared/git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../test/app';
import { type GitTestBed, INDEX, STYLE, startGitTestBed } from './test-bed';

describe('Git sync against a real git server: three-way merges and conflicts (issue 41)', () => {
  let bed: GitTestBed;

  beforeAll(async () => {
    bed = await startGitTestBed();
  });
  afterAll(async () => {
    await bed?.close();
  });

  it('merges changes to different files on both sides, and a push then carries both', async () => {
    const id = await bed.newSpace('Mezcla');
    await bed.connect(id, 'mezcla');
    await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await bed.clone('mezcla');
    await bed.commitInClone(dir, 'style.css', STYLE.replace('margin: 0;', 'margin: 0 auto;'), 'Centrar');
    const ours = INDEX.replace('Pan de masa madre.', 'Pan de masa madre y bollería.');
    await bed.setFiles(
      id,
      [
        { path: 'index.html', content: ours },
        { path: 'style.css', content: STYLE },
      ],
      'Añade la bollería',
    );

    const refused = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Traer de Git/);

    const pulled = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    const files = await bed.filesOf(id);
    expect(files['index.html']).toBe(ours);
    expect(files['style.css']).toContain('margin: 0 auto;');

    const pushed = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(pushed.statusCode, pushed.body).toBe(200);
    await bed.server.git(dir, 'pull', '-q', '--ff-only', 'origin', 'main');
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(ours);
    expect(readFileSync(path.join(dir, 'style.css'), 'utf8')).toContain('margin: 0 auto;');
  });

  it('merges changes to different lines of one file', async () => {
    const id = await bed.newSpace('Lineas');
    await bed.connect(id, 'lineas');
    await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await bed.clone('lineas');
    await bed.commitInClone(
      dir,
      'index.html',
      INDEX.replace('<title>La Espiga</title>', '<title>La Espiga · Panadería</title>'),
      'Título',
    );
    await bed.setFiles(id, [
      { path: 'index.html', content: INDEX.replace('Abierto de lunes a sábado.', 'Abierto todos los días.') },
      { path: 'style.css', content: STYLE },
    ]);
    const pulled = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    const merged = (await bed.filesOf(id))['index.html'];
    expect(merged).toContain('<title>La Espiga · Panadería</title>');
    expect(merged).toContain('Abierto todos los días.');
  });

  it('answers 409 naming the file when both sides changed the same line, and changes nothing', async () => {
    const id = await bed.newSpace('Conflicto');
    await bed.connect(id, 'conflicto');
    await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await bed.clone('conflicto');
    await bed.commitInClone(dir, 'index.html', INDEX.replace('Pan de masa madre.', 'Pan de centeno.'), 'Centeno');
    await bed.setFiles(id, [
      { path: 'index.html', content: INDEX.replace('Pan de masa madre.', 'Pan de espelta.') },
      { path: 'style.css', content: STYLE },
    ]);
    const before = (await bed.call(bed.owner, 'GET', `/api/spaces/${id}`)).json();
    const pulled = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(pulled.statusCode).toBe(409);
    expect(pulled.json().files).toEqual(['index.html']);
    expect(pulled.json().message).toContain('index.html');
    const after = (await bed.call(bed.owner, 'GET', `/api/spaces/${id}`)).json();
    expect(after.space.revision).toBe(before.space.revision);
    expect((await bed.filesOf(id))['index.html']).toContain('Pan de espelta.');
    expect(pulled.json().conflicts).toEqual([
      {
        path: 'index.html',
        ours: INDEX.replace('Pan de masa madre.', 'Pan de espelta.'),
        theirs: INDEX.replace('Pan de masa madre.', 'Pan de centeno.'),
      },
    ]);
    const status = gitStatusSchema.parse((await bed.api(bed.owner, 'GET', `/api/spaces/${id}/git`)).json());
    expect(status.lastError).toContain('index.html');

    // Choosing the repository's side per file makes the new version; a push then has nothing to refuse.
    const resolved = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`, { resolutions: { 'index.html': 'theirs' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().version.prompt).toBe('Desde Git: Centeno');
    expect((await bed.filesOf(id))['index.html']).toBe(INDEX.replace('Pan de masa madre.', 'Pan de centeno.'));
    expect((await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(200);
  });

  it('keeps the files DIV does not edit (dotfiles, binaries) through a pull and a push', async () => {
    const id = await bed.newSpace('Conserva');
    await bed.connect(id, 'conserva');
    await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await bed.clone('conserva');
    mkdirSync(path.join(dir, '.github'));
    writeFileSync(path.join(dir, '.github/deploy.yml'), 'on: push\n');
    writeFileSync(path.join(dir, 'logo.bin'), Buffer.from([0, 1, 2, 255, 0]));
    await bed.commitInClone(dir, 'LEEME.md', '# Panadería\n', 'Añade archivos del repositorio');
    const pulled = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    const files = await bed.filesOf(id);
    expect(files['LEEME.md']).toBe('# Panadería\n');
    expect(Object.keys(files)).not.toContain('logo.bin');
    await bed.setFiles(id, [
      { path: 'index.html', content: '<h1>Nueva portada</h1>\n' },
      { path: 'LEEME.md', content: '# Panadería\n' },
    ]);
    const pushed = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    expect(pushed.statusCode, pushed.body).toBe(200);
    await bed.server.git(dir, 'pull', '-q', '--ff-only', 'origin', 'main');
    expect(readFileSync(path.join(dir, '.github/deploy.yml'), 'utf8')).toBe('on: push\n');
    expect(readFileSync(path.join(dir, 'logo.bin')).equals(Buffer.from([0, 1, 2, 255, 0]))).toBe(true);
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<h1>Nueva portada</h1>\n');
    expect(existsSync(path.join(dir, 'style.css'))).toBe(false);
  });

  it("keeps the space's side of a conflict when asked, and a push carries it", async () => {
    const id = await bed.newSpace('Mi lado');
    await bed.connect(id, 'mi-lado');
    await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await bed.clone('mi-lado');
    await bed.commitInClone(dir, 'style.css', STYLE.replace('margin: 0;', 'margin: 1rem;'), 'Margen del repositorio');
    await bed.commitInClone(dir, 'index.html', INDEX.replace('Pan de masa madre.', 'Pan de centeno.'), 'Centeno');
    const mine = INDEX.replace('Pan de masa madre.', 'Pan de espelta.');
    await bed.setFiles(id, [
      { path: 'index.html', content: mine },
      { path: 'style.css', content: STYLE },
    ]);
    expect((await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`)).statusCode).toBe(409);
    const resolved = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`, { resolutions: { 'index.html': 'ours' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const files = await bed.filesOf(id);
    expect(files['index.html']).toBe(mine);
    expect(files['style.css']).toContain('margin: 1rem;');
    expect((await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(200);
    await bed.server.git(dir, 'pull', '-q', '--ff-only', 'origin', 'main');
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(mine);
    expect(readFileSync(path.join(dir, 'style.css'), 'utf8')).toContain('margin: 1rem;');
  });

  it('resolves a conflict per file through /git/resolve: stale views and unconflicted files are refused, the result is a version a push carries', async () => {
    const id = await bed.newSpace('Resolver');
    await bed.connect(id, 'resolver');
    await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`);
    const dir = await bed.clone('resolver');
    const theirsIndex = INDEX.replace('Pan de masa madre.', 'Pan de centeno.');
    const theirsStyle = STYLE.replace('#6b3e1f', '#204060');
    await bed.commitInClone(dir, 'index.html', theirsIndex, 'Centeno');
    await bed.commitInClone(dir, 'style.css', theirsStyle, 'Título azul');
    await bed.commitInClone(dir, 'horario.html', '<h1>Horario</h1>\n', 'Horario');
    const oursIndex = INDEX.replace('Pan de masa madre.', 'Pan de espelta.');
    const oursStyle = STYLE.replace('#6b3e1f', '#802020');
    await bed.setFiles(id, [
      { path: 'index.html', content: oursIndex },
      { path: 'style.css', content: oursStyle },
    ]);
    const conflict = await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`);
    expect(conflict.statusCode).toBe(409);
    const seen = gitConflictSchema.parse(conflict.json());
    expect(seen.files).toEqual(['index.html', 'style.css']);
    expect(seen.remoteCommit).toBe(await bed.remoteHead('resolver'));
    const before = (await bed.call(bed.owner, 'GET', `/api/spaces/${id}`)).json().space.revision;
    expect(seen.revision).toBe(before);
    const resolve = (body: unknown, user = bed.owner) => bed.api(user, 'POST', `/api/spaces/${id}/git/resolve`, body);
    const choices = { 'index.html': 'ours', 'style.css': 'theirs' };

    expect((await bed.call(null, 'POST', `/api/spaces/${id}/git/resolve`, { ...seen, resolutions: choices })).statusCode).toBe(
      401,
    );
    const empty = await resolve({ remoteCommit: seen.remoteCommit, revision: seen.revision, resolutions: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Elige qué versión conservar de al menos un archivo.');
    // horario.html is only new on the remote: choosing DIV's side would drop it, so it is refused.
    const unconflicted = await resolve({ ...seen, resolutions: { ...choices, 'horario.html': 'ours' } });
    expect(unconflicted.statusCode).toBe(400);
    expect(unconflicted.json().message).toContain('no están en conflicto: horario.html');
    // The remote moved after the conflict was shown: nothing is written, pull again.
    await bed.commitInClone(dir, 'notas.txt', 'Hornear a las 5.\n', 'Notas');
    const stale = await resolve({ remoteCommit: seen.remoteCommit, revision: seen.revision, resolutions: choices });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/cambiaron desde que viste el conflicto/);
    expect((await bed.call(bed.owner, 'GET', `/api/spaces/${id}`)).json().space.revision).toBe(before);
    expect(await bed.filesOf(id)).toMatchObject({ 'index.html': oursIndex, 'style.css': oursStyle });

    const again = gitConflictSchema.parse((await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/pull`)).json());
    expect(again.remoteCommit).toBe(await bed.remoteHead('resolver'));
    const resolved = await resolve({ remoteCommit: again.remoteCommit, revision: again.revision, resolutions: choices });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().version.prompt).toBe('Desde Git: Notas');
    expect(await bed.filesOf(id)).toMatchObject({
      'index.html': oursIndex,
      'style.css': theirsStyle,
      'horario.html': '<h1>Horario</h1>\n',
      'notas.txt': 'Hornear a las 5.\n',
    });
    expect((await bed.api(bed.owner, 'POST', `/api/spaces/${id}/git/push`)).statusCode).toBe(200);
    await bed.server.git(dir, 'pull', '-q', '--ff-only', 'origin', 'main');
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(oursIndex);
    expect(readFileSync(path.join(dir, 'style.css'), 'utf8')).toBe(theirsStyle);
  });

  it('lets only owners and editors resolve', async () => {
    const id = await bed.newSpace('Resolver roles');
    await bed.connect(id, 'resolver-roles');
    const viewer = await createTestUser(bed.database, { name: 'Vera' });
    const invited = await bed.call(bed.owner, 'POST', `/api/spaces/${id}/invitations`, { email: viewer.email, role: 'viewer' });
    const token = invited.json().link.split('/').pop();
    expect((await bed.call(viewer, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
    const body = { remoteCommit: 'a'.repeat(40), revision: 1, resolutions: { 'index.html': 'ours' } };
    expect((await bed.api(viewer, 'POST', `/api/spaces/${id}/git/resolve`, body)).statusCode).toBe(403);
    const stranger = await createTestUser(bed.database, { name: 'Extraña' });
    expect((await bed.api(stranger, 'POST', `/api/spaces/${id}/git/resolve`, body)).statusCode).toBe(404);
  });

  it('never puts the token in an answer, a log line or a request URL', () => {
    expect(bed.answers.length).toBeGreaterThan(10);
    for (const text of [...bed.answers, ...bed.logs, ...bed.server.requests]) expect(text).not.toContain(bed.server.token);
  });
});
