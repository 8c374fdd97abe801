// Benchmark: load (issue 9). 200 connections for LOAD_DURATION seconds (default 60) on a mixed
// read/write workload against PostgreSQL: 60 % GET /api/spaces/:id, 25 % GET /api/spaces,
// 15 % PATCH /api/spaces/:id (a rename, a real write). Targets: zero errors (non-2xx, timeouts,
// resets), p99 < 50 ms, server memory growth < 10 % between the first and last 10 s (resident
// memory read from the server's own /metrics every second). Also measures a bare node:http server
// answering a small JSON body with the same connections, and prints the app's figures as ratios to it.
// Run from the repository root: node bench/load.mjs   (writes bench/results/load.json)
// PostgreSQL: BENCH_DATABASE_URL (a server; a fresh database is created and dropped), else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
// BENCH_NODE_ARGS: extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, waitUntilReady } from './app-process.mjs';
import { closedLoop } from './closed-loop.mjs';
import { scratchDatabase } from './scratch-database.mjs';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.LOAD_DURATION ?? 60);
const BASELINE_S = Math.min(10, DURATION_S);
const USERS = 50;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function bare() {
  const body = JSON.stringify({ space: { id: 'x', name: 'Espacio', revision: 1 } });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const result = await closedLoop({
    url: `http://127.0.0.1:${server.address().port}/`,
    connections: CONNECTIONS,
    durationS: BASELINE_S,
  });
  await new Promise((resolve) => server.close(resolve));
  return result;
}

async function startServer(databaseUrl) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
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
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child);
  return { url, child };
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
    actors.push({ headers: { authorization }, spaceId: space.id });
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

    // Each connection acts for one user (connection c is user c % USERS) and sends the mix in turn:
    // 12 of every 20 requests read its space, 5 read its list, 3 rename its space. Writes are spread
    // over the users as real traffic is, not aimed at a few rows (ADR 0137).
    const mixes = actors.map((actor) =>
      Array.from({ length: 20 }, (_, step) => {
        if (step < 12) return { label: 'GET /api/spaces/:id', path: `/api/spaces/${actor.spaceId}`, headers: actor.headers };
        if (step < 17) return { label: 'GET /api/spaces', path: '/api/spaces', headers: actor.headers };
        return {
          label: 'PATCH /api/spaces/:id',
          method: 'PATCH',
          path: `/api/spaces/${actor.spaceId}`,
          headers: { ...actor.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Renombrado ${step}` }),
        };
      }),
    );
    const request = (connection, sequence) => mixes[connection % mixes.length][sequence % 20];
    // Warm-up, so the first seconds do not measure compilation and pool filling.
    await closedLoop({ url: server.url, connections: CONNECTIONS, durationS: 3, request });

    const memory = [];
    const sampler = setInterval(() => {
      residentBytes(server.url).then(
        (bytes) => memory.push({ t: Date.now(), bytes }),
        () => {},
      );
    }, 1000);
    console.log(`load: ${CONNECTIONS} connections, ${DURATION_S} s, mixed read/write on PostgreSQL`);
    const started = Date.now();
    const app = await closedLoop({ url: server.url, connections: CONNECTIONS, durationS: DURATION_S, request });
    clearInterval(sampler);

    const window = Math.min(10_000, (DURATION_S * 1000) / 3);
    const avg = (list) => list.reduce((s, m) => s + m.bytes, 0) / Math.max(1, list.length);
    const first = avg(memory.filter((m) => m.t - started <= window));
    const last = avg(memory.filter((m) => m.t >= started + DURATION_S * 1000 - window));
    const growth = first ? (last - first) / first : Number.NaN;
    const errors = app.errors + app.non2xx;

    const result = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      workload: '60% GET /api/spaces/:id, 25% GET /api/spaces, 15% PATCH /api/spaces/:id',
      app: {
        requests: app.requests,
        requestsPerSecond: app.requestsPerSec,
        latencyMs: app.latencyMs,
        byRequest: app.byLabel,
        errors,
        non2xx: app.non2xx,
        memoryFirst10sMB: first / 2 ** 20,
        memoryLast10sMB: last / 2 ** 20,
        memoryGrowth: growth,
      },
      baseline: {
        requestsPerSecond: baseline.requestsPerSec,
        latencyMs: baseline.latencyMs,
      },
      ratios: {
        throughputVsBare: app.requestsPerSec / baseline.requestsPerSec,
        p99VsBare: app.latencyMs.p99 / baseline.latencyMs.p99,
      },
      targets: { zeroErrors: errors === 0, p99Under50ms: app.latencyMs.p99 < 50, memoryGrowthUnder10pct: growth < 0.1 },
    };
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', 'load.json'), `${JSON.stringify(result, null, 2)}\n`);
    const pct = (x) => `${(x * 100).toFixed(1)} %`;
    console.log(
      `\napp:      ${result.app.requestsPerSecond.toFixed(0)} req/s, p50 ${app.latencyMs.p50} ms, p99 ${app.latencyMs.p99} ms, errors ${errors}`,
    );
    for (const [label, figures] of Object.entries(app.byLabel)) {
      console.log(
        `  ${label.padEnd(24)} ${figures.requests} requests, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms`,
      );
    }
    console.log(`bare:     ${result.baseline.requestsPerSecond.toFixed(0)} req/s, p99 ${baseline.latencyMs.p99} ms`);
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
