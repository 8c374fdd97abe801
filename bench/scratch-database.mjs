// A scratch PostgreSQL database for a benchmark, created next to BENCH_DATABASE_URL (default: the
// machine's server, postgres://postgres@127.0.0.1:5432/test) and dropped by `drop()`.
// When no server answers, `url` is undefined and the caller decides (skip, or the embedded database).
import pg from 'pg';

export async function scratchDatabase(
  prefix = 'div_bench',
  base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
) {
  const name = `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  try {
    const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  } catch (error) {
    return { url: undefined, reason: `${base}: ${error.message}`, drop: async () => {} };
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
