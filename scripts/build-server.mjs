// Compiles the server (apps/server/src + the workspace packages it imports) into one ES module,
// apps/server/dist/bin/main.mjs, so `npm start` runs plain JavaScript: no TypeScript loader in the
// serving process (issue 26: tsx cost 1-1.5 s of every start and 80-100 MB). Packages from
// node_modules stay imports, loaded as they are. `npm run dev` and the tests keep running the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Two levels below apps/server, so `new URL('../../drizzle', import.meta.url)` finds the migrations.
export const serverBundle = path.join(root, 'apps/server/dist/bin/main.mjs');
const siteServerBundle = path.join(root, 'apps/server/dist/bin/site-server.mjs');
const sources = [path.join(root, 'apps/server/src'), path.join(root, 'packages')];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when the bundle is missing or older than a source file. */
export function serverStale() {
  return (
    !existsSync(serverBundle) ||
    !existsSync(siteServerBundle) ||
    Math.max(...sources.map(newestMtime)) > statSync(serverBundle).mtimeMs
  );
}

/** Compiles into `outdir` (the served bundle's folder unless a test names another). */
export async function buildServer(outdir = path.dirname(serverBundle)) {
  // Loaded only to compile: `npm start` imports this file at every start to check the bundle (issue 26).
  const { build, stop } = await import('esbuild');
  try {
    await build(buildOptions(outdir));
  } finally {
    // esbuild answers from a service process of its own, which otherwise stays beside the server it
    // just compiled for as long as that runs (about 50 MB resident after a first `npm start`).
    await stop();
  }
}

/** The server and the published sites' process (ADR 0230), side by side, into `outdir`. */
function buildOptions(outdir) {
  return {
    entryPoints: {
      main: path.join(root, 'apps/server/src/main.ts'),
      'site-server': path.join(root, 'apps/server/src/site-server.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        // Our workspace packages are TypeScript sources: bundled. Everything else from node_modules stays external.
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@div/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  };
}

/**
 * Makes the embedded database's pre-migrated template (ADR 0223) when it is missing, in a process of
 * its own: PGlite's first-time set-up and the migrations run there, never in the server.
 */
export function buildEmbeddedTemplate() {
  const made = spawnSync(process.execPath, [path.join(root, 'apps/server/scripts/pglite-template.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (made.status !== 0) throw new Error(`the embedded database's template was not made (exit ${made.status})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildServer();
  buildEmbeddedTemplate();
}
