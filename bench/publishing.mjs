// Benchmark: publishing (issue 6).
//  1. Deploy of a 1 MB site: from POST /api/deploy to a 200 on the site's URL. Target p95 < 150 ms.
//  2. Serving a published 50 KB page at 50 concurrent connections, by Host, gzip: throughput at least
//     85 % of a bare node:http server answering the same page's gzip bytes from memory with the same
//     headers, in the same run, alternating, and p99 under twice bare's. The app runs as `npm start`
//     runs it (`node scripts/start.mjs`: the compiled server, production, info logging to a file;
//     ADR 0226). The closed-loop generator (ADR 0137) drives both from a fresh process of its own each
//     round; its CPU and each server's CPU per request are recorded.
//     nginx (Debian's package, when installed) serves the same gzip bytes with gzip_static and the same
//     security and cache headers in the same rounds, one worker process, for reference.
//  3. Page-view analytics on (a medium plan's site) vs off (a free plan's site): within 10 %.
// Run from the repository root: node bench/publishing.mjs   (writes bench/results/publishing.json)
// BENCH_ONLY=deploy measures the deploys alone (bench/results/publishing-deploy.json), for before/after checks;
// BENCH_ONLY=serving skips the deploys.
// The app runs in a child process on the embedded database; the deploy is measured again on a scratch
// PostgreSQL database next to BENCH_DATABASE_URL (default: the machine's server) when one answers,
// and the bar applies to both.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort, waitUntilReady } from './app-process.mjs';
import { closedLoopApart, percentile } from './closed-loop.mjs';
import { scratchDatabase } from './scratch-database.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = 1;
const DEPLOYS = Number(process.env.BENCH_DEPLOYS ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SIZES = [
  { label: '100 KB', bytes: 100 * 1024, runs: Math.max(10, DEPLOYS / 2) },
  { label: '1 MB', bytes: 1024 * 1024, runs: DEPLOYS },
  { label: '5 MB', bytes: 5 * 1024 * 1024, runs: Math.max(10, DEPLOYS / 3) },
];

const ONLY = process.env.BENCH_ONLY;
// BENCH_PORT_BASE=N puts the bare server on N, the app on N+1, the PostgreSQL app on N+2 and nginx on
// N+3 (a shared machine's port range); by default the system picks them.
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 0);
const portOf = (offset) => (PORT_BASE ? PORT_BASE + offset : 0);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

const PAGE = makePage(50 * 1024);

const mode = process.argv[2];
if (mode === 'bare') serveBare();
else if (mode === 'seed') await seedApp();
else await main();

function makePage(bytes) {
  const head = '<!DOCTYPE html>\n<html lang="es"><head><meta charset="utf-8"><title>Bench</title></head><body>\n';
  const tail = '</body></html>\n';
  let body = '';
  let i = 0;
  while (head.length + body.length + tail.length < bytes) {
    body += `<section id="s${i}"><h2>Sección ${i}</h2><p>Texto de ejemplo ${randomBytes(24).toString('hex')} para la página publicada.</p></section>\n`;
    i += 1;
  }
  return (head + body + tail).slice(0, bytes - tail.length) + tail;
}

function serveBare() {
  // The page's gzip bytes, as DIV stores them (level 5, ADR 0109), answered from memory with the very
  // headers the app sends for that answer (BENCH_BARE_HEADERS, read off the app), so both write the
  // same bytes; Node adds date, connection and keep-alive to both.
  const body = gzipSync(Buffer.from(PAGE), { level: 5 });
  const headers = { ...JSON.parse(process.env.BENCH_BARE_HEADERS ?? '{}'), 'content-length': body.length };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  server.listen(portOf(0), '127.0.0.1', () => process.send({ port: server.address().port }));
}

/** The headers the app answers a site's gzip request with, minus those Node writes itself. */
async function siteHeaders(port, host) {
  const res = await request(port, { host, headers: { 'accept-encoding': 'gzip' } });
  const { date, connection, 'keep-alive': _k, 'content-length': _l, 'transfer-encoding': _t, ...rest } = res.headers;
  if (res.status !== 200 || rest['content-encoding'] !== 'gzip') throw new Error('the site did not answer gzip');
  return rest;
}

