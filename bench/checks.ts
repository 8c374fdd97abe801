// Benchmark: the pre-publish check (issue 40) of a site of 20 pages and 2 MB, on the server.
// Builds the site from the local composer's pages (each page grown with its own sections repeated
// until the 20 pages and their stylesheet weigh 2 MB), then times checkSite: the first run (which
// loads html-validate) and the median and worst of the next runs. Fixes are timed too.
// Run from the repository root: node --import tsx bench/checks.ts  -> bench/results/checks.json
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { checkSite } from '../apps/server/src/modules/checks/check-site.ts';
import { fixSite } from '../apps/server/src/modules/checks/fix-site.ts';
import { answerApplied } from '../apps/server/src/providers/ai/composer/answer-applied.ts';
import { corpus } from './corpus/composer-briefs.ts';

const PAGES = 20;
const TARGET_BYTES = 2 * 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const files: { path: string; content: string }[] = [];
const perPage = Math.floor(TARGET_BYTES / PAGES);
for (let i = 0; i < PAGES; i++) {
  const site = answerApplied((corpus[i * 3] ?? corpus[0])?.prompt ?? '').files;
  let html = site['index.html'] ?? '';
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const ids = (n: number) => main.replace(/\bid="([^"]+)"/g, `id="$1-${n}"`).replace(/href="#([^"]+)"/g, `href="#$1-${n}"`);
  for (let n = 2; Buffer.byteLength(html) < perPage && main; n++) html = html.replace('</main>', `${ids(n)}</main>`);
  files.push({ path: i === 0 ? 'index.html' : `pagina-${i}.html`, content: html });
  if (i === 0) for (const [path, content] of Object.entries(site)) if (!/\.html$/.test(path)) files.push({ path, content });
}
const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0);

/** Wall time, and the CPU time this process spent (on a shared machine the fairer figure). */
const time = async <T>(run: () => Promise<T> | T) => {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: (used.user + used.system) / 1000, result };
};
/** Each run checks pages html-validate has not seen (a cold cache): one byte differs per run. */
let variant = 0;
const fresh = () => files.map((f) => (f.path.endsWith('.html') ? { ...f, content: `${f.content}<!-- ${variant} -->` } : f));
const first = await time(() => checkSite({ files: fresh(), images: [] }));
const runs: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < RUNS; i++) {
  variant++;
  const site = fresh();
  const run = await time(() => checkSite({ files: site, images: [] }));
  runs.push(run.ms);
  cpu.push(run.cpuMs);
}
const fix = await time(() => fixSite({ files, images: [] }));
// The editor checks again after an edit of one page: the other 19 come from the cache.
await checkSite({ files, images: [] });
const oneEdited = files.map((f) => (f.path === 'index.html' ? { ...f, content: `${f.content}<!-- edited -->` } : f));
const afterEdit = await time(() => checkSite({ files: oneEdited, images: [] }));
const sorted = [...runs].sort((a, b) => a - b);
const result = {
  pages: files.filter((f) => f.path.endsWith('.html')).length,
  megabytes: Number((bytes / 1024 / 1024).toFixed(2)),
  findings: first.result.length,
  errors: first.result.filter((f) => f.severity === 'error').length,
  firstRunMs: Math.round(first.ms),
  medianMs: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
  worstMs: Math.round(sorted.at(-1) ?? 0),
  medianCpuMs: Math.round([...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)] ?? 0),
  loadAverage: Number(loadavg()[0]?.toFixed(1)),
  cores: cpus().length,
  fixMs: Math.round(fix.ms),
  afterOneEditMs: Math.round(afterEdit.ms),
  afterOneEditCpuMs: Math.round(afterEdit.cpuMs),
  node: process.version,
};
console.log(result);
writeFileSync(new URL('./results/checks.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
if (result.medianCpuMs >= 1000) process.exitCode = 1;
