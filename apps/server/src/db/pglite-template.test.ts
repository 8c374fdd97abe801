import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, migrationsFolder, openDatabase, rowsOf } from './client';
import { builtTemplate } from './pglite-template';

const folders: string[] = [];
const scratch = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `div-template-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The users' e-mails of a PGlite data folder, read with PGlite alone. */
async function emailsIn(dataDir: string): Promise<string[]> {
  const client = await PGlite.create({ dataDir });
  const { rows } = await client.query<{ email: string }>('select email from users order by email');
  await client.close();
  return rows.map((r) => r.email);
}

describe('the embedded database starts from a pre-migrated template (ADR 0223)', () => {
  it('a new data folder holds every migration of the journal, with the same hashes, without migrating in the server', async () => {
    const dataDir = scratch('new');
    // migrate: false, so whatever migrations the database holds came from the template.
    const handle = await openDatabase({ dataDir, migrate: false });
    try {
      const applied = await rowsOf<{ hash: string; created_at: string }>(
        handle.db,
        sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
      );
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
      expect(applied.length).toBe(journal.entries.length);
      journal.entries.forEach((entry, i) => {
        const file = readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8');
        expect(applied[i]?.hash).toBe(createHash('sha256').update(file).digest('hex'));
        expect(Number(applied[i]?.created_at)).toBe(entry.when);
      });
      // The schema is the last migration's: its new column answers.
      const [space] = await rowsOf<{ n: number }>(handle.db, sql`select count(revision)::int as n from space_docs`);
      expect(space?.n).toBe(0);
      const [buffers] = await rowsOf<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`);
      expect(buffers?.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    } finally {
      await handle.close();
    }
  }, 180_000);

  it("a new folder starts as a copy of the template's contents; a folder that holds a database is never replaced", async () => {
    // A template of our own: the built one plus one person, so a copy of it is recognisable.
    const template = path.join(scratch('template'), 'pglite');
    cpSync(await builtTemplate(), template, { recursive: true });
    const seeding = await PGlite.create({ dataDir: template });
    await seeding.query("insert into users (name, email) values ('Plantilla', 'template@example.test')");
    await seeding.close();

    const fresh = scratch('fresh');
    const opened = await openDatabase({ dataDir: fresh, template });
    await opened.close();
    expect(await emailsIn(path.join(fresh, 'pglite'))).toEqual(['template@example.test']);

    // Someone's database: started from the built template, then written to.
    const existing = scratch('existing');
    const own = await openDatabase({ dataDir: existing });
    await own.db.execute(sql`insert into users (name, email) values ('Ana', 'ana@example.test')`);
    await own.close();
    const reopened = await openDatabase({ dataDir: existing, template });
    await reopened.close();
    expect(await emailsIn(path.join(existing, 'pglite'))).toEqual(['ana@example.test']);
  }, 180_000);
});
