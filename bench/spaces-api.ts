// Benchmark: GET /api/spaces with 100 spaces and GET /api/spaces/{id} with 1 MB of files, 50
// concurrent connections, on PostgreSQL. Throughput is reported as a ratio to a bare node:http server
// answering a constant JSON body, measured in the same run. Target: p99 under 20 ms. The load comes
// from bench/closed-loop.mjs (why not autocannon: see there); requests carry Chromium's Accept-Encoding.
// Run from the repository root: node --import tsx bench/spaces-api.ts
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a scratch database is
// created next to it and dropped at the end.)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { createSpace, saveFiles } from '../apps/server/src/modules/spaces/service.ts';
import { closedLoop } from './closed-loop.mjs';
import { scratchDatabase } from './scratch-database.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const TARGET_P99_MS = 20;
const SPACES = 100;
const DETAIL_BYTES = 1024 * 1024;
/** What Chromium sends: the editor is a browser, so the answers may come compressed. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const here = path.dirname(fileURLToPath(import.meta.url));

const mode = process.argv[2];
if (mode === 'bare') await serveBare();
else if (mode === 'app') await serveApp();
else await main();

async function serveBare() {
  // BARE_BYTES: the same server with a constant body of that size (the 1 MB reference).
  const size = Number(process.env.BARE_BYTES ?? 0);
  const body = Buffer.from(JSON.stringify({ status: 'ok', message: size ? 'x'.repeat(size) : 'constant' }));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => announce(server.address()));
}

async function serveApp() {
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'div-bench-')),
    WEB_DIST: path.join(tmpdir(), 'div-no-web-build'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  announce(app.server.address());
}

function announce(address: unknown) {
  process.stdout.write(`${JSON.stringify({ port: (address as { port: number }).port })}\n`);
}

function startChild(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'spaces-api.ts'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += String(chunk);
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve({ child, port: JSON.parse(line).port });
    });
    child.on('exit', (code) => reject(new Error(`server ${args[0]} exited with ${code}`)));
  });
}

async function seed(url: string) {
  const handle = await openDatabase({ url });
  const db = handle.db;
  const makeUser = async (email: string) => {
    const [user] = await db.insert(users).values({ name: 'Bench', email, plan: 'pro' }).returning({ id: users.id });
    if (!user) throw new Error('no user');
    const { token } = await createSession({ db }, { userId: user.id, ttlMs: 3_600_000 });
    return { id: user.id, token };
  };
  const lister = await makeUser('lister@bench.test');
  for (let i = 0; i < SPACES; i++) await createSpace({ db, userId: lister.id, name: `Proyecto de prueba ${i + 1}` });

  const opener = await makeUser('opener@bench.test');
  const space = await createSpace({ db, userId: opener.id, name: 'Un mega de archivos' });
  const names = ['index.html', 'style.css', 'script.js', 'about.html', 'css/extra.css'];
  const each = Math.floor(DETAIL_BYTES / names.length);
  const files = names.map((p) => ({ path: p, content: realisticContent(p.slice(p.lastIndexOf('.') + 1), each) }));
  await saveFiles({ db, userId: opener.id, spaceId: space.id, body: { revision: space.revision, replaceAll: true, files } });
  await handle.close();
  return { lister, opener, spaceId: space.id, detailBytes: files.reduce((n, f) => n + f.content.length, 0) };
}

/**
 * Site-like text that compresses like real pages, styles and scripts (gzip about 4:1; a repeated
 * sentence would compress 300:1 and flatter the compressed answers). Seeded: the same every run.
 */
function realisticContent(kind: string, bytes: number): string {
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const words =
    'el la de que y en un una los las por con para como más pero sus ya este porque entre cuando muy sin sobre también hasta donde desde todo durante contra otros antes algunos tanto mucho nada poco estar algo sitio web diseño página contacto servicios empresa equipo proyecto cliente producto precio oferta calidad tiempo ciudad mundo vida trabajo'.split(
      ' ',
    );
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
  const int = (n: number) => Math.floor(rand() * n);
  const sentence = (n: number) => Array.from({ length: n }, () => pick(words)).join(' ');
  let out = '';
  for (let i = 0; out.length < bytes; i++) {
    if (kind === 'html')
      out += `<section id="s${i}" class="${pick(['card', 'hero', 'grid', 'row'])}-${int(50)}"><h2>${sentence(4)}</h2><p>${sentence(18 + int(20))}</p><a href="/p/${int(1e6)}">${sentence(2)}</a></section>\n`;
    else if (kind === 'css')
      out += `.${pick(words)}-${int(999)} { padding: ${int(40)}px ${int(40)}px; color: #${int(0xffffff).toString(16).padStart(6, '0')}; margin: ${int(20)}px; }\n`;
    else
      out += `function ${pick(words)}${i}(a) { const ${pick(words)} = ${int(1e5)}; return a > ${int(100)} ? '${sentence(3)}' : ${int(1e4)}; }\n`;
  }
  return out.slice(0, bytes);
}