/**
 * Seeds the app's database before it starts (a short-lived child run through tsx): a user of each plan
 * with a session, so the benchmark can call the API. The embedded database is closed again before the
 * server opens the same data folder.
 */
async function seedApp() {
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { users } = await import('../apps/server/src/db/schema/users.ts');
  const { createSession } = await import('../apps/server/src/modules/auth/sessions.ts');
  const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
  const tokens = {};
  for (const plan of ['medium', 'free']) {
    const [user] = await database.db
      .insert(users)
      .values({ name: `Bench ${plan}`, email: `bench-${plan}-${randomBytes(4).toString('hex')}@example.test`, plan })
      .returning({ id: users.id });
    tokens[plan] = (await createSession(database, { userId: user.id, ttlMs: 3_600_000 })).token;
  }
  await database.close();
  process.send({ tokens }, () => process.exit(0));
}

/**
 * The app as `npm start` runs it (issue 26): `node scripts/start.mjs`, which runs the compiled server
 * in its own process (no TypeScript loader), production, LOG_LEVEL's default (info), logging to a
 * file as under a process manager; the embedded database in a data folder on disk unless
 * `databaseUrl` names a PostgreSQL database. Users and sessions are seeded first.
 */
async function startApp(databaseUrl) {
  const env = {
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'div-bench-pub-')),
    WEB_DIST: path.join(tmpdir(), 'div-no-web-build'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SITES_DOMAIN: 'bench.test',
    HOST: '127.0.0.1',
    PORT: String(portOf(databaseUrl ? 2 : 1) || (await freePort())),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const { child: seeder, tokens } = await start(['--import', 'tsx', 'bench/publishing.mjs', 'seed'], env);
  await new Promise((resolve) => (seeder.exitCode !== null ? resolve() : seeder.once('exit', resolve)));
  const log = path.join(mkdtempSync(path.join(tmpdir(), 'div-bench-log-')), 'server.log');
  const { LOG_LEVEL: _unset, ...inherited } = process.env;
  // BENCH_APP_NODE_ARGS: node options for the app alone (--trace-gc, --cpu-prof…), when looking into a figure.
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ['ignore', openSync(log, 'a'), 'inherit'],
  });
  const port = Number(env.PORT);
  await waitUntilReady(`http://127.0.0.1:${port}`, child, { log });
  return { child, log, port, tokens };
}

/**
 * nginx with one worker process and no master (so its CPU is one process's), answering the page's
 * same gzip bytes from disk with gzip_static; undefined when nginx is not installed.
 */
async function startNginx(headers) {
  const binary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((b) => existsSync(b));
  if (!binary) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'div-bench-nginx-'));
  mkdirSync(path.join(dir, 'www'));
  writeFileSync(path.join(dir, 'www', 'index.html'), PAGE);
  writeFileSync(path.join(dir, 'www', 'index.html.gz'), gzipSync(Buffer.from(PAGE), { level: 5 }));
  const port = portOf(3) || 20000 + Math.floor(Math.random() * 20000);
  const added = ['cache-control', 'content-security-policy', 'x-content-type-options', 'referrer-policy']
    .filter((name) => headers[name])
    .map((name) => `add_header ${name} "${headers[name]}" always;`)
    .join(' ');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join(' ');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; master_process off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nodelay on; keepalive_requests 10000000; ${temp}
  types { text/html html; } default_type text/html;
  server { listen 127.0.0.1:${port}; root ${dir}/www; gzip_static on; gzip_vary on; ${added} location / { index index.html; } } }
