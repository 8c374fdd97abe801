// Benchmark: editing one space together (issue 25, ADR 0213).
//  BENCH_EDITORS (20) editors on one space over real WebSockets against a real server in its own
//  process (PostgreSQL: BENCH_APP_DATABASE_URL or a scratch database on the machine's server; the
//  embedded database when none answers). Each types one character every BENCH_TYPE_MS (150 ms) at a
//  random place of the same file for BENCH_SECONDS (15 s). Keystroke-to-peer latency: from the
//  insert in one editor to the moment each other editor's document holds it (p50/p99 over every
//  keystroke × peer). Then BENCH_DOCS (40) more spaces (a ~30 KB three-file site each) are opened,
//  one editor each: the server's heap per open document, with its editor connected and after it
//  left (the document stays open 30 s). Target: p99 < 100 ms. Writes bench/results/realtime.json.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');
const EDITORS = Number(process.env.BENCH_EDITORS ?? 20);
const TYPE_MS = Number(process.env.BENCH_TYPE_MS ?? 150);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const DOCS = Number(process.env.BENCH_DOCS ?? 40);

/** A site of three files, about 30 KB: what a generated space looks like. */
function site(n) {
  const sections = Array.from(
    { length: 60 },
    (_, i) =>
      `  <section id="s${i}" class="card">\n    <h2>Sección ${i} del sitio ${n}</h2>\n    <p>Pan de masa madre, café de especialidad y bollería del día. Abrimos de martes a domingo.</p>\n  </section>`,
  ).join('\n');
  const html = `<!DOCTYPE html>\n<html lang="es">\n<head><meta charset="utf-8"><title>Sitio ${n}</title><link rel="stylesheet" href="style.css"></head>\n<body>\n<main>\n${sections}\n</main>\n<script src="script.js"></script>\n</body>\n</html>\n`;
  const css = Array.from(
    { length: 120 },
    (_, i) => `.c${i} { margin: ${i}px; padding: ${i % 7}px; color: #3b3b${(i % 90) + 10}; }`,
  ).join('\n');
  const js =
    `document.querySelectorAll('.card').forEach((card, i) => card.addEventListener('click', () => card.classList.toggle('open')));\n`.repeat(
      12,
    );
  return [
    { path: 'index.html', content: html },
    { path: 'style.css', content: css },
    { path: 'script.js', content: js },
  ];
}

if (process.argv[2] === 'server') await serve();
else await measure();

/** The server process: the app on a real port, the people and spaces, and its heap on request. */
async function serve() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { parseConfig } = await import('../apps/server/src/config.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { users } = await import('../apps/server/src/db/schema/users.ts');
  const { createSession } = await import('../apps/server/src/modules/auth/sessions.ts');
  const { scratchDatabase } = await import('./scratch-database.mjs');

  const scratch = process.env.BENCH_APP_DATABASE_URL
    ? { url: process.env.BENCH_APP_DATABASE_URL, drop: async () => {} }
    : await scratchDatabase('div_bench_realtime');
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'div-bench-realtime-')),
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
    return { ...user, token: (await createSession(database, { userId: user.id, ttlMs: 3_600_000 })).token };
  };
  const call = async (token, method, url, payload) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const newSpace = async (token, name, n) => {
    const { space } = await call(token, 'POST', '/api/spaces', { name });
    await call(token, 'PUT', `/api/spaces/${space.id}/files`, { revision: space.revision, files: site(n), replaceAll: true });
    return space.id;
  };

  const owner = await session('Dueña', 'pro');
  const team = [owner];
  const shared = await newSpace(owner.token, 'Equipo', 0);
  for (let i = 1; i < EDITORS; i++) {
    const member = await session(`Editor${i}`);
    const { link } = await call(owner.token, 'POST', `/api/spaces/${shared}/invitations`, {
      email: member.email,
      role: 'editor',
    });
    await call(member.token, 'POST', `/api/invitations/${link.slice(link.lastIndexOf('/') + 1)}/accept`);
    team.push(member);
  }
  const others = [];
  for (let i = 0; i < DOCS; i++) others.push(await newSpace(owner.token, `Sitio ${i + 1}`, i + 1));

  const loop = monitorEventLoopDelay({ resolution: 5 });
  process.on('message', async (message) => {
    if (message === 'typing') {
      loop.reset();
      loop.enable();
    } else if (message === 'typed') {
      loop.disable();
      process.send({ type: 'loop', p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 });
    } else if (message === 'memory') {
      for (let i = 0; i < 3; i++) globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { heapUsed, rss } = process.memoryUsage();
      process.send({ type: 'memory', heapUsed, rss });
    } else if (message === 'stop') {
      await app.close();
      await database.close();
      await scratch.drop();
      process.exit(0);
    }
  });
  process.send({
    type: 'ready',
    url: `http://127.0.0.1:${app.server.address().port}`,
    database: scratch.url ? 'postgresql' : 'pglite',
    shared,
    tokens: team.map((person) => person.token),
    others,
    siteBytes: site(1).reduce((sum, file) => sum + Buffer.byteLength(file.content), 0),
  });
}

