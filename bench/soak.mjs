// Soak (issue 36, "Done when"): BENCH_MEMBERS (50) members of one space, each over its own realtime
// WebSocket, move their presence (cursor and open file) every BENCH_PRESENCE_MS (1000 ms) and type a
// character every BENCH_TYPE_MS (2000 ms) into the same document, while BENCH_UPLOADS (4) uploads of
// the 397-byte filter SVG (feTurbulence + feGaussianBlur over 1600×1600, the rect four times)
// run back to back at once, for BENCH_SECONDS (600 s). Meanwhile GET /api/health is timed every
// 250 ms (p50, p99, max) and the server's heap and RSS are read every 5 s (first, last, most). The
// server runs in a process of its own (the embedded database unless BENCH_APP_DATABASE_URL names a
// PostgreSQL). Target: health p99 under 100 ms and memory flat. Writes bench/results/soak.json.
// Not part of `npm test`: `node --import tsx bench/soak.mjs` (or `npm run bench -- soak`).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const PRESENCE_MS = Number(process.env.BENCH_PRESENCE_MS ?? 1000);
const TYPE_MS = Number(process.env.BENCH_TYPE_MS ?? 2000);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
const HEALTH_MS = 250;
const MEMORY_MS = 5000;

/** The upload: 397 bytes that ask for seconds of filter work over 1600×1600 pixels. */
const FILTER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="10"/><feGaussianBlur stdDeviation="40"/></filter><rect width="1600" height="1600" filter="url(#f)"/><rect width="1600" height="1600" filter="url(#f)"/><rect width="1600" height="1600" filter="url(#f)"/><rect width="1600" height="1600" filter="url(#f)"/></svg>`;

if (process.argv[2] === 'server') await serve();
else await measure();

/** The server process: the app on a real port, the members and the space, its memory on request. */
async function serve() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { parseConfig } = await import('../apps/server/src/config.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { users } = await import('../apps/server/src/db/schema/users.ts');
  const { createSession } = await import('../apps/server/src/modules/auth/sessions.ts');
  const { realtimeOfApp } = await import('../apps/server/src/modules/realtime/realtime.ts');

  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    ...(process.env.BENCH_APP_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_APP_DATABASE_URL } : {}),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'div-bench-soak-')),
    WEB_DIST: path.join(tmpdir(), 'div-no-web-build'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
  });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const session = async (name, plan = 'free') => {
    const [user] = await database.db
      .insert(users)
      .values({ name, email: `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@example.test`, plan })
      .returning({ id: users.id, email: users.email });
    return { email: user.email, token: (await createSession(database, { userId: user.id, ttlMs: 6 * 3_600_000 })).token };
  };
  const call = async (token, method, url, payload) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const { token: owner } = await session('Dueña', 'pro');
  const tokens = [owner];
  const { space } = await call(owner, 'POST', '/api/spaces', { name: 'Soak' });
  const page = `<!DOCTYPE html>\n<html lang="es"><head><title>Soak</title></head><body>\n${'<p>Texto.</p>\n'.repeat(200)}</body></html>\n`;
  await call(owner, 'PUT', `/api/spaces/${space.id}/files`, {
    revision: space.revision,
    files: [{ path: 'index.html', content: page }],
    replaceAll: true,
  });
  // Members straight into the table: fifty is past every plan's own limit, and the bench measures
  // load, not the invitation flow.
  const { spaceMembers } = await import('../apps/server/src/db/schema/members.ts');
  for (let i = 1; i < MEMBERS; i++) {
    const member = await session(`Miembro${i}`);
    const [row] = await database.db
      .select({ id: users.id })
      .from(users)
      .where((await import('drizzle-orm')).eq(users.email, member.email));
    await database.db.insert(spaceMembers).values({ spaceId: space.id, userId: row.id, role: i % 5 === 0 ? 'viewer' : 'editor' });
    tokens.push(member.token);
  }
  process.on('message', async (message) => {
    if (message === 'memory') {
      const { heapUsed, rss } = process.memoryUsage();
      process.send({ type: 'memory', heapUsed, rss, realtime: realtimeOfApp(app)?.stats() });
    } else if (message === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send({ type: 'ready', url: `http://127.0.0.1:${app.server.address().port}`, spaceId: space.id, tokens });
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}
function mb(bytes) {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

/** The members' process: connects them, keeps them busy, uploads, and times health. */
async function measure() {
  const { connectEditor } = await import('../apps/server/src/test/realtime-client.ts');
  const server = fork(self, ['server'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const replies = [];
  const waiting = [];
  server.on('message', (message) => {
    const wake = waiting.shift();
    if (wake) wake(message);
    else replies.push(message);
  });
  const reply = () => (replies.length ? Promise.resolve(replies.shift()) : new Promise((resolve) => waiting.push(resolve)));
  const info = await reply();
  const memory = async () => {
    server.send('memory');
    return reply();
  };

  const members = info.tokens.map((token) => connectEditor({ baseUrl: info.url, spaceId: info.spaceId, token }));
  await Promise.all(members.map((member) => member.synced));
  console.log(`${members.length} members connected; soaking for ${SECONDS} s`);
  const started = Date.now();
  const end = started + SECONDS * 1000;
  const timers = [];
  let typed = 0;
  let moved = 0;
  const closes = [];
  for (const [i, member] of members.entries()) {
    member.closed.then(({ code }) => closes.push(code));
    const color = `#${(i * 4099).toString(16).padStart(6, '0').slice(-6)}`;
    timers.push(
      setInterval(() => {
        member.awareness.setLocalState({
          user: { name: `m${i}`, color, colorLight: `${color}33` },
          file: 'index.html',
          cursor: { anchor: Math.floor(Math.random() * 2000), head: Math.floor(Math.random() * 2000) },
        });
        moved += 1;
      }, PRESENCE_MS),
    );
    // Viewers (every fifth member) only look; the others type.
    if (i % 5 !== 0 || i === 0) {
      timers.push(
        setTimeout(() => {
          timers.push(
            setInterval(() => {
              const text = member.doc.getMap('files').get('index.html');
              if (!text) return;
              text.insert(Math.floor(Math.random() * text.length), 'x');
              typed += 1;
            }, TYPE_MS),
          );
        }, Math.random() * TYPE_MS),
      );
    }
  }

  const uploads = { done: 0, statuses: {}, ms: [] };
  const owner = info.tokens[0];
  const uploader = async (n) => {
    for (let k = 0; Date.now() < end; k++) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${info.url}/api/spaces/${info.spaceId}/images?name=filtro-${n}-${k}.svg`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner}`, 'content-type': 'image/svg+xml' },
          body: FILTER_SVG,
          signal: AbortSignal.timeout(120_000),
        });
        await res.arrayBuffer();
        uploads.statuses[res.status] = (uploads.statuses[res.status] ?? 0) + 1;
        // Refused quickly (a rate limit, say): wait a little, as a person would, before the next.
        if (res.status === 429) await new Promise((resolve) => setTimeout(resolve, 1000));
      } catch (error) {
        uploads.statuses[error.name] = (uploads.statuses[error.name] ?? 0) + 1;
      }
      uploads.ms.push(performance.now() - t0);
      uploads.done += 1;
    }
  };
  const uploading = Array.from({ length: UPLOADS }, (_, n) => uploader(n));

  const health = [];
  const healthLoop = (async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${info.url}/api/health`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        health.push(res.status === 200 ? performance.now() - t0 : Number.POSITIVE_INFINITY);
      } catch {
        health.push(Number.POSITIVE_INFINITY);
      }
      await new Promise((resolve) => setTimeout(resolve, HEALTH_MS));
    }
  })();

  const samples = [];
  const memoryLoop = (async () => {
    while (Date.now() < end) {
      const m = await memory();
      samples.push({ s: Math.round((Date.now() - started) / 1000), heapMb: mb(m.heapUsed), rssMb: mb(m.rss), ...m.realtime });
      const last = samples.at(-1);
      const sorted = [...health].sort((a, b) => a - b);
      console.log(
        `${last.s}s heap ${last.heapMb} MB rss ${last.rssMb} MB presence ${last.presence} conns ${last.connections} ` +
          `health p99 ${percentile(sorted, 99).toFixed(1)} ms uploads ${uploads.done}`,
      );
      await new Promise((resolve) => setTimeout(resolve, MEMORY_MS));
    }
  })();

  await Promise.all([healthLoop, memoryLoop, ...uploading]);
  for (const timer of timers) clearInterval(timer);
  const sorted = [...health].sort((a, b) => a - b);
  const uploadMs = [...uploads.ms].sort((a, b) => a - b);
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
    seconds: SECONDS,
    members: MEMBERS,
    typed,
    presenceUpdates: moved,
    closedConnections: closes.length,
    health: {
      checks: sorted.length,
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
      maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
      over100Ms: sorted.filter((ms) => ms > 100).length,
    },
    uploads: {
      done: uploads.done,
      statuses: uploads.statuses,
      p50Ms: Math.round(percentile(uploadMs, 50)),
      maxMs: Math.round(uploadMs.at(-1) ?? 0),
    },
    memory: {
      firstHeapMb: samples[0]?.heapMb,
      lastHeapMb: samples.at(-1)?.heapMb,
      maxHeapMb: Math.max(...samples.map((s) => s.heapMb)),
      firstRssMb: samples[0]?.rssMb,
      lastRssMb: samples.at(-1)?.rssMb,
      maxRssMb: Math.max(...samples.map((s) => s.rssMb)),
      presenceEntriesMax: Math.max(...samples.map((s) => s.presence ?? 0)),
    },
    samples,
  };
  console.log(JSON.stringify({ ...result, samples: undefined }, null, 2));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/soak.json'), `${JSON.stringify(result, null, 2)}\n`);
  for (const member of members) member.close();
  server.send('stop');
  await new Promise((resolve) => server.once('exit', resolve));
}
