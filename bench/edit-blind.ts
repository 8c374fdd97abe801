// A batch of follow-up answers written by someone who never read the engine, run through the same
// apply path as the generation endpoint (parse the whole answer, then `applyAnswer`, ADR 0160).
// Prints correct / wrong applications / refusals of good answers, and every case that is not correct.
// Run from the repository root:
//   node --import tsx bench/edit-blind.ts <batch.json> [--engine <dir with answer.ts and parse.ts>] [--json <out>]
// The batch is an array of { name, files, prompt, answer, expect: "refuse" | { files } }; `files` is a
// map of path to content (or a list of { path, content }); `expect.files` is every file after the
// answer (a file it leaves out was deleted).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Files = Record<string, string>;
type FileList = Files | { path: string; content: string }[];
interface BlindCase {
  name: string;
  files: FileList;
  prompt?: string;
  answer: string;
  finishReason?: string;
  expect: 'refuse' | { files: Record<string, string | null> | { path: string; content: string | null }[] };
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
};
const engine = resolve(option('--engine') ?? 'packages/site-engine/src');
const jsonOut = option('--json');
const batchPath = args[0];
if (!batchPath) {
  console.error('usage: node --import tsx bench/edit-blind.ts <batch.json> [--engine <dir>] [--json <out>]');
  process.exit(2);
}

const { parseOutput } = (await import(
  pathToFileURL(`${engine}/parse.ts`).href
)) as typeof import('../packages/site-engine/src/parse');
const { applyAnswer } = (await import(
  pathToFileURL(`${engine}/answer.ts`).href
)) as typeof import('../packages/site-engine/src/answer');

function asMap<T>(list: Record<string, T> | { path: string; content: T }[]): Record<string, T> {
  return Array.isArray(list) ? Object.fromEntries(list.map((f) => [f.path, f.content])) : list;
}

type Verdict = 'correct' | 'wrong' | 'refused';
const batch = JSON.parse(readFileSync(batchPath, 'utf8')) as BlindCase[];
const results: { name: string; verdict: Verdict; detail: string }[] = [];
for (const c of batch) {
  const files = asMap(c.files);
  const parsed = parseOutput(c.answer, { defaultPath: 'index.html' });
  const outcome = applyAnswer(files, parsed, { finishReason: c.finishReason ?? 'stop' });
  let verdict: Verdict;
  let detail = '';
  if (!outcome.ok) {
    verdict = c.expect === 'refuse' ? 'correct' : 'refused';
    detail = `${outcome.reason}: ${outcome.message}`;
  } else if (c.expect === 'refuse') {
    verdict = 'wrong';
    detail = `applied; changed ${
      Object.keys(outcome.files)
        .filter((p) => outcome.files[p] !== files[p])
        .join(', ') || 'nothing'
    }`;
  } else {
    const wanted: Record<string, string | null> = asMap(c.expect.files);
    const paths = new Set([...Object.keys(wanted), ...Object.keys(outcome.files)]);
    const differing = [...paths].filter((p) => (wanted[p] ?? undefined) !== outcome.files[p]);
    verdict = differing.length === 0 ? 'correct' : 'wrong';
    detail = differing.length ? `differs in ${differing.join(', ')}` : '';
  }
  results.push({ name: c.name, verdict, detail });
}

const count = (v: Verdict) => results.filter((r) => r.verdict === v).length;
const good = batch.filter((c) => c.expect !== 'refuse').length;
console.log(`${batchPath} (engine ${engine})`);
console.log(
  `cases ${batch.length} (${good} to apply, ${batch.length - good} to refuse): correct ${count('correct')}, wrong applications ${count('wrong')}, refusals of good answers ${count('refused')}`,
);
for (const r of results) if (r.verdict !== 'correct') console.log(`  ${r.verdict}: ${r.name} — ${r.detail}`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
if (count('wrong') > 0) process.exitCode = 1;
