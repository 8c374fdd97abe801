// `node bench/public-pages.mjs`: builds the web app, measures the home route's initial JavaScript
// (everything loaded before the first interaction, gzipped) and every chunk, then runs Lighthouse
// (Debian Chromium) on /, /pricing and /terms. Prints the figures against their targets and writes
// bench/results/public-pages.json. Exit code 1 when a target is missed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const outDir = process.env.BENCH_WEB_DIST ?? path.join(tmpdir(), 'div-bench-public-pages');
const port = Number(process.env.BENCH_PORT ?? 3302);
const HOME_JS_TARGET_KB = 90;
const LIGHTHOUSE_TARGET = 95;
const pages = ['/', '/pricing', '/terms'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

// 1. Build into a folder of our own, with a manifest that maps sources to chunks.
console.log(`building apps/web into ${outDir} ...`);
const build = spawnSync(
  path.join(root, 'node_modules/.bin/vite'),
  ['build', '--outDir', outDir, '--emptyOutDir', '--manifest', 'manifest.json', '--sourcemap', '--logLevel', 'warn'],
  { cwd: webDir, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8'));

// 2. The home route's initial JS: the entry, the home page chunk and all their static imports
//    (what the browser fetches before anyone can interact). Lazy sections load later, on scroll.
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  for (const key of keys) visit(key);
  return seen;
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const homeKey = Object.keys(manifest).find((key) => key.endsWith('features/home/home-page.tsx'));
if (!entryKey || !homeKey) throw new Error('entry or home page missing from the manifest');
const initialKeys = staticClosure([entryKey, homeKey]);
const initialFiles = [...initialKeys].map((key) => manifest[key].file);
const initialCss = [...new Set([...initialKeys].flatMap((key) => manifest[key].css ?? []))];
const homeJsBytes = initialFiles.reduce((sum, file) => sum + gzipSize(path.join(outDir, file)), 0);
const homeCssBytes = initialCss.reduce((sum, file) => sum + gzipSize(path.join(outDir, file)), 0);

const assetsDir = path.join(outDir, 'assets');
const chunks = readdirSync(assetsDir)
  .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
  .map((file) => ({
    file: `assets/${file}`,
    kb: kb(statSync(path.join(assetsDir, file)).size),
    gzipKb: kb(gzipSize(path.join(assetsDir, file))),
    initial: initialFiles.includes(`assets/${file}`) || initialCss.includes(`assets/${file}`),
  }))
  .sort((a, b) => b.gzipKb - a.gzipKb);

// What the home route's initial chunks hold, by package: the source map attributes each minified
// byte to its source file; gzip is apportioned by those shares.
async function bytesByPackage(files) {
  let SourceMapConsumer;
  try {
    ({ SourceMapConsumer } = await import('source-map-js'));
  } catch {
    return null;
  }
  const totals = {};
  for (const file of files) {
    const full = path.join(outDir, file);
    if (!existsSync(`${full}.map`)) continue;
    const code = readFileSync(full, 'utf8');
    const lines = code.split('\n');
    const gz = gzipSize(full);
    const consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${full}.map`, 'utf8')));
    const perSource = {};
    let previous = null;
    consumer.eachMapping((m) => {
      if (previous && previous.generatedLine === m.generatedLine) {
        const length = m.generatedColumn - previous.generatedColumn;
        perSource[previous.source ?? '(none)'] = (perSource[previous.source ?? '(none)'] ?? 0) + length;
      } else if (previous) {
        const rest = (lines[previous.generatedLine - 1]?.length ?? 0) - previous.generatedColumn;
        perSource[previous.source ?? '(none)'] = (perSource[previous.source ?? '(none)'] ?? 0) + rest;
      }
      previous = m;
    });
    const mapped = Object.values(perSource).reduce((a, b) => a + b, 0) || 1;
    for (const [source, bytes] of Object.entries(perSource)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
      const appCode = process.env.BENCH_DETAIL ? `app: ${source.replace(/^.*apps\/web\/src\//, '')}` : 'app code (apps/web/src)';
      const owner = match ? match[1] : source.includes('/packages/shared/') ? '@div/shared' : appCode;
      totals[owner] = (totals[owner] ?? 0) + (bytes / mapped) * gz;
    }
  }
  return Object.fromEntries(
    Object.entries(totals)
      .sort((a, b) => b[1] - a[1])
      .map(([name, bytes]) => [name, kb(bytes)]),
  );
}
const homeByPackage = await bytesByPackage(initialFiles);

console.log('\nHome route initial JavaScript (gzipped)');
for (const file of initialFiles) console.log(`  ${file.padEnd(48)} ${kb(gzipSize(path.join(outDir, file)))} KB`);
console.log(
  `  total: ${kb(homeJsBytes)} KB (target <= ${HOME_JS_TARGET_KB} KB, ratio ${(kb(homeJsBytes) / HOME_JS_TARGET_KB).toFixed(2)})`,
);
console.log(`  initial CSS: ${kb(homeCssBytes)} KB gzipped`);
if (homeByPackage) {
  console.log('  by package (gzipped KB, estimated from source maps):');
  for (const [name, size] of Object.entries(homeByPackage).filter(([, v]) => v >= 0.5))
    console.log(`    ${name.padEnd(30)} ${size}`);
}
console.log('\nLargest chunks (gzipped)');
for (const chunk of chunks.slice(0, 15))
  console.log(`  ${chunk.file.padEnd(48)} ${String(chunk.gzipKb).padStart(7)} KB${chunk.initial ? '  (initial)' : ''}`);

// BENCH_LIGHTHOUSE=0: sizes only (a quick check while working on the bundle).
if (process.env.BENCH_LIGHTHOUSE === '0') process.exit(kb(homeJsBytes) > HOME_JS_TARGET_KB ? 1 : 0);

// 3. Serve the build with the real server and run Lighthouse on the public pages.
// BENCH_SERVER=static serves the same build from a small server with gzip and immutable caching of
// /assets, to show what those two server settings would change; the default is the product server.
const serverMode = process.env.BENCH_SERVER === 'static' ? 'static' : 'product';
const dataDir = mkdtempSync(path.join(tmpdir(), 'div-bench-data-'));
let stopServer = () => {};
if (serverMode === 'product') {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: outDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  stopServer = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
} else {
  const types = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
    '.txt': 'text/plain',
  };
  const staticServer = createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(outDir, urlPath);
    if (urlPath === '/api/health') return response.end('{"status":"ok"}');
    if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(outDir, 'index.html');
    const type = types[path.extname(file)] ?? 'application/octet-stream';
    const immutable = urlPath.startsWith('/assets/');
    let body = readFileSync(file);
    const headers = { 'content-type': type, 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' };
    if (/gzip/.test(String(request.headers['accept-encoding'])) && /text|javascript|json|svg/.test(type)) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    response.writeHead(200, headers).end(body);
  }).listen(port);
  stopServer = () => staticServer.close();
}
process.on('exit', () => stopServer());

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://localhost:${port}/api/health`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('server did not start');
}

const lighthouseResults = {};
let chrome;
try {
  await waitForServer();
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless', ...chromiumArgs],
  });
  for (const page of pages) {
    const url = `http://localhost:${port}${page}`;
    // A run can fail on a busy machine (no paint in time): try again, then record the error.
    let lhr;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const runnerResult = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
      lhr = runnerResult?.lhr;
      if (lhr && !lhr.runtimeError) break;
      console.warn(`  Lighthouse ${page} attempt ${attempt}: ${lhr?.runtimeError?.code ?? 'no result'}`);
    }
    if (!lhr) throw new Error(`no Lighthouse result for ${page}`);
    const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    lighthouseResults[page] = {
      runtimeError: lhr.runtimeError?.code ?? null,
      scores,
      failingAudits: failing,
      metrics: {
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      },
    };
  }
} finally {
  if (chrome) await chrome.kill();
  stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse (mobile, simulated throttling; ${serverMode} server)`);
console.log(`  ${'page'.padEnd(10)} ${categories.map((c) => c.padStart(15)).join('')}`);
for (const page of pages) {
  const { scores, failingAudits } = lighthouseResults[page];
  console.log(`  ${page.padEnd(10)} ${categories.map((c) => String(scores[c]).padStart(15)).join('')}`);
  if (failingAudits.length) console.log(`    below 90: ${failingAudits.join(', ')}`);
}

const missed = [];
if (kb(homeJsBytes) > HOME_JS_TARGET_KB) missed.push(`home initial JS ${kb(homeJsBytes)} KB > ${HOME_JS_TARGET_KB} KB`);
for (const page of pages) {
  for (const c of categories) {
    const score = lighthouseResults[page].scores[c];
    if (score < LIGHTHOUSE_TARGET) missed.push(`${page} ${c} ${score} < ${LIGHTHOUSE_TARGET}`);
  }
}

const results = {
  date: new Date().toISOString(),
  server: serverMode,
  homeInitialJs: { gzipKb: kb(homeJsBytes), targetKb: HOME_JS_TARGET_KB, files: initialFiles, byPackage: homeByPackage },
  homeInitialCssGzipKb: kb(homeCssBytes),
  chunks,
  lighthouse: lighthouseResults,
  lighthouseTarget: LIGHTHOUSE_TARGET,
  missed,
};
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const resultFile = `bench/results/public-pages${serverMode === 'static' ? '-static' : ''}.json`;
writeFileSync(path.join(root, resultFile), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${missed.length ? `targets missed:\n  ${missed.join('\n  ')}` : 'all targets met'}`);
console.log(`written ${resultFile}`);
process.exit(missed.length ? 1 : 0);
