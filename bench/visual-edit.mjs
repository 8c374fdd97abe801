// Visual edit of a text on a 200 KB page (issue 24): from pressing Enter on the text typed in the
// preview to the file saved on the server (PUT answered) with the new text shown in the frame.
// Two figures: "in the app", from the Enter keydown in the frame to the save's response end in the
// editor (both read from the browser's own clocks, so the test driver's round trips are not in it),
// and "seen by the driver" (Playwright's key press to the answered request and the text read back).
// Baseline in the same run: site-engine alone (parse5 map + the exact-range rewrite) on that page.
// Also printed: the load average, the process's CPU time (server and driver) and the bytes sent per save.
// Needs the web build (`npm run build -w @div/web`, or any `npm start` / e2e run makes it).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { applyVisualChange, mapSourceElements } from '../packages/site-engine/src/visual-source.ts';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET_MS = 100;
const PAGE_BYTES = 200 * 1024;
const webDist = path.resolve(process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`No web build in ${webDist}: build it first.`);
  process.exit(1);
}

function page200() {
  const head =
    '<!DOCTYPE html>\n<html lang="es">\n  <head>\n    <meta charset="utf-8" />\n    <style>.card { padding: 8px; border-radius: 8px; }</style>\n  </head>\n  <body>\n';
  const tail = '  </body>\n</html>\n';
  let body = '';
  for (let i = 0; ; i++) {
    const block = `    <section id="s${i}" class="card"><h2>Sección ${i}</h2><p>Texto de la sección ${i}, con contenido suficiente para parecer real.</p></section>\n`;
    if (head.length + body.length + block.length + tail.length > PAGE_BYTES) break;
    body += block;
  }
  return head + body + tail;
}
const html = page200();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Baseline: the engine alone.
const engine = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  const target = mapSourceElements(html).find(
    (element) => element.tag === 'h2' && html.startsWith(`<h2>Sección ${i}<`, element.range.start),
  );
  const result = applyVisualChange(html, target, { kind: 'text', text: `Título ${i}` });
  engine.push(performance.now() - started);
  if (!result.ok) throw new Error('engine refused');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'div-bench-visual-'));
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
  .values({ name: 'Bench', email: 'visual@bench.test', plan: 'pro' })
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
const { space } = await call('POST', '/api/spaces', { name: 'Edición visual 200 KB' });
await call('PUT', `/api/spaces/${space.id}/files`, {
  revision: space.revision,
  files: [{ path: 'index.html', content: html }],
  replaceAll: true,
});

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await context.addInitScript(
  (stored) => {
    localStorage.setItem('div_user_session', JSON.stringify(stored));
    localStorage.setItem('div_auth_token', stored.token);
    localStorage.setItem('div_cookie_consent', 'false');
  },
  { token, user: { name: 'Bench', picture: null }, expiresAt: expiresAt.getTime() },
);
await context.addInitScript(() => {
  // When the frame reports the typed text: the start of the editor's part.
  window.addEventListener('message', (event) => {
    if (event.data?.type === 'visual-text') window.__visualTextAt = performance.now();
  });
});
const page = await context.newPage();
await page.goto(`${base}/space/${space.id}`);
await page.getByTestId('visual-toggle').click();
const frame = page.frameLocator('[data-testid="preview-frame"]');
await frame.locator('[data-div-src] >> nth=0').waitFor({ timeout: 30_000 });

