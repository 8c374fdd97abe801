import { defaultStarterFiles, MESSAGES } from '@div/shared/spaces';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { createSpace } from './create';
import { getSpaceFiles } from './service';
import { appendVersion, listVersions } from './versions';

/** The functions the AI generation and deploy modules call. */
describe.each(testDrivers)('spaces service functions on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('appendVersion inside a caller transaction replaces the files, bumps the revision and records the prompt', async () => {
    const user = await createTestUser(database);
    const space = await createSpace({ db: database.db, userId: user.id, name: 'Generada' });
    const files = [
      { path: 'index.html', content: '<h1>Nueva</h1>' },
      { path: 'style.css', content: 'h1{color:red}' },
    ];
    const result = await database.db.transaction(async (tx) =>
      appendVersion({ tx, spaceId: space.id, userId: user.id, files, prompt: 'una panadería', source: 'generation' }),
    );
    expect(result.revision).toBe(2);
    expect(result.version).toMatchObject({ prompt: 'una panadería', source: 'generation', revision: 2 });
    const current = await getSpaceFiles({ db: database.db, userId: user.id, spaceId: space.id });
    expect(current.revision).toBe(2);
    expect(current.files).toEqual(files);

    // The detail answer shows it too (and the cached files of the old revision are not reused).
    const res = await app.inject({ url: `/api/spaces/${space.id}`, headers: { authorization: user.authorization } });
    expect(res.json().files.map((f: { id: string }) => f.id)).toEqual(['index.html', 'style.css']);
    expect(res.json().versions[0]).toMatchObject({ source: 'generation', prompt: 'una panadería' });
  });

  it('rolls back with the caller: a failing transaction leaves files, revision and versions untouched', async () => {
    const user = await createTestUser(database);
    const space = await createSpace({ db: database.db, userId: user.id, name: 'Intacta' });
    await expect(
      database.db.transaction(async (tx) => {
        await appendVersion({
          tx,
          spaceId: space.id,
          files: [{ path: 'index.html', content: 'x' }],
          prompt: 'p',
          source: 'generation',
        });
        throw new Error('the usage event failed');
      }),
    ).rejects.toThrow('the usage event failed');
    const current = await getSpaceFiles({ db: database.db, userId: user.id, spaceId: space.id });
    expect(current.revision).toBe(1);
    expect(current.files.map((f) => f.path).sort()).toEqual(defaultStarterFiles.map((f) => f.path).sort());
    expect(await listVersions({ db: database.db, userId: user.id, spaceId: space.id })).toHaveLength(1);
  });

  it('appendVersion with expectedRevision answers 409 when the space moved on; another owner gets 404', async () => {
    const user = await createTestUser(database);
    const other = await createTestUser(database);
    const space = await createSpace({ db: database.db, userId: user.id, name: 'Carrera' });
    const files = [{ path: 'index.html', content: 'x' }];
    await expect(
      appendVersion({
        tx: database.db,
        spaceId: space.id,
        userId: user.id,
        expectedRevision: 0,
        files,
        prompt: null,
        source: 'generation',
      }),
    ).rejects.toMatchObject({ status: 409, message: MESSAGES.conflict, extra: { revision: 1 } });
    await expect(
      appendVersion({ tx: database.db, spaceId: space.id, userId: other.id, files, prompt: null, source: 'generation' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(getSpaceFiles({ db: database.db, userId: other.id, spaceId: space.id })).rejects.toMatchObject({ status: 404 });
    await expect(
      appendVersion({
        tx: database.db,
        spaceId: space.id,
        userId: user.id,
        files: [{ path: '../x', content: '' }],
        prompt: null,
        source: 'generation',
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
