// Benchmark: how much of each brief the local composer honours (issue 21), and its follow-ups.
// Runs the corpus in bench/corpus/composer-briefs.ts and the follow-ups of
// composer/followup-corpus.ts, and prints facts honoured / asked per fact type, briefs fully
// honoured, wrong-industry words and follow-ups landed / refused / wrong.
//  - default: the composer's answer text, parsed and applied by the site engine in this process;
//  - --http: through the real generation endpoint of a server (POST /api/ask-ai/generate-separate-files,
//    streamed events, then the space's saved files). BENCH_URL and BENCH_TOKEN name a started server and
//    a session token (one with enough messages); without them a server is started in a child process on
//    an embedded database, at BENCH_COMPOSER_PACE characters per second (0 = as fast as it can, the default).
// Run from the repository root: node --import tsx bench/composer-briefs.ts [--http]
//   -> bench/results/composer-briefs.json (composer-briefs-http.json with --http)
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerApplied } from '../apps/server/src/providers/ai/composer/answer-applied.ts';
import { evaluateFollowUps, followUpBases } from '../apps/server/src/providers/ai/composer/followup-corpus.ts';
import { corpus as generated } from './corpus/composer-briefs.ts';
import { freeBriefs } from './corpus/composer-briefs-free.ts';
import { freshBriefs } from './corpus/composer-briefs-fresh.ts';

/** BENCH_BRIEFS=N runs every k-th brief, N in all (a quicker --http run on a busy machine). */
/** The fresh corpus (written after the first two reached 100%) is counted apart as well. */
const all = [...generated, ...freeBriefs, ...freshBriefs];
const fresh = new Set(freshBriefs);
const wanted = Number(process.env.BENCH_BRIEFS ?? all.length);
const corpus = wanted >= all.length ? all : all.filter((_b, i) => i % Math.ceil(all.length / wanted) === 0);

const FOREIGN =
  /Grupo Horizonte|Horizon Group|Calle Mayor 12|para tu negocio|carrito|add to cart|Nimbus|Nimbo|Hacemos crecer marcas|¡Gracias! Te responderemos/i;

type Files = Record<string, string>;
type Selected = { selector: string; html: string };
type Run = (prompt: string, files?: Files, selected?: Selected) => Promise<{ files: Files; prose: string }>;

/** In this process: the composer's answer, parsed and applied as the server does. */
const inProcess: Run = async (prompt, files = {}, selected) => {
  const applied = answerApplied(prompt, files, selected);
  return { files: applied.files, prose: applied.prose };
};

/** The child process the --http run starts when no server is named: the app on an embedded database. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { parseConfig } = await import('../apps/server/src/config.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { users } = await import('../apps/server/src/db/schema/users.ts');
  const { createSession } = await import('../apps/server/src/modules/auth/sessions.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'div-bench-composer-'));
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(tmpdir(), 'div-no-web-build'),
    SESSION_SECRET: 'c'.repeat(64),
    COMPOSER_PACE: process.env.BENCH_COMPOSER_PACE ?? '0',
  });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const [user] = await database.db
    .insert(users)
    .values({ name: 'Bench', email: `bench-composer-${Date.now()}@example.test`, plan: 'pro' })
    .returning({ id: users.id });
  const { token } = await createSession(database, { userId: (user as { id: string }).id, ttlMs: 3_600_000 });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, token })}\n`,
  );
}

async function startServer(): Promise<{ url: string; token: string; stop: () => void }> {
  if (process.env.BENCH_URL && process.env.BENCH_TOKEN)
    return { url: process.env.BENCH_URL, token: process.env.BENCH_TOKEN, stop: () => {} };
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGTERM'));
  const info = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const nl = text.indexOf('\n');
      if (nl >= 0) resolve(JSON.parse(text.slice(0, nl)));
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { ...info, stop: () => child.kill('SIGTERM') };
}

/** Times of the --http run: first streamed code and the end of each generation, in ms. */
const timings = { firstCode: [] as number[], firstPage: [] as number[], done: [] as number[] };