const saved = [];
const inApp = [];
const framePart = [];
const editorParts = [];
const requests = [];
const sentBytes = [];
const load = loadavg();
const cpuBefore = process.cpuUsage();
for (let i = 0; i < RUNS; i++) {
  const heading = frame.locator(`#s${i + 1} h2`);
  await heading.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`Título ${i}`);
  // The Enter keydown, on the frame's clock, before any of the page's own listeners.
  await heading.evaluate(() => {
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') window.__enterAt = performance.timeOrigin + performance.now();
      },
      { capture: true, once: true },
    );
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/files') && r.request().method() === 'PUT');
  const started = performance.now();
  await page.keyboard.press('Enter');
  const response = await answered;
  await response.finished();
  const text = await heading.textContent();
  const elapsed = performance.now() - started;
  if (response.status() !== 200 || text !== `Título ${i}`) throw new Error(`run ${i}: ${response.status()} ${text}`);
  saved.push(elapsed);
  sentBytes.push(Buffer.byteLength(response.request().postData() ?? ''));
  const enterAt = await heading.evaluate(() => window.__enterAt);
  const parts = await page.evaluate(() => {
    const put = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('/files'))
      .at(-1);
    return {
      messageAt: performance.timeOrigin + window.__visualTextAt,
      toRequest: put.startTime - window.__visualTextAt,
      request: put.responseEnd - put.startTime,
      answeredAt: performance.timeOrigin + put.responseEnd,
    };
  });
  inApp.push(parts.answeredAt - enterAt);
  framePart.push(parts.messageAt - enterAt);
  editorParts.push(parts.toRequest);
  requests.push(parts.request);
  if (process.env.BENCH_VERBOSE)
    console.log(
      `  run ${i}: in the app ${(parts.answeredAt - enterAt).toFixed(1)} ms (Enter to the frame's message ${(parts.messageAt - enterAt).toFixed(1)} ms, message to request ${parts.toRequest.toFixed(1)} ms, request ${parts.request.toFixed(1)} ms, ${sentBytes.at(-1)} bytes sent); seen by the driver ${elapsed.toFixed(0)} ms`,
    );
  // Let the preview's own patch and the autosave settle before the next edit.
  await page.waitForTimeout(800);
}
const cpu = process.cpuUsage(cpuBefore);
const stored = (await call('GET', `/api/spaces/${space.id}`)).files.find((file) => file.id === 'index.html').content;
let expected = html;
for (let i = 0; i < RUNS; i++) expected = expected.replace(`<h2>Sección ${i + 1}</h2>`, `<h2>Título ${i}</h2>`);
if (stored !== expected) throw new Error('the saved file differs from the original with only the edits');

await browser.close();
await app.close();
await database.close?.();

const result = {
  pageBytes: html.length,
  runs: RUNS,
  engineMedianMs: median(engine),
  loadAverage: load,
  inAppMs: inApp,
  inAppMedianMs: median(inApp),
  inAppMaxMs: Math.max(...inApp),
  frameToMessageMedianMs: median(framePart),
  bytesSentMedian: median(sentBytes),
  processCpuMs: (cpu.user + cpu.system) / 1000,
  savedAndShownMs: saved,
  savedAndShownMedianMs: median(saved),
  savedAndShownMaxMs: Math.max(...saved),
  editorPartMedianMs: median(editorParts),
  saveRequestMedianMs: median(requests),
  targetMs: TARGET_MS,
};
console.log(`load average at the start: ${load.map((n) => n.toFixed(2)).join(' ')}`);
console.log(
  `visual text edit on a ${(html.length / 1024).toFixed(0)} KB page, in the app (Enter to saved; the text shows as typed): ${inApp.map((t) => t.toFixed(0)).join(', ')} ms`,
);
console.log(
  `  median ${result.inAppMedianMs.toFixed(1)} ms, max ${result.inAppMaxMs.toFixed(1)} ms (target < ${TARGET_MS} ms) ${result.inAppMedianMs < TARGET_MS ? 'median under' : 'median OVER'}`,
);
console.log(
  `  of which: Enter to the frame's message median ${result.frameToMessageMedianMs.toFixed(1)} ms, the editor (message to the save request) median ${result.editorPartMedianMs.toFixed(1)} ms, the save request median ${result.saveRequestMedianMs.toFixed(1)} ms, ${result.bytesSentMedian} bytes sent`,
);
console.log(
  `seen by the driver (key press to the answered request and the text read back): median ${result.savedAndShownMedianMs.toFixed(1)} ms, max ${result.savedAndShownMaxMs.toFixed(1)} ms`,
);
console.log(`CPU time of this process (server and driver) over the ${RUNS} edits: ${result.processCpuMs.toFixed(0)} ms`);
console.log(
  `  baseline, site-engine alone (parse5 map + rewrite): median ${result.engineMedianMs.toFixed(1)} ms = ${(result.engineMedianMs / result.savedAndShownMedianMs).toFixed(2)} of the whole`,
);
mkdirSync(path.resolve('bench/results'), { recursive: true });
writeFileSync(path.resolve('bench/results/visual-edit.json'), `${JSON.stringify(result, null, 2)}\n`);
