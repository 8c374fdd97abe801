import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { startFromTemplate } from './pglite-template';

/** The one database type every service function takes: PGlite and PostgreSQL look the same. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; absent means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data-folder dump to start from (fast copies of a migrated template in tests). */
  loadDataDir?: Blob | undefined;
  /** A new PGlite data folder starts as a copy of this one; by default the built template (ADR 0223). */
  template?: string | undefined;
  migrate?: boolean;
  poolSize?: number;
}

/**
 * Each driver is loaded when a database of its kind is opened, so a server on PostgreSQL never loads
 * PGlite and the embedded default never loads node-postgres (issue 26: start time and memory).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url ? await openPostgres(options.url, options.poolSize ?? 20) : await openPglite(options);
  if (options.migrate !== false) await migrateDatabase(handle, options.url);
  return handle;
}

/**
 * Memoizes `build` per database (or transaction): for statements prepared once and the state built
 * around them, which every request then reuses.
 */
export function oncePerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

/** The rows a raw statement returned (node-postgres and PGlite shape their results differently). */
export async function rowsOf<Row = Record<string, unknown>>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows?: Row[] } | Row[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** The SQLSTATE of a database error, looked for through the errors that wrap it (drizzle's `cause`). */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** A unique constraint refused the write (SQLSTATE 23505): someone else took the name first. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorCode(error) === '23505';
}

/** Connections of the session-lookup lane (ADR 0138), beside the main pool. */
const SESSIONS_LANE_SIZE = 3;
const sessionsLanes = new WeakMap<Database, Database>();

/**
 * Where the session lookup of every signed-in request runs: on PostgreSQL a few connections of its
 * own, so a burst of writes or slow reads queued on the main pool never holds up authentication (a
 * bulkhead, ADR 0138); on PGlite the database itself.
 */
export function sessionsLane(db: Database): Database {
  return sessionsLanes.get(db) ?? db;
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const open = (size: number) => {
    const pool = new pg.Pool({ connectionString: url, max: size, connectionTimeoutMillis: 5000 });
    // A dropped connection must not crash the process; the next query reports the outage.
    pool.on('error', () => {});
    return pool;
  };
  const pool = open(max);
  const lanePool = open(SESSIONS_LANE_SIZE);
  const db = drizzlePg(pool) as unknown as Database;
  sessionsLanes.set(db, drizzlePg(lanePool) as unknown as Database);
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await Promise.all([pool.end(), lanePool.end()]);
    },
  };
}

/**
 * PostgreSQL's default of 128 MB of shared buffers is WebAssembly memory that PGlite touches at every
 * start and never gives back; the embedded default serves one person or a small team, and 32 MB keeps
 * its working set while the server idles at a fraction of the memory (ADR 0223).
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(path.dirname(dataDir), { recursive: true });
    // PGlite's first-time set-up and the migrations ran when the template was made, elsewhere.
    if (!options.loadDataDir) await startFromTemplate(dataDir, options.template);
  }
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  passBytesInBinary(client);
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

const TEXT_OID = 25;
const BYTEA_OID = 17;

/**
 * PGlite's defaults turn a Buffer parameter into text (hex for bytea, a decoded string for text) and
 * parse bytea one hex pair at a time. Here a Buffer goes to the wire as it is, in binary format (as
 * node-postgres sends it), and bytea is read with Buffer's native hex decoder: storing a 1 MB
 * deployment no longer scans and re-encodes it in JavaScript (ADR 0109).
 */
function passBytesInBinary(client: PGlite): void {
  for (const oid of [TEXT_OID, BYTEA_OID]) {
    const fallback = client.serializers[oid];
    // PGlite's wire writer sends a Uint8Array parameter as binary; its Serializer type only says string.
    client.serializers[oid] = ((value: unknown) =>
      value instanceof Uint8Array ? value : fallback ? fallback(value) : String(value)) as (value: unknown) => string;
  }
  client.parsers[BYTEA_OID] = (value: string) => Buffer.from(value.slice(2), 'hex');
}

/**
 * Applies pending migrations. On PostgreSQL one connection holds an advisory lock while it migrates,
 * so instances starting at the same moment wait for the first instead of racing it.
 */
export async function migrateDatabase(handle: DatabaseHandle, url?: string): Promise<void> {
  if (handle.driver === 'pglite' || !url) {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    await client.end();
  }
}