`,
  );
  const child = spawn(binary, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 100; i += 1) {
    const ok = await request(port, {}).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, port, version: spawnSync(binary, ['-v'], { encoding: 'utf8' }).stderr.trim() };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('nginx did not start');
}

/** Starts a server child; its log goes to a file (as under a process manager), its port comes by IPC. */
function start(args, env = {}) {
  const log = path.join(mkdtempSync(path.join(tmpdir(), 'div-bench-log-')), 'server.log');
  const out = openSync(log, 'a');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', out, 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolve({ child, log, ...message }));
    child.on('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
}

/**
 * CPU seconds (user + system) a process and its live child processes (the app's published sites'
 * process, ADR 0230) have used so far, from /proc.
 */
function cpuSecondsOf(pid, withChildren = true) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const own = (Number(fields[11]) + Number(fields[12])) / 100;
  if (!withChildren) return own;
  let children = '';
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {}
  return (
    own +
    children
      .split(' ')
      .filter(Boolean)
      .reduce((n, child) => n + cpuSecondsOf(Number(child)), 0)
  );
}

async function request(port, { method = 'GET', path: p = '/', host, token, body, headers = {} }) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: p,
        headers: {
          host: host ?? `127.0.0.1:${port}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A site of `bytes`: a 50 KB home page, a second page and stylesheets/scripts, different on every deploy. */
function siteOf(marker, bytes = 1024 * 1024) {
  const files = [
    { path: 'index.html', content: PAGE.replace('<title>Bench</title>', `<title>${marker}</title>`) },
    { path: 'about.html', content: PAGE.replace('<title>Bench</title>', '<title>About</title>') },
  ];
  let total = files.reduce((n, f) => n + f.content.length, 0);
  let i = 0;
  while (total < bytes) {
    const size = Math.min(100 * 1024, bytes - total);
    let content = `/* ${marker} ${i} */\n`;
    while (content.length < size)
      content += `.c${i}-${content.length}{margin:${content.length % 17}px;color:#${randomBytes(3).toString('hex')}}\n`;
    files.push({ path: i % 2 ? `js/app${i}.js` : `css/style${i}.css`, content: content.slice(0, size) });
    total += size;
    i += 1;
  }
  return files;
}

/** Closed-loop load on `server`'s `/` by Host, gzip accepted; with the generator's and the server's CPU. */
async function serve(server, host) {
  const opts = {
    url: `http://127.0.0.1:${server.port}/`,
    connections: CONNECTIONS,
    headers: { 'accept-encoding': 'gzip', ...(host ? { host } : {}) },
  };
  // The generator runs in a fresh process each time, not in this one, which built and deployed the sites.
  await closedLoopApart({ ...opts, durationS: WARMUP_S });
  const serverCpu = cpuSecondsOf(server.child.pid);
  const ownCpu = cpuSecondsOf(server.child.pid, false);
  const r = await closedLoopApart({ ...opts, durationS: DURATION_S });
  const served = cpuSecondsOf(server.child.pid) - serverCpu;
  const ownServed = cpuSecondsOf(server.child.pid, false) - ownCpu;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`non-2xx ${r.non2xx}, errors ${r.errors}`);
  return {
    requestsPerSec: Math.round(r.requestsPerSec),
    p50Ms: +r.latencyMs.p50.toFixed(2),
    p99Ms: +r.latencyMs.p99.toFixed(2),
    bytesPerAnswer: Math.round(r.bytesPerSec / r.requestsPerSec),
    serverCpuUsPerRequest: +((served / r.requests) * 1e6).toFixed(1),
    // The app's own process alone (the rest is its published sites' process, ADR 0230).
    mainProcessCpuUsPerRequest: +((ownServed / r.requests) * 1e6).toFixed(1),
    generatorCores: r.generatorCores,
  };
}

/** Deploys of a fresh site of each size (after 3 warm-ups), each timed until its URL serves it. */
async function measureDeploys(app, spaceId) {
  const out = {};
  for (const size of SIZES) out[size.label] = await measureDeploysOf(app, spaceId, size);
  return out;
}

