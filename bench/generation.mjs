// Benchmark: the AI generation stream (issue 5).
//  - Against a local server speaking the OpenAI streaming protocol at 2,000 tokens per second:
//    time from the upstream writing its first token to the first event at the client (median,
//    target <= 10 ms); delivered rate vs the upstream's (target >= 99 %); 200 concurrent
//    generations with the server's RSS under 400 MB.
//  - The local composer: first visible preview < 300 ms after submitting (its stylesheet whole and its
//    body begun, ADR 0173), complete site < 3 s (issue 21; the spec's bars were 1 s and 5 s).
// The server runs in a child process (so its memory is its own), on an embedded PGlite database.
// Run from the repository root: node --import tsx bench/generation.mjs   -> bench/results/generation.json
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDatabase } from './scratch-database.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOKENS_PER_SECOND = 2000;
const TOKEN = 'abcd'; // 4 characters a token
const LATENCY_RUNS = Number(process.env.BENCH_LATENCY_RUNS ?? 30);
const RATE_TOKENS = Number(process.env.BENCH_RATE_TOKENS ?? 8000);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 200);
const CONCURRENT_TOKENS = Number(process.env.BENCH_CONCURRENT_TOKENS ?? 8000);
/** Arrivals are spread over this many ms (clients do not all press Enter in the same millisecond). */
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 2000);
const COMPOSER_RUNS = Number(process.env.BENCH_COMPOSER_RUNS ?? 5);

// ---------------------------------------------------------------- child: the app under test
async function serveApp(upstreamUrl) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { parseConfig } = await import('../apps/server/src/config.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { users } = await import('../apps/server/src/db/schema/users.ts');
  const { createSession } = await import('../apps/server/src/modules/auth/sessions.ts');
  const { createSpace } = await import('../apps/server/src/modules/spaces/service.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'div-bench-gen-'));
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(tmpdir(), 'div-no-web-build'),
    SESSION_SECRET: 'b'.repeat(64),
    ...(upstreamUrl ? { AI_API_KEY: 'bench', AI_BASE_URL: upstreamUrl } : {}),
  });
  const database = process.env.BENCH_APP_DATABASE_URL
    ? await openDatabase({ url: process.env.BENCH_APP_DATABASE_URL, poolSize: 40 })
    : await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // One person per concurrent generation (each with a space): 200 people generating at once.
  const tokens = [];
  const spaces = [];
  for (let i = 0; i < CONCURRENT + 1; i++) {
    const [user] = await database.db
      .insert(users)
      .values({ name: `Bench ${i}`, email: `bench-${i}-${Date.now()}@example.test`, plan: 'pro' })
      .returning({ id: users.id });
    tokens.push((await createSession(database, { userId: user.id, ttlMs: 3_600_000 })).token);
    spaces.push((await createSpace({ db: database.db, userId: user.id, name: `B${i}` })).id);
  }
  const token = tokens[0];
  process.stdout.write(`${JSON.stringify({ port: app.server.address().port, token, tokens, spaces })}\n`);
}

async function startApp(upstreamUrl, databaseUrl) {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'app', upstreamUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(databaseUrl ? { BENCH_APP_DATABASE_URL: databaseUrl } : {}) },
  });
  const info = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const nl = text.indexOf('\n');
      if (nl >= 0) resolve(JSON.parse(text.slice(0, nl)));
    });
    child.on('exit', (code) => reject(new Error(`app exited ${code}`)));
  });
  return { child, ...info, url: `http://127.0.0.1:${info.port}` };
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