async function load(url: string, token?: string) {
  const headers = {
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  await closedLoop({ url, connections: CONNECTIONS, durationS: WARMUP_S, headers });
  return closedLoop({ url, connections: CONNECTIONS, durationS: DURATION_S, headers });
}

async function main() {
  const scratch = await scratchDatabase('div_bench_spaces');
  if (!scratch.url) throw new Error(`PostgreSQL is not reachable (${scratch.reason}); set BENCH_DATABASE_URL.`);
  const url = new URL(scratch.url);
  const children: ChildProcess[] = [];
  const loadBefore = os.loadavg()[0];
  try {
    const seeded = await seed(url.toString());
    const app = await startChild(['app'], { DATABASE_URL: url.toString() });
    children.push(app.child);
    const bare = await startChild(['bare'], {});
    children.push(bare.child);
    const bareBig = await startChild(['bare'], { BARE_BYTES: String(DETAIL_BYTES) });
    children.push(bareBig.child);

    const origin = `http://127.0.0.1:${app.port}`;
    // The detail as the editor receives it: its compressed size, and a bare server sending that many bytes.
    const sample = await fetch(`${origin}/api/spaces/${seeded.spaceId}`, {
      headers: { authorization: `Bearer ${seeded.opener.token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    const detailEncoding = sample.headers.get('content-encoding') ?? 'identity';
    const detailWireBytes = Number(sample.headers.get('content-length'));
    await sample.arrayBuffer();
    const bareSame = await startChild(['bare'], { BARE_BYTES: String(detailWireBytes) });
    children.push(bareSame.child);
    const baselineSame = await load(`http://127.0.0.1:${bareSame.port}/`);
    const baseline = await load(`http://127.0.0.1:${bare.port}/`);
    const baselineBig = await load(`http://127.0.0.1:${bareBig.port}/`);
    const health = await load(`${origin}/api/health`);
    // One page of 100 (the list is paged since ADR 0220; the app asks for 30 at a time).
    const list = await load(`${origin}/api/spaces?limit=100`, seeded.lister.token);
    const detail = await load(`${origin}/api/spaces/${seeded.spaceId}`, seeded.opener.token);

    const report = (r: typeof list, extra: Record<string, unknown>) => ({
      ...extra,
      ...r,
      throughputRatioToBareNodeHttp: Number((r.requestsPerSec / baseline.requestsPerSec).toFixed(4)),
      p99TargetMs: TARGET_P99_MS,
      meetsTarget: r.latencyMs.p99 < TARGET_P99_MS && r.non2xx === 0 && r.errors === 0,
    });
    const results = {
      benchmark: 'spaces-api',
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      // The machine is shared: its 1-minute load average before and after, to read the figures by.
      loadAverage: { before: Number(loadBefore?.toFixed(2)), after: Number(os.loadavg()[0]?.toFixed(2)) },
      database: 'postgresql',
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      baseline: { what: 'bare node:http, constant JSON body', ...baseline },
      baselineOneMegabyte: {
        what: 'bare node:http, constant 1 MB JSON body: what this machine can move at 50 connections, for reading spaceDetail',
        ...baselineBig,
      },
      baselineDetailWireBytes: {
        what: `bare node:http, constant body of the detail's size on the wire (${detailWireBytes} bytes, ${detailEncoding})`,
        ...baselineSame,
      },
      appFloor: report(health, { what: 'GET /api/health of the same app (one select 1, no session): the floor' }),
      listSpaces: report(list, { what: `GET /api/spaces with ${SPACES} spaces` }),
      spaceDetail: {
        ...report(detail, { what: `GET /api/spaces/{id} with ${seeded.detailBytes} bytes of files in 5 files` }),
        contentEncoding: detailEncoding,
        wireBytes: detailWireBytes,
        throughputRatioToBareNodeHttpOneMegabyte: Number((detail.requestsPerSec / baselineBig.requestsPerSec).toFixed(4)),
        throughputRatioToBareNodeHttpSameBytes: Number((detail.requestsPerSec / baselineSame.requestsPerSec).toFixed(4)),
      },
    };
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', 'spaces-api.json'), `${JSON.stringify(results, null, 2)}\n`);
    for (const [label, r] of [
      ['bare node:http', baseline],
      ['bare node:http 1 MB body', baselineBig],
      [`bare node:http ${Math.round(detailWireBytes / 1024)} KB body`, baselineSame],
      ['GET /api/health (floor)', health],
      ['GET /api/spaces (100)', list],
      [`GET /api/spaces/{id} (1 MB, ${detailEncoding})`, detail],
    ] as const) {
      const ratio = (r.requestsPerSec / baseline.requestsPerSec).toFixed(3);
      console.log(
        `${label.padEnd(30)} ${r.requestsPerSec.toFixed(0).padStart(7)} req/s  ratio ${ratio}  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  non2xx ${r.non2xx}`,
      );
    }
    console.log(
      `p99 target ${TARGET_P99_MS} ms: list ${results.listSpaces.meetsTarget ? 'met' : 'MISSED'}, detail ${results.spaceDetail.meetsTarget ? 'met' : 'MISSED'}`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await scratch.drop();
  }
}
