import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` compiles the server in its own process when the bundle is missing or stale, then runs
 * it there (issue 26): nothing may stay resident beside it after the compile.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const outdir = mkdtempSync(path.join(tmpdir(), 'div-compile-'));

// Compiles as scripts/start.mjs does, then lists the processes still under the compiling one (a
// stopped one is reaped within moments; one left running is still there after two seconds).
const script = `
import { readFileSync, readdirSync } from 'node:fs';
const { buildServer } = await import(${JSON.stringify(path.join(root, 'scripts/build-server.mjs'))});
await buildServer(${JSON.stringify(outdir)});
const list = () => readdirSync('/proc/self/task')
  .flatMap((task) => readFileSync('/proc/self/task/' + task + '/children', 'utf8').split(' '))
  .filter(Boolean);
for (let i = 0; i < 20 && list().length > 0; i += 1) await new Promise((r) => setTimeout(r, 100));
console.log(JSON.stringify({ children: list() }));
`;

describe('compiling the server at start-up', () => {
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('leaves no compiler process running beside the server', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      timeout: 60_000,
    });
    expect(existsSync(path.join(outdir, 'main.mjs'))).toBe(true);
    expect(existsSync(path.join(outdir, 'site-server.mjs'))).toBe(true);
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({ children: [] });
  }, 90_000);
});
