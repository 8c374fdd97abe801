// Benchmark of the developer API's limits (issue 8). Run from the repository root:
//   node bench/developer-api.mjs          (REDIS_URL defaults to redis://127.0.0.1:6379)
// 1. Overhead: the same /v1 route served with and without the limits (per-minute limiter and monthly
//    quota), requests interleaved one by one so both see the same machine load; the median of each.
//    Bar: the limits add under 1 ms to the median request with the default in-process limiter; with
//    Redis the added time is reported next to the machine's Redis round trip (one per request).
// 2. Burst: two server instances sharing Redis receive 10x the per-minute rate at once, spread over
//    both; bar: the number of requests let through stays within ±1 of the limit.
// Writes bench/results/developer-api.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const load = (p) => import(path.join(root, p));

const { default: Fastify } = await import('fastify');
const { serializerCompiler, validatorCompiler, hasZodFastifySchemaValidationErrors } = await import('fastify-type-provider-zod');
const { parseConfig } = await load('apps/server/src/config.ts');
const { openDatabase } = await load('apps/server/src/db/client.ts');
const { users } = await load('apps/server/src/db/schema/users.ts');
const { AppError } = await load('apps/server/src/lib/errors.ts');
const { createApiKey } = await load('apps/server/src/modules/api-keys/service.ts');
const { registerDeveloperApi } = await load('apps/server/src/modules/developer-api/routes.ts');
const { createMinuteLimiter, openLimitsRedis, redisReady } = await load('apps/server/src/modules/developer-api/rate-limit.ts');
const { createMonthlyQuota } = await load('apps/server/src/modules/developer-api/quota.ts');
const { developerPlans } = await load('packages/shared/src/plans.ts');

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 3000);
const OVERHEAD_BAR_MS = 1;
const BURST_TOLERANCE = 1;
const ROUTE = '/v1/spaces';
const runId = `${Date.now().toString(36)}`;

const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: os.tmpdir() });
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
const ctx = { config, db: database.db, database, log: { warn() {}, error() {}, info() {}, debug() {} } };
const loadBefore = os.loadavg()[0];

/** One instance: the app's compilers and error shape, and the developer API with the given options. */
async function startInstance(options) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError)
      return reply.status(error.status).send({ message: error.message, code: error.code, ...error.extra });
    if (hasZodFastifySchemaValidationErrors(error))
      return reply.status(400).send({ message: 'Datos no válidos', code: 'VALIDATION' });
    return reply.status(500).send({ message: String(error), code: 'INTERNAL' });
  });
  await app.register(async (scope) => registerDeveloperApi(scope, ctx, options));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${app.server.address().port}` };
}

async function newKey(developerPlan) {
  const email = `bench-${runId}-${Math.random().toString(36).slice(2)}@example.test`;
  const [user] = await database.db.insert(users).values({ name: 'Bench', email, developerPlan }).returning({ id: users.id });
  return (await createApiKey({ db: database.db, userId: user.id, name: 'bench' })).key;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const round = (n) => Math.round(n * 1000) / 1000;

async function timedGet(url, key) {
  const started = performance.now();
  const response = await fetch(`${url}${ROUTE}`, { headers: { authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}${ROUTE} answered ${response.status}`);
  return ms;
}

/** Same route, with and without the limits, interleaved request by request. */
async function overhead(label, limits) {
  const without = await startInstance({ rateLimits: false });
  const withLimits = await startInstance(limits);
  // Scale: 1,000 a minute; spread over enough keys that no window fills during the run.
  const keys = await Promise.all(Array.from({ length: Math.ceil(SAMPLES / 500) + 1 }, () => newKey('scale')));
  for (let i = 0; i < 200; i++) {
    await timedGet(without.url, keys[0]);
    await timedGet(withLimits.url, keys[i % keys.length]);
  }
  const a = [];
  const b = [];
  for (let i = 0; i < SAMPLES; i++) {
    const key = keys[i % keys.length];
    if (i % 2 === 0) {
      a.push(await timedGet(without.url, key));
      b.push(await timedGet(withLimits.url, key));
    } else {
      b.push(await timedGet(withLimits.url, key));
      a.push(await timedGet(without.url, key));
    }
  }
  await without.app.close();
  await withLimits.app.close();
  const added = median(b) - median(a);
  const result = {
    limiter: label,
    route: `GET ${ROUTE}`,
    samples: SAMPLES,
    withoutLimitsMs: { p50: round(median(a)), p90: round(percentile(a, 0.9)) },
    withLimitsMs: { p50: round(median(b)), p90: round(percentile(b, 0.9)) },
    addedToMedianMs: round(added),
    barMs: OVERHEAD_BAR_MS,
    pass: added < OVERHEAD_BAR_MS,
  };
  console.log(
    `overhead (${label}): median ${result.withoutLimitsMs.p50} ms without, ${result.withLimitsMs.p50} ms with -> +${result.addedToMedianMs} ms (bar < ${OVERHEAD_BAR_MS} ms) ${result.pass ? 'PASS' : 'FAIL'}`,
  );
  return result;
}

