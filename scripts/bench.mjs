// `npm run bench`: runs every benchmark in bench/ one after another. Each prints its figures as a
// ratio against a baseline measured in the same run and writes bench/results/<name>.json.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const files = readdirSync(path.join(root, 'bench'))
  .filter((f) => /\.(mjs|ts)$/.test(f) && !f.startsWith('_'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  // Benchmarks may import the TypeScript sources directly, so every one runs through tsx.
  const args = ['--import', 'tsx', `bench/${file}`];
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) {
    failed += 1;
    console.error(`${file} failed (exit ${status})`);
  }
}
process.exit(failed ? 1 : 0);