async function measureDeploysOf(app, spaceId, { bytes, runs }) {
  const deployMs = [];
  let cpuBefore = 0;
  for (let i = 0; i < runs + 3; i += 1) {
    // The app's CPU over the measured deploys (its threads included: compression runs on the pool).
    if (i === 3) cpuBefore = cpuSecondsOf(app.child.pid);
    const marker = `deploy-${i}-${randomBytes(4).toString('hex')}`;
    const files = siteOf(marker, bytes);
    const t0 = performance.now();
    const res = await request(app.port, {
      method: 'POST',
      path: '/api/deploy',
      token: app.tokens.medium,
      body: { spaceId, files },
    });
    if (res.status !== 200) throw new Error(`deploy ${res.status} ${res.body}`);
    const host = new URL(JSON.parse(res.body).url).host;
    const page = await request(app.port, { host });
    if (page.status !== 200 || !page.body.includes(marker)) throw new Error('deployed site not served');
    if (i >= 3) deployMs.push(performance.now() - t0);
  }
  const cpuMsPerDeploy = ((cpuSecondsOf(app.child.pid) - cpuBefore) * 1000) / runs;
  deployMs.sort((a, b) => a - b);
  return {
    sizeBytes: bytes,
    runs,
    // On a shared machine the wall time waits for other work; the app's CPU per deploy does not.
    appCpuMsPerDeploy: +cpuMsPerDeploy.toFixed(1),
    p50Ms: +percentile(deployMs, 50).toFixed(1),
    p95Ms: +percentile(deployMs, 95).toFixed(1),
    ...(bytes === 1024 * 1024 ? { targetP95Ms: 150 } : {}),
  };
}

/** The deploys again on a scratch PostgreSQL database (when one answers), into `deploy.postgresql`. */
async function measureDeploysOnPostgres(deploy) {
  const scratch = await scratchDatabase('div_bench_pub');
  if (scratch.url) {
    const pgApp = await startApp(scratch.url);
    try {
      const space = JSON.parse(
        (
          await request(pgApp.port, {
            method: 'POST',
            path: '/api/spaces',
            token: pgApp.tokens.medium,
            body: { name: 'Deploy PG' },
          })
        ).body,
      ).space.id;
      deploy.postgresql = await measureDeploys(pgApp, space);
      console.log('deploy, PostgreSQL', deploy.postgresql);
    } finally {
      pgApp.child.kill();
      await new Promise((r) => setTimeout(r, 300));
      await scratch.drop();
    }
  } else console.log(`deploy on PostgreSQL not measured: ${scratch.reason}`);
}