/** Through the real endpoint: a new space (with `files` when given), one generation, its saved files. */
function overHttp(server: { url: string; token: string }): Run {
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${server.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return response;
  };
  const filesOf = async (spaceId: string) => {
    const detail = (await (await call('GET', `/api/spaces/${spaceId}`)).json()) as {
      files: { id: string; content: string }[];
      revision: number;
    };
    return { files: Object.fromEntries(detail.files.map((f) => [f.id, f.content])), revision: detail.revision };
  };
  return async (prompt, files, selected) => {
    const { space } = (await (await call('POST', '/api/spaces', { name: 'Bench' })).json()) as { space: { id: string } };
    if (files) {
      const { revision } = await filesOf(space.id);
      await call('PUT', `/api/spaces/${space.id}/files`, {
        revision,
        replaceAll: true,
        files: Object.entries(files).map(([path, content]) => ({ path, content })),
      });
    }
    const started = performance.now();
    const response = await fetch(`${server.url}/api/ask-ai/generate-separate-files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt, spaceId: space.id, ...(selected ? { selectedElement: selected } : {}) }),
    });
    let rest = '';
    let prose = '';
    // A request that changes nothing is answered before the stream starts, with why (4xx + message).
    if (response.status >= 400 && response.status < 500) {
      prose = ((await response.json()) as { message?: string }).message ?? '';
      timings.done.push(performance.now() - started);
      return { files: (await filesOf(space.id)).files, prose };
    }
    if (!response.ok) throw new Error(`generate: ${response.status} ${await response.text()}`);
    let first = 0;
    let firstPage = 0;
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      rest += decoder.decode(chunk, { stream: true });
      for (let nl = rest.indexOf('\n'); nl >= 0; nl = rest.indexOf('\n')) {
        const line = rest.slice(0, nl).trim();
        rest = rest.slice(nl + 1);
        if (!line) continue;
        const event = JSON.parse(line) as { type: string; message?: string; delta?: string; path?: string };
        if (!first && (event.type === 'code' || event.type === 'edited')) first = performance.now() - started;
        // Files stream one after another, so the page's first code comes after its stylesheet is
        // whole: from then on the preview can paint it styled (ADR 0173).
        if (!firstPage && event.type === 'code' && /\.html?$/i.test(event.path ?? '')) firstPage = performance.now() - started;
        if (event.type === 'error') prose = event.message ?? '';
      }
    }
    timings.done.push(performance.now() - started);
    if (first) timings.firstCode.push(first);
    if (firstPage) timings.firstPage.push(firstPage);
    const after = await filesOf(space.id);
    await fetch(`${server.url}/api/spaces/${space.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${server.token}` },
    });
    return { files: after.files, prose };
  };
}

if (process.argv.includes('--serve')) {
  await serve();
  await new Promise(() => {});
}
const httpMode = process.argv.includes('--http');
const server = httpMode ? await startServer() : null;
const site: Run = server ? overHttp(server) : inProcess;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const byType: Record<string, [number, number]> = {};
const freshByType: Record<string, [number, number]> = {};
let full = 0;
let foreign = 0;
let freshFull = 0;
let freshForeign = 0;
const misses: string[] = [];
for (const [index, brief] of corpus.entries()) {
  if (server && index % 10 === 0) process.stderr.write(`brief ${index + 1}/${corpus.length}\n`);
  const page = decode((await site(brief.prompt)).files['index.html'] ?? '');
  let all = true;
  const isFresh = fresh.has(brief);
  const count = (type: string, ok: boolean, what: string) => {
    for (const table of isFresh ? [byType, freshByType] : [byType]) {
      const entry = table[type] ?? [0, 0];
      entry[1]++;
      if (ok) entry[0]++;
      table[type] = entry;
    }
    if (!ok) {
      all = false;
      misses.push(`${isFresh ? 'fresh ' : ''}${type}: ${what} — ${brief.prompt.slice(0, 70)}`);
    }
  };
  // The fresh corpus compares without case or accents ("malaga" is honoured by "Málaga", "morteruelo"
  // by "Morteruelo"); the first two compare exactly.
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const folded = fold(page);
  for (const [type, values] of Object.entries(brief.facts))
    for (const v of values)
      count(
        type,
        v.split('|').some((alt) => (isFresh ? folded.includes(fold(alt)) : page.includes(alt))),
        v,
      );
  // A kind outside the taxonomy lists the acceptable ids ("locksmith|business").
  count(
    'kind',
    brief.kind.split('|').some((k) => page.includes(`data-kind-id="${k}"`)),
    brief.kind,
  );
  count('language', page.includes(`<html lang="${brief.language}"`), brief.language);
  for (const s of brief.sections) count('sections', page.includes(`data-section="${s}"`), s);
  if (FOREIGN.test(page)) {
    foreign++;
    if (isFresh) freshForeign++;
  }
  if (all) {
    full++;
    if (isFresh) freshFull++;
  }
}

// Follow-ups: the corpus in composer/followup-corpus.ts, each on its base site.
const bases = new Map<string, Record<string, string>>();
const outcomes = await evaluateFollowUps(
  async (base) => {
    if (!bases.has(base)) bases.set(base, (await site(followUpBases[base])).files);
    return bases.get(base) as Record<string, string>;
  },
  async (prompt, files, selected) => {
    const after = await site(prompt, files, selected);
    return { files: after.files, message: after.prose };
  },
);
const fu = {
  total: outcomes.length,
  landed: outcomes.filter((o) => o.verdict === 'landed').length,
  refused: outcomes.filter((o) => o.verdict === 'refused').length,
  wrong: outcomes.filter((o) => o.verdict === 'wrong').length,
  refusedAsExpected: outcomes.filter((o) => o.verdict === 'refused-as-expected').length,
  landedRate: '',
  notLanded: outcomes
    .filter((o) => o.verdict === 'refused' || o.verdict === 'wrong')
    .map((o) => `${o.verdict}: ${o.case.prompt}`),
};
const toLand = outcomes.filter((o) => o.case.expect !== 'refuse').length;
fu.landedRate = `${fu.landed}/${toLand} (${((100 * fu.landed) / toLand).toFixed(1)}%)`;

const asked = Object.values(byType).reduce((n, [, t]) => n + t, 0);
const honoured = Object.values(byType).reduce((n, [h]) => n + h, 0);
const result = {
  briefs: corpus.length,
  factsHonoured: `${honoured}/${asked} (${((100 * honoured) / asked).toFixed(1)}%)`,
  byType: Object.fromEntries(Object.entries(byType).map(([k, [h, t]]) => [k, `${h}/${t}`])),
  briefsFullyHonoured: `${full}/${corpus.length}`,
  briefsWithWrongIndustryWords: foreign,
  fresh: freshSummary(),
  followUps: fu,
  misses: misses.slice(0, Number(process.env.BENCH_MISSES ?? 40)),
  ...(server ? { endpoint: timingSummary() } : {}),
};
console.log(JSON.stringify(result, null, 2));
writeFileSync(
  new URL(server ? './results/composer-briefs-http.json' : './results/composer-briefs.json', import.meta.url),
  `${JSON.stringify(result, null, 2)}\n`,
);
server?.stop();

function freshSummary() {
  const briefs = corpus.filter((b) => fresh.has(b)).length;
  const asked = Object.values(freshByType).reduce((n, [, t]) => n + t, 0);
  const honoured = Object.values(freshByType).reduce((n, [h]) => n + h, 0);
  return {
    briefs,
    factsHonoured: `${honoured}/${asked} (${((100 * honoured) / Math.max(1, asked)).toFixed(1)}%)`,
    byType: Object.fromEntries(Object.entries(freshByType).map(([k, [h, t]]) => [k, `${h}/${t}`])),
    briefsFullyHonoured: `${freshFull}/${briefs}`,
    briefsWithWrongIndustryWords: freshForeign,
  };
}

function timingSummary() {
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
  };
  return {
    pace: process.env.BENCH_URL ? 'the server’s' : `${process.env.BENCH_COMPOSER_PACE ?? '0'} chars/s`,
    generations: timings.done.length,
    firstCodeMs: { median: pct(timings.firstCode, 50), p95: pct(timings.firstCode, 95) },
    firstStyledPageMs: { median: pct(timings.firstPage, 50), p95: pct(timings.firstPage, 95) },
    completeMs: { median: pct(timings.done, 50), p95: pct(timings.done, 95) },
  };
}
