// The embedded database's template (issue 26, ADR 0223): a PGlite data folder on which PostgreSQL's
// first-time set-up (initdb) and every migration have already run, kept in
// apps/server/dist/pglite-template/<key>/. A new DATA_DIR starts as a copy of it, so the serving
// process never runs the set-up: it cost 9 s of CPU and left the server at 0.8-0.9 GB of RSS that
// WebAssembly memory never gives back.
//
// Run as a script (`node apps/server/scripts/pglite-template.mjs`) it makes the template when it is
// missing and prints its folder. It always runs as a short-lived process of its own (at build time
// from scripts/start.mjs, or from the server when a build left it out), whose memory leaves with it.
// The key covers PGlite's version and every migration, so a new migration makes a new template.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..');
const migrationsFolder = path.join(serverRoot, 'drizzle');
const templatesRoot = path.join(serverRoot, 'dist', 'pglite-template');

/** What the template depends on: PGlite's version, the migrations' SQL and their journal. */
function templateKey() {
  const hash = createHash('sha256');
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')).version);
  for (const file of readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  hash.update(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/** The template's folder, made first when missing. Call it in a process of its own (see above). */
export async function ensureTemplate() {
  const key = templateKey();
  const dir = path.join(templatesRoot, key);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  mkdirSync(templatesRoot, { recursive: true });
  // Made aside and renamed into place: a process that stops half-way leaves no half template, and
  // two starting at once (end-to-end test servers) both end with the same complete one.
  const building = path.join(templatesRoot, `${key}.${process.pid}.tmp`);
  rmSync(building, { recursive: true, force: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({ dataDir: building });
  await migrate(drizzle(client), { migrationsFolder });
  await client.close();
  try {
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw error;
  }
  // Templates of earlier migrations are of no further use.
  for (const other of readdirSync(templatesRoot)) {
    if (other !== key && !other.endsWith('.tmp')) rmSync(path.join(templatesRoot, other), { recursive: true, force: true });
  }
  return dir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.stdout.write(`${await ensureTemplate()}\n`);
}