// ---------------------------------------------------------------- the paced upstream
/** Streams `tokens` tokens at 2,000 a second; the first chunk is the opening fence line of index.html. */
function startUpstream() {
  const log = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const tokens = Number(/tokens=(\d+)/.exec(body)?.[1] ?? 1000);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (content) =>
        `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
      const entry = { firstAt: 0, lastAt: 0, chars: 0, closed: false };
      log.push(entry);
      res.on('close', () => {
        entry.closed = true;
      });
      const start = performance.now();
      const tokenChunk = chunk(TOKEN);
      const lineChunk = chunk(`${TOKEN}\n`);
      let sent = 0;
      const opening = '```html index.html\n';
      const tick = () => {
        if (res.destroyed) return;
        const due = Math.min(tokens, Math.floor(((performance.now() - start) * TOKENS_PER_SECOND) / 1000) + 1);
        let out = '';
        while (sent < due) {
          if (sent === 0) {
            out += chunk(opening);
            entry.chars += opening.length;
          } else if (sent % 16 === 15) {
            out += lineChunk;
            entry.chars += TOKEN.length + 1;
          } else {
            out += tokenChunk;
            entry.chars += TOKEN.length;
          }
          sent++;
        }
        if (out) {
          res.write(out);
          const now = performance.now();
          if (!entry.firstAt) entry.firstAt = now;
          entry.lastAt = now;
        }
        if (sent >= tokens) {
          res.write(chunk('\n```\n'));
          res.write(
            `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
          );
          res.end('data: [DONE]\n\n');
          return;
        }
        setTimeout(tick, 2);
      };
      tick();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, log, url: `http://127.0.0.1:${server.address().port}/v1` })),
  );
}

// ---------------------------------------------------------------- client
/** One generation; calls back with (event, receivedAt) and resolves with the events. */
async function generate(app, spaceId, prompt, onEvent, model, token = app.token) {
  const response = await fetch(`${app.url}/api/ask-ai/generate-separate-files`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ prompt, spaceId, ...(model ? { model } : {}) }),
  });
  if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  const events = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const at = performance.now();
    rest += decoder.decode(value, { stream: true });
    let nl = rest.indexOf('\n');
    while (nl >= 0) {
      const line = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      if (line.trim()) {
        const event = JSON.parse(line);
        events.push(event);
        onEvent?.(event, at);
      }
      nl = rest.indexOf('\n');
    }
  }
  return events;
}

/** A generation read without parsing every line (the concurrency run): its last events only. */
async function generateLight(app, spaceId, prompt, model, token) {
  const response = await fetch(`${app.url}/api/ask-ai/generate-separate-files`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ prompt, spaceId, model }),
  });
  if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let tail = '';
  for await (const value of response.body) tail = (tail + decoder.decode(value, { stream: true })).slice(-4096);
  return tail
    .split('\n')
    .filter((line) => line.startsWith('{"type":"done"') || line.startsWith('{"type":"error"'))
    .map((line) => JSON.parse(line));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

