// `npm test`: unit and integration tests (Vitest), then the browser tests (Playwright, Debian Chromium).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

// The decision records' index and headers (issue 42): a stale index fails the run, as a test would.
const decisions = run('node', ['scripts/adr-index.mjs', '--check']);
const unit = run('npm', ['run', 'test:unit']);
const e2e = run('npm', ['run', 'test:e2e']);
if (decisions !== 0 || unit !== 0 || e2e !== 0) {
  console.error(
    `\nTests failed: decisions ${decisions === 0 ? 'passed' : 'FAILED'}, unit ${unit === 0 ? 'passed' : 'FAILED'}, browser ${e2e === 0 ? 'passed' : 'FAILED'}.`,
  );
  process.exit(1);
}