/** Two instances sharing Redis; 10x the plan's per-minute rate at once, alternating between them. */
async function burst(plan) {
  const limit = developerPlans[plan].requestsPerMinute;
  const prefix = `div:bench:${runId}:${plan}`;
  // One Redis connection per instance, as two servers would have.
  const connections = [openLimitsRedis(REDIS_URL), openLimitsRedis(REDIS_URL)];
  await Promise.all(connections.map((c) => redisReady(c)));
  const limiters = connections.map((redis) => createMinuteLimiter({ redis, windowSeconds: 60, keyPrefix: prefix }));
  const instances = await Promise.all(limiters.map((limiter) => startInstance({ limiter })));
  const key = await newKey(plan);
  const total = limit * 10;
  const statuses = await Promise.all(
    Array.from({ length: total }, (_, i) =>
      fetch(`${instances[i % 2].url}${ROUTE}`, { headers: { authorization: `Bearer ${key}` } }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
  await Promise.all(instances.map((i) => i.app.close()));
  await Promise.all(connections.map((c) => c.quit()));
  const allowed = statuses.filter((s) => s === 200).length;
  const limited = statuses.filter((s) => s === 429).length;
  const result = {
    plan,
    perMinuteLimit: limit,
    sent: total,
    instances: 2,
    allowed,
    limited,
    other: total - allowed - limited,
    tolerance: BURST_TOLERANCE,
    pass: Math.abs(allowed - limit) <= BURST_TOLERANCE && allowed + limited === total,
  };
  console.log(
    `burst (${plan}): ${total} requests over 2 instances, ${allowed} allowed (limit ${limit} ±${BURST_TOLERANCE}) ${result.pass ? 'PASS' : 'FAIL'}`,
  );
  return result;
}

async function redisReachable() {
  const probe = createMinuteLimiter({ redisUrl: REDIS_URL, windowSeconds: 60, keyPrefix: `div:bench:${runId}:probe` });
  try {
    const { Redis } = await import('ioredis');
    const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch {
    return false;
  } finally {
    await probe.close();
  }
}

const hasRedis = await redisReachable();
const overheadResults = [await overhead('memory', {})];
if (hasRedis) {
  const shared = openLimitsRedis(REDIS_URL);
  await redisReady(shared);
  const limits = {
    limiter: createMinuteLimiter({ redis: shared, windowSeconds: 60, keyPrefix: `div:bench:${runId}:minute` }),
    quota: createMonthlyQuota({ db: database.db, redis: shared, keyPrefix: `div:bench:${runId}:month` }),
  };
  const redisResult = await overhead('redis', limits);
  // What one Redis round trip costs on this machine now (the limits make one per request).
  const { Redis } = await import('ioredis');
  const client = new Redis(REDIS_URL);
  const pings = [];
  for (let i = 0; i < 1000; i++) {
    const started = performance.now();
    await client.ping();
    pings.push(performance.now() - started);
  }
  await client.quit();
  redisResult.redisPingMedianMs = round(median(pings));
  redisResult.addedBeyondOneRoundTripMs = round(redisResult.addedToMedianMs - median(pings));
  redisResult.note =
    'Shared limits cost one Redis round trip per request (minute and month counted in parallel); the bar applies to the default in-process limiter. addedBeyondOneRoundTripMs is what the limiting adds besides that round trip.';
  console.log(
    `redis: PING median ${redisResult.redisPingMedianMs} ms; added beyond one round trip ${redisResult.addedBeyondOneRoundTripMs} ms`,
  );
  overheadResults.push(redisResult);
  await limits.limiter.close();
  await limits.quota.close();
  await shared.quit();
}
const burstResults = hasRedis ? [await burst('starter'), await burst('growth')] : [];
if (!hasRedis) console.log(`burst: Redis not reachable at ${REDIS_URL}; skipped`);

const results = {
  benchmark: 'developer-api',
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  loadAverage: { before: round(loadBefore), after: round(os.loadavg()[0]) },
  database: database.driver,
  redis: hasRedis ? REDIS_URL : null,
  overhead: overheadResults,
  burst: burstResults,
  // The bar: the default (in-process) limiting adds under 1 ms to the median; the Redis figure is
  // reported with the cost of one round trip on this machine.
  pass: overheadResults[0].pass && burstResults.every((r) => r.pass) && hasRedis,
};
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'developer-api.json'), `${JSON.stringify(results, null, 2)}\n`);
await database.close();
console.log(`wrote bench/results/developer-api.json (${results.pass ? 'PASS' : 'FAIL'})`);
process.exit(results.pass ? 0 : 1);
