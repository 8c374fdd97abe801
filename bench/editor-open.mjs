// Benchmark: opening a space with 5 files of 200 KB each in headless Chromium, until the editor is
// interactive (CodeMirror mounted with the file) and the preview is ready (its runtime reported the
// load). Median of 5 cold opens (fresh browser context each). Target: under 1 s.
// Also prints the editor route's JavaScript, everything loaded before it is interactive, gzipped
// (target: at most 300 KB).
// Run from the repository root after building the web app:
//   (cd apps/web && ../../node_modules/.bin/vite build --outDir /tmp/div-web-bench --emptyOutDir)
//   BENCH_WEB_DIST=/tmp/div-web-bench node --import tsx bench/editor-open.mjs
// BENCH_VERBOSE=1 prints the request waterfall and the scripts; BENCH_TRACE=/tmp/x.json writes a
// DevTools trace (all processes) and a CPU profile (/tmp/x.cpuprofile) of the second open (ADR 0064).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FILE_BYTES = 200 * 1024;
const TARGET_MS = 1000;
const TARGET_JS_KB = 300;
const webDist = path.resolve(process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`No web build in ${webDist}: build it first (see the header of this file).`);
  process.exit(1);
}

/** Realistic-looking content of about `bytes` bytes, repeated blocks of its kind. */
function filler(kind, bytes) {
  const blocks = {
    html: (i) =>
      `    <section id="s${i}" class="card"><h2>Sección ${i}</h2><p>Texto de la sección ${i}, con contenido suficiente para parecer real.</p></section>\n`,
    css: (i) => `.card-${i} { padding: ${i % 24}px; margin: 0 auto; color: #1f2937; background: #f9fafb; border-radius: 8px; }\n`,
    js: (i) => `function handler${i}(event) { const value = event.target.value * ${i}; return value > 10 ? value : ${i}; }\n`,
  };
  let out = '';
  for (let i = 0; ; i++) {
    const next = blocks[kind](i);
    if (out.length + next.length > bytes) break;
    out += next;
  }
  // Whole blocks only (valid code), padded with spaces to the exact size.
  return out + ' '.repeat(bytes - out.length);
}

function siteFiles() {
  const head =
    '<!DOCTYPE html>\n<html lang="es">\n  <head>\n    <meta charset="utf-8" />\n    <link rel="stylesheet" href="style.css" />\n    <link rel="stylesheet" href="extra.css" />\n  </head>\n  <body>\n    <h1 id="bench-title">Benchmark</h1>\n';
  const tail = '    <script src="script.js"></script>\n    <script src="extra.js"></script>\n  </body>\n</html>\n';
  return [
    { path: 'index.html', content: head + filler('html', FILE_BYTES - head.length - tail.length) + tail },
    { path: 'style.css', content: filler('css', FILE_BYTES) },
    { path: 'extra.css', content: filler('css', FILE_BYTES) },
    { path: 'script.js', content: filler('js', FILE_BYTES) },
    { path: 'extra.js', content: filler('js', FILE_BYTES) },
  ];
}

