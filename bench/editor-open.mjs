// Benchmark: opening a space with 5 files of 200 KB each in headless Chromium, until the editor is
// interactive (CodeMirror mounted with the file) and the preview is ready (its runtime reported the
// load). Median of 5 cold opens (fresh browser context each). Target: under 1 s.
// Also prints the editor route's JavaScript, everything loaded before it is interactive, gzipped
// (target: at most 300 KB), and the preview's re-render after a keystroke in a 200 KB document
// (target: the 300 ms debounce plus under 50 ms of work; median of RERENDERS keystrokes).
// Writes bench/results/editor-open.json.
// Run from the repository root after building the web app:
//   (cd apps/web && ../../node_modules/.bin/vite build --outDir /tmp/div-web-bench --emptyOutDir)
//   BENCH_WEB_DIST=/tmp/div-web-bench node --import tsx bench/editor-open.mjs
// BENCH_VERBOSE=1 prints the request waterfall and the scripts; BENCH_TRACE=/tmp/x.json writes a
// DevTools trace (all processes) and a CPU profile (/tmp/x.cpuprofile) of the second open (ADR 0064).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RERENDERS = Number(process.env.BENCH_RERENDERS ?? 9);
const DEBOUNCE_MS = 300;
const TARGET_WORK_MS = 50;
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

/** A 200 KB page that needs no other file: its style and script are inline. */
function standalonePage() {
  const head =
    '<!DOCTYPE html>\n<html lang="es">\n  <head>\n    <meta charset="utf-8" />\n    <style>.card { padding: 8px; border-radius: 8px; }</style>\n  </head>\n  <body>\n    <h1 id="bench-title">Benchmark</h1>\n';
  const tail = '    <script>document.title = "Benchmark";</script>\n  </body>\n</html>\n';
  return head + filler('html', FILE_BYTES - head.length - tail.length) + tail;
}