/** The editors' process: connects, types, and times when each keystroke reaches each peer. */
async function measure() {
  const Y = await import('yjs');
  const { connectEditor } = await import('../apps/server/src/test/realtime-client.ts');
  const { percentile } = await import('./closed-loop.mjs');

  const server = fork(self, ['server'], { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: 'inherit' });
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
  const until = async (check, what, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  // Keystroke → peer: the sender notes when it made each item (client id, clock); every peer notes
  // when an update carrying that item arrived.
  const sentAt = new Map();
  const latencies = [];
  const editors = info.tokens.map((token) => {
    const doc = new Y.Doc();
    const editor = connectEditor({ baseUrl: info.url, spaceId: info.shared, token, doc });
    doc.on('update', (update, origin) => {
      if (origin !== editor.socket) return;
      const now = performance.now();
      for (const struct of Y.decodeUpdate(update).structs) {
        const started = sentAt.get(`${struct.id.client}:${struct.id.clock}`);
        if (started !== undefined) latencies.push(now - started);
      }
    });
    return editor;
  });
  await Promise.all(editors.map((editor) => editor.synced));
  await until(() => editors.every((editor) => editor.text('index.html').length > 0), 'every editor holds the files');

  let keystrokes = 0;
  // How late each process's event loop ran while typing: a figure far above the latency's share
  // says the machine's cores were busy elsewhere.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  server.send('typing');
  const typing = editors.map((editor, i) => {
    const text = editor.doc.getMap('files').get('index.html');
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    // Spread the editors' starts over one typing interval, as people do.
    return new Promise((resolve) =>
      setTimeout(
        () => {
          const timer = setInterval(() => {
            const clock = Y.getState(editor.doc.store, editor.doc.clientID);
            sentAt.set(`${editor.doc.clientID}:${clock}`, performance.now());
            text.insert(Math.floor(Math.random() * text.length), letters[(keystrokes + i) % 26]);
            keystrokes += 1;
          }, TYPE_MS);
          setTimeout(() => {
            clearInterval(timer);
            resolve();
          }, SECONDS * 1000);
        },
        (TYPE_MS * i) / editors.length,
      ),
    );
  });
  await Promise.all(typing);
  loop.disable();
  server.send('typed');
  const serverLoop = await reply();
  const expected = keystrokes * (editors.length - 1);
  await until(() => latencies.length >= expected, `every keystroke at every peer (${latencies.length}/${expected})`);
  const final = editors[0].text('index.html');
  const converged = editors.every((editor) => editor.text('index.html') === final);
  await Promise.all(editors.map((editor) => editor.saved()));
  for (const editor of editors) editor.close();
  await Promise.all(editors.map((editor) => editor.closed));

  // Memory per open document: the server's heap before, with DOCS documents open and one editor in
  // each, and after the editors left (documents stay open 30 s after the last one leaves).
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = await memory();
  const visitors = info.others.map((spaceId) => connectEditor({ baseUrl: info.url, spaceId, token: info.tokens[0] }));
  await Promise.all(visitors.map((editor) => editor.synced));
  await until(() => visitors.every((editor) => editor.text('index.html').length > 0), 'documents open');
  const withEditors = await memory();
  for (const editor of visitors) editor.close();
  await Promise.all(visitors.map((editor) => editor.closed));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const left = await memory();
  server.send('stop');
  await new Promise((resolve) => server.once('exit', resolve));

  latencies.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  const kb = (bytes) => Math.round(bytes / 1024);
  const summary = {
    database: info.database,
    editors: editors.length,
    typingEveryMs: TYPE_MS,
    seconds: SECONDS,
    keystrokes,
    deliveries: latencies.length,
    converged,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies[latencies.length - 1]),
    targetP99Ms: 100,
    met: percentile(latencies, 99) < 100,
    serverEventLoopDelayP99Ms: round(serverLoop.p99Ms),
    editorsEventLoopDelayP99Ms: round(loop.percentile(99) / 1e6),
    loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
    documents: DOCS,
    siteKB: kb(info.siteBytes),
    heapPerDocumentKB: kb((left.heapUsed - before.heapUsed) / DOCS),
    heapPerDocumentWithEditorKB: kb((withEditors.heapUsed - before.heapUsed) / DOCS),
    rssPerDocumentWithEditorKB: kb((withEditors.rss - before.rss) / DOCS),
  };
  console.log(summary);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/realtime.json'), `${JSON.stringify(summary, null, 2)}\n`);
  if (!converged) {
    console.error('the editors did not end with the same text');
    process.exit(1);
  }
  process.exit(0);
}