/** Records a DevTools timeline trace (all processes, the preview frame's too) until `stop(file)`. */
async function startTrace(page) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing,loading',
    transferMode: 'ReportEvents',
  });
  return {
    async stop(file) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(file.replace(/(\.json)?$/, '.cpuprofile'), JSON.stringify(profile));
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
    },
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'div-bench-editor-'));
const config = parseConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WEB_DIST: webDist,
  SESSION_SECRET: randomBytes(32).toString('hex'),
});
const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
const app = await buildApp(config, { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;

const [user] = await database.db
  .insert(users)
  .values({ name: 'Bench', email: 'editor@bench.test', plan: 'pro' })
  .returning({ id: users.id });
const { token, expiresAt } = await createSession({ db: database.db }, { userId: user.id, ttlMs: 3_600_000 });
const call = async (method, url, body) => {
  const response = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
};
const { space } = await call('POST', '/api/spaces', { name: 'Benchmark' });
await call('PUT', `/api/spaces/${space.id}/files`, { revision: space.revision, files: siteFiles(), replaceAll: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const session = { token, user: { name: 'Bench', picture: null }, expiresAt: expiresAt.getTime() };
const times = [];
const interactiveTimes = [];
let jsBytes = 0;
let jsFiles = 0;
let lazyBytes = 0;
try {
  for (let run = 0; run < RUNS + 1; run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((stored) => {
      localStorage.setItem('div_user_session', JSON.stringify(stored));
      localStorage.setItem('div_auth_token', stored.token);
      localStorage.setItem('div_cookie_consent', 'false');
    }, session);
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    // BENCH_TRACE=<file>: a Chromium performance trace of the second open (chrome://tracing, DevTools).
    const tracing = process.env.BENCH_TRACE && run === 1 ? await startTrace(page) : null;
    await page.goto(`${base}/space/${space.id}`);
    // Interactive: CodeMirror is mounted with the file and takes input. Language highlighting loads
    // lazily afterwards, once the preview has loaded (counted apart).
    await page.waitForFunction(() => document.querySelector('.cm-content[contenteditable="true"]') !== null, undefined, {
      timeout: 30_000,
      polling: 'raf',
    });
    const beforeInteractive = scripts.length;
    const interactiveAt = await page.evaluate(() => performance.now());
    await page
      .waitForFunction(
        () =>
          document.querySelector('.cm-content')?.textContent?.includes('Benchmark') &&
          document.querySelector('[data-runtime="ready"]') !== null,
        undefined,
        { timeout: 30_000, polling: 'raf' },
      )
      .catch(async (error) => {
        await page.screenshot({ path: path.join(tmpdir(), 'div-bench-editor-open-failure.png') });
        throw error;
      });
    // Time from the start of the navigation to the moment both were true.
    const elapsed = await page.evaluate(() => performance.now());
    if (tracing) await tracing.stop(process.env.BENCH_TRACE);
    if (process.env.BENCH_VERBOSE && run === 1) {
      // Where the time goes: when each request of the waterfall started and ended.
      const entries = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => /api\/|preview\/|assets\/.*\.js$/.test(entry.name))
          .map(
            (entry) =>
              `${entry.startTime.toFixed(0).padStart(6)} → ${entry.responseEnd.toFixed(0).padStart(6)} ms  ${new URL(entry.name).pathname}`,
          ),
      );
      for (const line of entries) console.log(`  ${line}`);
      console.log(`  interactive at ${interactiveAt.toFixed(0)} ms, preview ready at ${elapsed.toFixed(0)} ms`);
    }
    if (run === 0) {
      // The first open warms the server (file cache, JIT); it counts only for the JS size. The
      // highlighting chunks load after the preview: wait for the network to settle to count them.
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
      for (const [index, response] of scripts.entries()) {
        const body = await response.body().catch(() => null);
        if (!body) continue;
        const size = gzipSync(body, { level: 9 }).length;
        const lazy = index >= beforeInteractive;
        if (process.env.BENCH_VERBOSE) {
          console.log(
            `  ${(size / 1024).toFixed(1).padStart(6)} KB  ${lazy ? '(after) ' : ''}${response.url().replace(base, '')}`,
          );
        }
        if (lazy) lazyBytes += size;
        else {
          jsBytes += size;
          jsFiles++;
        }
      }
    } else {
      times.push(elapsed);
      interactiveTimes.push(interactiveAt);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
  await database.close?.();
}

times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const kb = jsBytes / 1024;
console.log(`editor open (5 files x 200 KB): runs ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
interactiveTimes.sort((a, b) => a - b);
console.log(`  editor interactive alone: median ${interactiveTimes[Math.floor(interactiveTimes.length / 2)].toFixed(0)} ms`);
console.log(`  median ${median.toFixed(0)} ms (target < ${TARGET_MS} ms) ${median < TARGET_MS ? 'OK' : 'OVER'}`);
console.log(
  `editor route JS before interactive: ${kb.toFixed(1)} KB gzipped in ${jsFiles} files (target <= ${TARGET_JS_KB} KB) ${kb <= TARGET_JS_KB ? 'OK' : 'OVER'}`,
);
console.log(`  loaded after it is interactive (language highlighting): ${(lazyBytes / 1024).toFixed(1)} KB gzipped`);
process.exit(0);
