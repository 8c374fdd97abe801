import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createFreshDatabase } from '../resilience/services';
import { testDrivers } from '../test/db';
import { type DatabaseHandle, migrateDatabase, migrationsFolder, openDatabase } from './client';
import { deploymentFiles } from './schema/publishing';

/** A copy of the migrations folder that stops after migration `lastIdx` (an older release). */
function migrationsUpTo(lastIdx: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'div-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function openUnmigrated(driver: string): Promise<{ handle: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  if (driver === 'pglite') {
    const handle = await openDatabase({ migrate: false });
    return { handle, drop: async () => {} };
  }
  const fresh = await createFreshDatabase(process.env.TEST_DATABASE_URL as string);
  const handle = await openDatabase({ url: fresh.url, migrate: false, poolSize: 2 });
  return { handle, url: fresh.url, drop: fresh.drop };
}

describe.each(testDrivers)('migrations on %s', (driver) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('0009 keeps every published byte: base64 variants written by 0008 become the same bytes', async () => {
    const { handle, url, drop } = await openUnmigrated(driver);
    try {
      const older = migrationsUpTo(8);
      folders.push(older);
      if (driver === 'pglite') await migratePglite(handle.db as never, { migrationsFolder: older });
      else {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await migratePg(drizzlePg(client), { migrationsFolder: older });
        await client.end();
      }

      // A deployment as the previous release stored it: body as text, variants as base64 text.
      const page = '<!DOCTYPE html><h1>Sección ñandú 日本語 🚀</h1>'.repeat(40);
      const gzip = gzipSync(page);
      await handle.db.execute(sql`insert into users (id, name, email) values ('u1', 'Ana', 'ana@example.test')`);
      await handle.db.execute(sql`insert into spaces (id, owner_id, name, description) values ('s1', 'u1', 'Uno', '')`);
      await handle.db.execute(
        sql`insert into deployments (id, space_id, file_count, total_bytes) values ('d1', 's1', 1, ${Buffer.byteLength(page)})`,
      );
      await handle.db.execute(sql`insert into deployment_files (deployment_id, path, content_type, etag, body, gzip, brotli)
        values ('d1', 'index.html', 'text/html; charset=utf-8', 'e', ${page}, ${gzip.toString('base64')}, null)`);

      await migrateDatabase(handle, url);

      const [row] = await handle.db.select().from(deploymentFiles).where(eq(deploymentFiles.deploymentId, 'd1'));
      expect(row?.body?.toString('utf8')).toBe(page);
      expect(row?.gzip?.equals(gzip)).toBe(true);
      expect(row?.brotli).toBeNull();
    } finally {
      await handle.close();
      await drop();
    }
  });

  it("0010 bumps the owner's spaces stamp with every change of a space or its versions, and only the owner's", async () => {
    const { handle, url, drop } = await openUnmigrated(driver);
    try {
      await migrateDatabase(handle, url);
      const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
      const stamp = async (user: string) => {
        const result = (await run(sql`select stamp from user_space_stamps where user_id = ${user}`)) as unknown as {
          rows: { stamp: string | number }[];
        };
        return Number(result.rows[0]?.stamp ?? 0);
      };
      await run(sql`insert into users (id, name, email) values ('a', 'Ana', 'a@example.test'), ('b', 'Beto', 'b@example.test')`);
      const steps = [
        sql`insert into spaces (id, owner_id, name, description) values ('s1', 'a', 'Uno', '')`,
        sql`update spaces set name = 'Otro' where id = 's1'`,
        sql`insert into space_versions (space_id, revision, files, source) values ('s1', 1, '[]', 'manual')`,
        sql`delete from space_versions where space_id = 's1'`,
        sql`delete from spaces where id = 's1'`,
      ];
      let last = await stamp('a');
      for (const step of steps) {
        await run(step);
        const next = await stamp('a');
        expect(next).toBeGreaterThan(last);
        last = next;
      }
      expect(await stamp('b')).toBe(0);
      // Deleting an account with spaces and versions still works (its stamp goes with it).
      await run(sql`insert into spaces (id, owner_id, name, description) values ('s2', 'a', 'Dos', '')`);
      await run(sql`insert into space_versions (space_id, revision, files, source) values ('s2', 1, '[]', 'manual')`);
      await run(sql`delete from users where id = 'a'`);
      expect(await stamp('a')).toBe(0);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