/** The preview frame on show (not the hidden standby one). */
async function shownFrame(page) {
  return (await page.$('[data-testid="preview-frame"]'))?.contentFrame();
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
// The re-render bar's space: one page whose assembled preview document is 200 KB.
const { space: page200 } = await call('POST', '/api/spaces', { name: 'Página de 200 KB' });
await call('PUT', `/api/spaces/${page200.id}/files`, {
  revision: page200.revision,
  files: [{ path: 'index.html', content: standalonePage() }],
  replaceAll: true,
});

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
const session = { token, user: { name: 'Bench', picture: null }, expiresAt: expiresAt.getTime() };
/** A fresh browser context (cold caches) whose stored session is the benchmark user's. */
async function signedInPage() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((stored) => {
    localStorage.setItem('div_user_session', JSON.stringify(stored));
    localStorage.setItem('div_auth_token', stored.token);
    localStorage.setItem('div_cookie_consent', 'false');
  }, session);
  return { context, page: await context.newPage() };
}
const times = [];
const interactiveTimes = [];
let jsBytes = 0;
let jsFiles = 0;
let lazyBytes = 0;
const rerenders = [];
const bareRenders = [];
let shownDocument = '';
try {
  for (let run = 0; run < RUNS + 1; run++) {
    const { context, page } = await signedInPage();
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
  // The preview's re-render after a keystroke, in the 200 KB page: from the key press to the new
  // document's runtime reporting "ready", in a warm editor (highlighting loaded). The work is that
  // time less the debounce; it is split into the app's part (key press to the new frame committed
  // with the document) and the frame's (its host page, writing and running the document).
  {
    const { context, page } = await signedInPage();
    await page.goto(`${base}/space/${page200.id}`);
    await page.waitForSelector('[data-runtime="ready"]', { state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(2500);
    await page.click('.cm-content');
    await page.keyboard.press('Control+End');
    for (let i = 0; i < RERENDERS + 1; i++) {
      await page.evaluate(() => {
        const rec = { key: 0, committed: 0, ready: 0 };
        window.__rerender = rec;
        if (window.__rerenderHooked) return;
        window.__rerenderHooked = true;
        addEventListener(
          'keydown',
          () => {
            if (!window.__rerender.key) window.__rerender.key = performance.now();
          },
          true,
        );
        const panel = document.querySelector('[data-runtime]');
        new MutationObserver(() => {
          const r = window.__rerender;
          const status = panel.getAttribute('data-runtime');
          if (r.key && status === 'loading' && !r.committed) r.committed = performance.now();
          if (r.committed && status === 'ready' && !r.ready) r.ready = performance.now();
        }).observe(panel, { attributes: true, attributeFilter: ['data-runtime'] });
      });
      await page.keyboard.type('Z');
      await page.waitForFunction(() => window.__rerender.ready > 0, undefined, { timeout: 10_000, polling: 'raf' });
      const rec = await page.evaluate(() => window.__rerender);
      // The frame shows the edit: its text ends with the letters typed so far.
      const shown = await shownFrame(page).then((frame) => frame?.evaluate(() => document.body.textContent.trim()));
      if (!shown?.endsWith('Z'.repeat(i + 1))) throw new Error('the preview does not show the typed text');
      if (i > 0)
        rerenders.push({
          total: rec.ready - rec.key,
          app: rec.committed - rec.key - DEBOUNCE_MS,
          frame: rec.ready - rec.committed,
        });
      if (process.env.BENCH_VERBOSE) console.log('  re-render', JSON.stringify(rec));
      await page.waitForTimeout(400);
    }
    // The document the preview last showed (the app's own assembly, runtime included), for the baseline.
    shownDocument = await shownFrame(page).then((frame) =>
      frame?.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`),
    );
    await context.close();
  }

  // Baseline: the browser alone rendering the same document. A bare page (no app) holds the preview
  // host page in the same sandboxed frame; the time from handing it the document to its runtime's
  // "ready" is what Chromium needs to parse, lay out and load the page.
  {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.route(`${base}/bench-bare`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!DOCTYPE html><html><body style="margin:0"></body></html>' }),
    );
    await page.goto(`${base}/bench-bare`);
    for (let i = 0; i < RERENDERS + 1; i++) {
      const ms = await page.evaluate(async (html) => {
        const frame = document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-modals');
        frame.src = '/preview/frame';
        frame.style.cssText = 'width: 700px; height: 780px; border: 0';
        // When the frame next posts `type` (at most 10 s).
        const next = (type) =>
          new Promise((resolve, reject) => {
            setTimeout(() => reject(new Error(`the frame sent no ${type}`)), 10_000);
            addEventListener('message', function on(event) {
              if (event.source === frame.contentWindow && event.data?.type === type) {
                removeEventListener('message', on);
                resolve(performance.now());
              }
            });
          });
        const hostReady = next('host-ready');
        document.body.replaceChildren(frame);
        await hostReady;
        await new Promise((resolve) => setTimeout(resolve, 300));
        const ready = next('ready');
        const sent = performance.now();
        frame.contentWindow.postMessage({ source: 'div-editor', type: 'render', html }, '*');
        return (await ready) - sent;
      }, shownDocument);
      if (i > 0) bareRenders.push(ms);
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
const middle = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const rerender = {
  keystrokes: rerenders.length,
  medianTotalMs: +middle(rerenders.map((r) => r.total)).toFixed(1),
  medianWorkMs: +middle(rerenders.map((r) => r.total - DEBOUNCE_MS)).toFixed(1),
  medianAppWorkMs: +middle(rerenders.map((r) => r.app)).toFixed(1),
  medianFrameMs: +middle(rerenders.map((r) => r.frame)).toFixed(1),
  baselineBrowserMs: +middle(bareRenders).toFixed(1),
};
console.log(
  `preview re-render after a keystroke (200 KB document): median ${rerender.medianTotalMs} ms = ${DEBOUNCE_MS} ms debounce + ${rerender.medianWorkMs} ms of work (app ${rerender.medianAppWorkMs} ms, frame ${rerender.medianFrameMs} ms)`,
);
console.log(
  `  baseline: the browser alone renders the same document in ${rerender.baselineBrowserMs} ms (ratio of the frame's part ${(rerender.medianFrameMs / rerender.baselineBrowserMs).toFixed(2)}); the app's work ${rerender.medianAppWorkMs} ms`,
);
console.log(
  `  work past the debounce < ${TARGET_WORK_MS} ms: the app's ${rerender.medianAppWorkMs < TARGET_WORK_MS ? 'OK' : 'OVER'}, until the page is shown ${rerender.medianWorkMs < TARGET_WORK_MS ? 'OK' : 'OVER'}`,
);
mkdirSync(path.resolve('bench/results'), { recursive: true });
writeFileSync(
  path.resolve('bench/results/editor-open.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      open: {
        runsMs: times.map((t) => Math.round(t)),
        medianMs: Math.round(median),
        interactiveMedianMs: Math.round(middle(interactiveTimes)),
        targetMs: TARGET_MS,
      },
      routeJsKB: +kb.toFixed(1),
      targetJsKB: TARGET_JS_KB,
      rerender: { ...rerender, debounceMs: DEBOUNCE_MS, targetWorkMs: TARGET_WORK_MS },
      pass: {
        open: median < TARGET_MS,
        routeJs: kb <= TARGET_JS_KB,
        rerenderAppWork: rerender.medianAppWorkMs < TARGET_WORK_MS,
        rerenderUntilShown: rerender.medianWorkMs < TARGET_WORK_MS,
      },
    },
    null,
    2,
  )}\n`,
);
process.exit(0);
