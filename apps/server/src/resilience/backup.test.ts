import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { testConfig } from '../test/app';
import { createActor } from './fixtures';
import { createFreshDatabase, type PostgresServer, postgresBin, postgresServer } from './services';

/**
 * Backups as docs/operations.md describes them (issue 9): pg_dump / pg_restore for PostgreSQL, the
 * data folder for PGlite. Each is restored into a fresh database and the app reads the data back.
 */

let postgres: PostgresServer | undefined;
afterAll(async () => {
  await postgres?.stop();
});

describe('backups', () => {
  it('PostgreSQL: pg_dump of a database with data, pg_restore into a fresh one, the app reads it', async () => {
    postgres = await postgresServer();
    const base = postgres.url;
    const source = await createFreshDatabase(base);
    const target = await createFreshDatabase(base);
    const dir = mkdtempSync(path.join(tmpdir(), 'div-backup-'));
    const dumpFile = path.join(dir, 'div.dump');
    try {
      const handle = await openDatabase({ url: source.url, poolSize: 4 });
      const app = await buildApp(testConfig({ DATABASE_URL: source.url }), { database: handle, logger: false });
      const actor = await createActor(app, handle, { plan: 'pro' });
      await app.close();
      await handle.close();

      // The client matching the server: from the same PostgreSQL installation when there is one.
      const bin = (tool: string) => {
        try {
          return path.join(postgresBin(), tool);
        } catch {
          return tool;
        }
      };
      execFileSync(bin('pg_dump'), ['--format=custom', '--no-owner', `--file=${dumpFile}`, source.url], { stdio: 'pipe' });
      expect(statSync(dumpFile).size).toBeGreaterThan(1000);
      execFileSync(bin('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, dumpFile], { stdio: 'pipe' });

      const restoredHandle = await openDatabase({ url: target.url, poolSize: 4 });
      const restored = await buildApp(testConfig({ DATABASE_URL: target.url }), { database: restoredHandle, logger: false });
      try {
        const space = await restored.inject({
          url: `/api/spaces/${actor.spaceId}`,
          headers: { authorization: actor.authorization },
        });
        expect(space.statusCode).toBe(200);
        expect(space.body).toContain('Inicio');
        const version = await restored.inject({
          url: `/api/spaces/${actor.spaceId}/versions/${actor.versionId}`,
          headers: { authorization: actor.authorization },
        });
        expect(version.statusCode).toBe(200);
      } finally {
        await restored.close();
        await restoredHandle.close();
      }
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 180_000);

  it('PGlite: the data folder dumped with dumpDataDir, loaded again, the app reads it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'div-pglite-backup-'));
    // A data folder on disk, started from the migrated template (migrating a new one takes long).
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const handle = await openDatabase({ dataDir, loadDataDir: template, migrate: false });
    const app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database: handle, logger: false });
    const actor = await createActor(app, handle, { plan: 'pro' });
    await app.close();
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('gzip');
    const file = path.join(dataDir, 'backup.tar.gz');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();

    const restoredHandle = await openDatabase({ loadDataDir: new Blob([readFileSync(file)]) });
    const restored = await buildApp(testConfig({}), { database: restoredHandle, logger: false });
    try {
      const space = await restored.inject({
        url: `/api/spaces/${actor.spaceId}`,
        headers: { authorization: actor.authorization },
      });
      expect(space.statusCode).toBe(200);
      expect(space.body).toContain('Inicio');
    } finally {
      await restored.close();
      await restoredHandle.close();
    }
  }, 180_000);
});