async function main() {
  const upstream = await startUpstream();
  const scratch = await scratchDatabase('div_bench_gen');
  const app = await startApp(upstream.url, scratch.url);
  const model = 'google/gemini-2.0-flash-001';
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    tokensPerSecond: TOKENS_PER_SECOND,
    database: scratch.url ? 'postgresql' : 'pglite (embedded, in the server process)',
    loadAverageAtStart: (await import('node:os')).loadavg()[0],
  };
  try {
    // Warm-up.
    await generate(app, app.spaces[0], 'tokens=200', null, model);

    // 1. First token -> first event.
    const latencies = [];
    for (let i = 0; i < LATENCY_RUNS; i++) {
      let firstEventAt = 0;
      const before = upstream.log.length;
      await generate(
        app,
        app.spaces[0],
        'tokens=100',
        (_e, at) => {
          if (!firstEventAt) firstEventAt = at;
        },
        model,
      );
      latencies.push(firstEventAt - upstream.log[before].firstAt);
    }
    result.firstEvent = {
      runs: LATENCY_RUNS,
      medianMs: round(median(latencies)),
      p90Ms: round([...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.9)]),
      targetMs: 10,
    };
    result.firstEvent.pass = result.firstEvent.medianMs <= 10;

    // 2. Delivered rate over a long answer.
    let firstCode = 0;
    let lastCode = 0;
    let delivered = 0;
    const before = upstream.log.length;
    await generate(
      app,
      app.spaces[0],
      `tokens=${RATE_TOKENS}`,
      (event, at) => {
        if (event.type !== 'code' || !event.delta) return;
        if (!firstCode) firstCode = at;
        lastCode = at;
        delivered += event.delta.length;
      },
      model,
    );
    const up = upstream.log[before];
    const upstreamRate = (up.chars - 19) / ((up.lastAt - up.firstAt) / 1000);
    const deliveredRate = delivered / ((lastCode - firstCode) / 1000);
    result.rate = {
      tokens: RATE_TOKENS,
      upstreamCharsPerSecond: Math.round(upstreamRate),
      deliveredCharsPerSecond: Math.round(deliveredRate),
      ratio: round(deliveredRate / upstreamRate, 4),
      target: 0.99,
    };
    result.rate.pass = result.rate.ratio >= 0.99;

    // 3. 200 concurrent generations, the server's RSS sampled every 50 ms.
    let peak = rssMb(app.child.pid);
    const baseline = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(app.child.pid));
    }, 50);
    const started = performance.now();
    const failures = [];
    let inFlight = 0;
    let peakInFlight = 0;
    const outcomes = await Promise.all(
      app.spaces.slice(1, CONCURRENT + 1).map(async (spaceId, i) => {
        await new Promise((r) => setTimeout(r, (RAMP_MS * i) / CONCURRENT));
        inFlight++;
        peakInFlight = Math.max(peakInFlight, inFlight);
        return generateLight(app, spaceId, `tokens=${CONCURRENT_TOKENS}`, model, app.tokens[i + 1])
          .then(
            (events) => {
              const error = events.find((e) => e.type === 'error');
              if (error) failures.push(error.code);
              return events.some((e) => e.type === 'done');
            },
            (error) => {
              failures.push(String(error.message).slice(0, 120));
              return false;
            },
          )
          .finally(() => {
            inFlight--;
          });
      }),
    );
    clearInterval(sampler);
    result.concurrent = {
      generations: CONCURRENT,
      tokensEach: CONCURRENT_TOKENS,
      completed: outcomes.filter(Boolean).length,
      failures: [...new Set(failures)],
      rampMs: RAMP_MS,
      peakInFlight,
      seconds: round((performance.now() - started) / 1000),
      rssBaselineMb: Math.round(baseline),
      rssPeakMb: Math.round(peak),
      targetMb: 400,
    };
    result.concurrent.pass = result.concurrent.completed === CONCURRENT && peak < 400;
  } finally {
    app.child.kill();
    upstream.server.close();
    await new Promise((r) => setTimeout(r, 300));
    await scratch.drop();
  }

  // 4. The local composer at its default pace, in a server without an AI key.
  const composerDb = await scratchDatabase('div_bench_gen');
  const composer = await startApp('', composerDb.url);
  try {
    const firstPreview = [];
    const complete = [];
    for (let i = 0; i < COMPOSER_RUNS; i++) {
      const spaceId = composer.spaces[i];
      const started = performance.now();
      let visible = 0;
      let html = '';
      const events = await generate(
        composer,
        spaceId,
        'Una web para una cafetería llamada Café Aurora con menú, galería y contacto',
        (event, at) => {
          if (event.type === 'code' && event.path === 'index.html') {
            html += event.delta;
            // Visible: the page has started its body (the preview shows something).
            if (!visible && /<body[^>]*>[\s\S]*<\w/i.test(html)) visible = at;
          }
        },
        undefined,
        composer.tokens[i],
      );
      if (!events.some((e) => e.type === 'done')) throw new Error('composer generation did not finish');
      firstPreview.push(visible - started);
      complete.push(performance.now() - started);
    }
    result.composer = {
      runs: COMPOSER_RUNS,
      firstVisiblePreviewMedianMs: Math.round(median(firstPreview)),
      completeSiteMedianMs: Math.round(median(complete)),
      targets: { firstVisiblePreviewMs: 300, completeSiteMs: 3000 },
    };
    result.composer.pass = result.composer.firstVisiblePreviewMedianMs < 300 && result.composer.completeSiteMedianMs < 3000;
  } finally {
    composer.child.kill();
    await new Promise((r) => setTimeout(r, 300));
    await composerDb.drop();
  }

  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'generation.json'), `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}

if (process.argv[2] === 'app') await serveApp(process.argv[3] ?? '');
else await main();
