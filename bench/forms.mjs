// Benchmark: form submissions on a published site (issue 23).
//  A burst of BENCH_FORMS (1,000) URL-encoded submissions, BENCH_CONCURRENCY (50) at a time, each from
//  its own visitor IP, to /_div/forms/contacto on a deployed site: submissions per second accepted,
//  p50/p99 latency, and every one stored (nothing lost). Runs in process on PostgreSQL (BENCH_APP_DATABASE_URL,
//  or a scratch database on the machine's server), on the embedded database when none answers.
//  Writes bench/results/forms.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './closed-loop.mjs';
import { scratchDatabase } from './scratch-database.mjs';

const TOTAL = Number(process.env.BENCH_FORMS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { buildApp } = await import('../apps/server/src/app.ts');
const { parseConfig } = await import('../apps/server/src/config.ts');
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { users } = await import('../apps/server/src/db/schema/users.ts');
const { formSubmissions } = await import('../apps/server/src/db/schema/forms.ts');
const { createSession } = await import('../apps/server/src/modules/auth/sessions.ts');
const { count, eq } = await import('drizzle-orm');

// PostgreSQL: BENCH_APP_DATABASE_URL, else a scratch database on the machine's server; PGlite when none answers.
const scratch = process.env.BENCH_APP_DATABASE_URL
  ? { url: process.env.BENCH_APP_DATABASE_URL, drop: async () => {} }
  : await scratchDatabase('div_bench_forms');
const config = parseConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: scratch.url,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'div-bench-forms-')),
  WEB_DIST: path.join(tmpdir(), 'div-no-web-build'),
  SESSION_SECRET: randomBytes(32).toString('hex'),
  SITES_DOMAIN: 'bench.test',
  TRUST_PROXY: 'true',
  FORMS_RATE_PER_SITE: String(TOTAL * 10),
  FORMS_DELIVERY_POLL_MS: '60000',
});
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const app = await buildApp(config, { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = app.server.address().port;
const [user] = await database.db
  .insert(users)
  .values({ name: 'Bench', email: `bench-${randomBytes(4).toString('hex')}@example.test`, plan: 'pro' })
  .returning({ id: users.id });
const { token } = await createSession(database, { userId: user.id, ttlMs: 3_600_000 });
const api = async (method, url, body) => {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: body });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const { space } = await api('POST', '/api/spaces', { name: 'Bench Forms' });
const page =
  '<!DOCTYPE html><html lang="es"><body><form id="contacto"><input name="nombre" required><input name="email"><textarea name="mensaje"></textarea><button>Enviar</button></form></body></html>';
await api('PUT', `/api/spaces/${space.id}/files`, {
  revision: space.revision,
  files: [{ path: 'index.html', content: page }],
  replaceAll: true,
});
const deployed = await api('POST', '/api/deploy', { spaceId: space.id });
const host = new URL(deployed.url).host;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function post(i) {
  const body = new URLSearchParams({
    nombre: `Visitante ${i}`,
    email: `v${i}@example.org`,
    mensaje: `Mensaje número ${i} con tildes: ñandú`,
    _div_page: '/',
    _div_hp: '',
    _div_t: '8000',
  }).toString();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/_div/forms/contacto',
        agent,
        headers: {
          host,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const results = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < TOTAL) results.push(await post(next++));
  }),
);
const seconds = (performance.now() - started) / 1000;
const accepted = results.filter((r) => r.status === 200).length;
const [{ stored }] = await database.db
  .select({ stored: count() })
  .from(formSubmissions)
  .where(eq(formSubmissions.spaceId, space.id));
const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
const summary = {
  database: config.DATABASE_URL ? 'postgresql' : 'pglite',
  total: TOTAL,
  concurrency: CONCURRENCY,
  accepted,
  stored,
  lost: TOTAL - stored,
  perSecond: Math.round(accepted / seconds),
  p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
  p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
  statuses: Object.fromEntries(
    [...new Set(results.map((r) => r.status))].map((s) => [s, results.filter((r) => r.status === s).length]),
  ),
};
console.log(summary);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/forms.json'), `${JSON.stringify(summary, null, 2)}\n`);
agent.destroy();
await app.close();
await database.close();
await scratch.drop();
if (summary.lost !== 0 || accepted !== TOTAL) {
  console.error('submissions were lost or refused');
  process.exit(1);
}