async function main() {
  let bare;
  const app = await startApp();
  try {
    const spaceOf = async (token, name) =>
      JSON.parse((await request(app.port, { method: 'POST', path: '/api/spaces', token, body: { name } })).body).space.id;
    const onSpace = await spaceOf(app.tokens.medium, 'Analytics On');
    const offSpace = await spaceOf(app.tokens.free, 'Analytics Off');

    // 1. Deploys of 100 KB, 1 MB and 5 MB sites until its URL answers 200 with the new content, on both databases.
    const deploy = ONLY === 'serving' ? {} : { embedded: await measureDeploys(app, onSpace) };
    if (deploy.embedded) console.log('deploy, embedded database', deploy.embedded);
    if (ONLY === 'deploy') {
      await measureDeploysOnPostgres(deploy);
      // The deploys alone (for before/after checks) go to a file of their own.
      writeFileSync(
        path.join(here, 'results', 'publishing-deploy.json'),
        `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAverageAtEnd: os.loadavg().map((n) => +n.toFixed(1)), deploy }, null, 2)}\n`,
      );
      return;
    }

    // Both sites publish the same 50 KB page.
    for (const [space, token] of [
      [onSpace, app.tokens.medium],
      [offSpace, app.tokens.free],
    ]) {
      const res = await request(app.port, {
        method: 'POST',
        path: '/api/deploy',
        token,
        body: { spaceId: space, files: [{ path: 'index.html', content: PAGE }] },
      });
      if (res.status !== 200) throw new Error(`deploy ${res.status}`);
    }
    const check = await request(app.port, { host: 'analytics-on.bench.test' });
    if (check.body !== PAGE) throw new Error('served bytes differ from the page');

    const headers = await siteHeaders(app.port, 'analytics-on.bench.test');
    bare = await start(['bench/publishing.mjs', 'bare'], { BENCH_BARE_HEADERS: JSON.stringify(headers) });
    const loadBefore = os.loadavg().map((n) => +n.toFixed(1));
    const nginx = await startNginx(headers);
    // 2 and 3. Serving: bare server, site without analytics, site with analytics, nginx; ROUNDS short
    // alternating rounds, averaged (on a shared machine the pace drifts over tens of seconds).
    const rounds = { bare: [], off: [], on: [], nginx: [] };
    // The order alternates between rounds so neither variant always runs first on a warm process.
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.bare.push(await serve(bare));
      const order = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
      for (const which of order) rounds[which].push(await serve(app, `analytics-${which}.bench.test`));
      if (nginx) rounds.nginx.push(await serve(nginx));
    }
    nginx?.child.kill();
    const mean = (list, key) => +(list.reduce((n, r) => n + r[key], 0) / list.length).toFixed(2);
    const avg = (list) => ({
      requestsPerSec: Math.round(mean(list, 'requestsPerSec')),
      p50Ms: Math.max(...list.map((r) => r.p50Ms)),
      p99Ms: mean(list, 'p99Ms'),
      bytesPerAnswer: list[0].bytesPerAnswer,
      serverCpuUsPerRequest: mean(list, 'serverCpuUsPerRequest'),
      generatorCores: Math.max(...list.map((r) => r.generatorCores)),
      rounds: list,
    });
    const bareR = avg(rounds.bare);
    const perRound = rounds.on.map((r, i) => r.requestsPerSec / rounds.bare[i].requestsPerSec);
    const offR = avg(rounds.off);
    const onR = avg(rounds.on);
    const serving = {
      pageBytes: Buffer.byteLength(PAGE),
      connections: CONNECTIONS,
      durationS: DURATION_S,
      bare: bareR,
      site: onR,
      ratioToBare: +(onR.requestsPerSec / bareR.requestsPerSec).toFixed(3),
      // Each round's site against the bare server measured just before it.
      ratioPerRound: perRound.map((r) => +r.toFixed(3)),
      ratioMedianOfRounds: +percentile(
        [...perRound].sort((a, b) => a - b),
        50,
      ).toFixed(3),
      p99ToBare: +(onR.p99Ms / bareR.p99Ms).toFixed(2),
      nginx: nginx
        ? {
            version: nginx.version,
            ...avg(rounds.nginx),
            siteToNginx: +(onR.requestsPerSec / avg(rounds.nginx).requestsPerSec).toFixed(3),
          }
        : 'not installed: not measured',
      targetRatio: 0.85,
      targetP99ToBare: 2,
      loadAverageBefore: loadBefore,
    };
    const analytics = {
      off: offR,
      on: onR,
      onToOff: +(onR.requestsPerSec / offR.requestsPerSec).toFixed(3),
      target: 'within 10 %',
    };
    const views = JSON.parse(
      (await request(app.port, { path: `/api/sites/${onSpace}/analytics?days=1`, token: app.tokens.medium })).body,
    ).total;
    console.log('serving', serving);
    console.log('analytics', analytics, 'views counted', views);
    // The PostgreSQL deploys come after the serving rounds: the scratch database's writes, checkpoints
    // and its drop kept the server's cores busy into the rounds and took a quarter off some of them.
    if (ONLY !== 'serving') await measureDeploysOnPostgres(deploy);
    const pass = {
      deployP95: (deploy.embedded?.['1 MB'].p95Ms ?? 0) < 150 && (deploy.postgresql?.['1 MB'].p95Ms ?? 0) < 150,
      servingRatio: serving.ratioToBare >= 0.85,
      servingP99: serving.p99ToBare < 2,
      analyticsWithin10: Math.abs(1 - analytics.onToOff) <= 0.1,
    };
    console.log('pass', pass);
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(
      path.join(here, 'results', 'publishing.json'),
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAverageAtEnd: os.loadavg().map((n) => +n.toFixed(1)), deploy, serving, analytics: { ...analytics, viewsCounted: views }, pass }, null, 2)}\n`,
    );
  } finally {
    bare?.child.kill();
    app.child.kill();
  }
}
