// Benchmark: load (issue 9). 200 connections for LOAD_DURATION seconds (default 60) on a mixed
// read/write workload against PostgreSQL: 60 % GET /api/spaces/:id, 25 % GET /api/spaces,
// 15 % PATCH /api/spaces/:id (a rename, a real write). Targets: zero errors (non-2xx, timeouts,
// resets), p99 < 50 ms, server memory growth < 10 % between the first and last 10 s (resident
// memory read from the server's own /metrics every second). Also measures a bare node:http server
// answering a small JSON body with the same connections, and prints the app's figures as ratios to it.
// Run from the repository root: node bench/load.mjs   (writes bench/results/load.json)
// PostgreSQL: BENCH_DATABASE_URL (a server; a fresh database is created and dropped), else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { scratchDatabase } from './scratch-database.mjs';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.LOAD_DURATION ?? 60);
const BASELINE_S = Math.min(10, DURATION_S);
const USERS = 50;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise((resolve) => {
    const s = http.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

async function bare() {
  const body = JSON.stringify({ space: { id: 'x', name: 'Espacio', revision: 1 } });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const result = await run({ url: `http://127.0.0.1:${server.address().port}/`, connections: CONNECTIONS, duration: BASELINE_S });
  await new Promise((resolve) => server.close(resolve));
  return result;
}

async function startServer(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'div-load-')),
      WEB_DIST: path.join(tmpdir(), 'div-no-web-build'),
      SESSION_SECRET: 'load-benchmark-cookie-secret-0123456789abcdef',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${url}/api/ready`)).status === 200) return { url, child };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function seed(databaseUrl, url) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const actors = [];
  for (let i = 0; i < USERS; i += 1) {
    const { rows } = await client.query("insert into users (name, email, plan) values ($1, $2, 'pro') returning id", [
      `Carga ${i}`,
      `load${i}-${randomBytes(4).toString('hex')}@example.test`,
    ]);
    const token = randomBytes(32).toString('base64url');
    await client.query("insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')", [
      createHash('sha256').update(token).digest('hex'),
      rows[0].id,
    ]);
    const authorization = `Bearer ${token}`;
    const created = await fetch(`${url}/api/spaces`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Espacio ${i}` }),
    });
    const { space } = await created.json();
    actors.push({ authorization, spaceId: space.id });
  }
  await client.end();
  return actors;
}

async function residentBytes(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = /^div_process_resident_memory_bytes (\S+)$/m.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

async function main() {
  const database = await scratchDatabase('div_load', baseUrl);
  if (!database.url) {
    console.error(`PostgreSQL is not reachable (${database.reason}); set BENCH_DATABASE_URL.`);
    process.exit(1);
  }
  const server = await startServer(database.url);
  try {
    const actors = await seed(database.url, server.url);
    console.log(`baseline: bare node:http, ${CONNECTIONS} connections, ${BASELINE_S} s`);
    const baseline = await bare();

    const requests = [];
    for (let i = 0; i < 20; i += 1) {
      const actor = actors[i % actors.length];
      const headers = { authorization: actor.authorization, 'content-type': 'application/json' };
      if (i % 20 < 12) requests.push({ method: 'GET', path: `/api/spaces/${actor.spaceId}`, headers });
      else if (i % 20 < 17) requests.push({ method: 'GET', path: '/api/spaces', headers });
      else
        requests.push({
          method: 'PATCH',
          path: `/api/spaces/${actor.spaceId}`,
          headers,
          body: JSON.stringify({ name: `Renombrado ${i}` }),
        });
    }
    // Warm-up, so the first seconds do not measure compilation and pool filling.
    await run({ url: server.url, connections: CONNECTIONS, duration: 3, requests });

    const memory = [];
    const sampler = setInterval(() => {
      residentBytes(server.url).then(
        (bytes) => memory.push({ t: Date.now(), bytes }),
        () => {},
      );
    }, 1000);
    console.log(`load: ${CONNECTIONS} connections, ${DURATION_S} s, mixed read/write on PostgreSQL`);
    const started = Date.now();
    const app = await run({ url: server.url, connections: CONNECTIONS, duration: DURATION_S, requests, timeout: 10 });
    clearInterval(sampler);

    const window = Math.min(10_000, (DURATION_S * 1000) / 3);
    const avg = (list) => list.reduce((s, m) => s + m.bytes, 0) / Math.max(1, list.length);
    const first = avg(memory.filter((m) => m.t - started <= window));
    const last = avg(memory.filter((m) => m.t >= started + DURATION_S * 1000 - window));
    const growth = first ? (last - first) / first : Number.NaN;
    const errors = app.errors + app.timeouts + app.non2xx;

    const result = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      workload: '60% GET /api/spaces/:id, 25% GET /api/spaces, 15% PATCH /api/spaces/:id',
      app: {
        requests: app.requests.total,
        requestsPerSecond: app.requests.average,
        latencyMs: { p50: app.latency.p50, p90: app.latency.p90, p99: app.latency.p99, max: app.latency.max },
        errors,
        non2xx: app.non2xx,
        timeouts: app.timeouts,
        memoryFirst10sMB: first / 2 ** 20,
        memoryLast10sMB: last / 2 ** 20,
        memoryGrowth: growth,
      },
      baseline: {
        requestsPerSecond: baseline.requests.average,
        latencyMs: { p50: baseline.latency.p50, p99: baseline.latency.p99 },
      },
      ratios: {
        throughputVsBare: app.requests.average / baseline.requests.average,
        p99VsBare: app.latency.p99 / Math.max(baseline.latency.p99, 1),
      },
      targets: { zeroErrors: errors === 0, p99Under50ms: app.latency.p99 < 50, memoryGrowthUnder10pct: growth < 0.1 },
    };
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', 'load.json'), `${JSON.stringify(result, null, 2)}\n`);
    const pct = (x) => `${(x * 100).toFixed(1)} %`;
    console.log(
      `\napp:      ${result.app.requestsPerSecond.toFixed(0)} req/s, p50 ${app.latency.p50} ms, p99 ${app.latency.p99} ms, errors ${errors}`,
    );
    console.log(`bare:     ${result.baseline.requestsPerSecond.toFixed(0)} req/s, p99 ${baseline.latency.p99} ms`);
    console.log(
      `ratio:    throughput ${pct(result.ratios.throughputVsBare)} of bare node:http; p99 ${result.ratios.p99VsBare.toFixed(1)}x`,
    );
    console.log(
      `memory:   ${result.app.memoryFirst10sMB.toFixed(1)} MB -> ${result.app.memoryLast10sMB.toFixed(1)} MB (${pct(growth)})`,
    );
    console.log(
      `targets:  zero errors ${result.targets.zeroErrors ? 'met' : 'MISSED'}, p99 < 50 ms ${result.targets.p99Under50ms ? 'met' : 'MISSED'}, memory < 10 % ${result.targets.memoryGrowthUnder10pct ? 'met' : 'MISSED'}`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop().catch(() => {});
  }
}

await main();
