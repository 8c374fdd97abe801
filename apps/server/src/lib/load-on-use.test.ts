import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the server loads when it starts (issue 26, ADRs 0223 and 0224): the packages a run may never
 * use are loaded on first use, so a later start of the embedded default stays under 2 s. The app's
 * module graph is imported in a process of its own whose resolve hook writes down every package.
 */

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));

function packagesLoadedByTheApp(): Set<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'div-load-on-use-'));
  const log = path.join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const hooks = path.join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(resolved.url);
  if (match) appendFileSync(${JSON.stringify(log)}, match[1] + '\\n');
  return resolved;
}
`,
  );
  const register = path.join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', register, '-e', "await import('./src/app.ts'); await import('./src/config.ts');"],
    { cwd: serverRoot, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
  );
  if (run.status !== 0) throw new Error(`the app did not import: ${run.stderr}`);
  return new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
}

describe('packages loaded when the server starts', () => {
  it('loads the web framework, and no client, driver or library that waits for its first use', () => {
    const loaded = packagesLoadedByTheApp();
    // The recorder works: what every request needs is there.
    for (const name of ['fastify', 'zod', 'drizzle-orm']) expect(loaded.has(name), name).toBe(true);
    // Clients of outside systems (ADR 0223), the database drivers (opened by kind), Lucide's icons
    // and libvips (ADR 0224): none of them at start.
    const later = [
      'ioredis',
      'stripe',
      'openai',
      'nodemailer',
      'pdfkit',
      'pg',
      '@electric-sql/pglite',
      'lucide',
      'sharp',
      'esbuild',
    ];
    expect(later.filter((name) => loaded.has(name))).toEqual([]);
  }, 60_000);
});
