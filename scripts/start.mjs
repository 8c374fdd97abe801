// `npm start`: builds the web app and compiles the server when they are missing (or older than their
// sources), then runs the compiled server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildEmbeddedTemplate, buildServer, serverBundle, serverStale } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'apps/web'), path.join(root, 'packages')];
// A WEB_DIST of one's own (a build made elsewhere) is served as it is.
const stale = !process.env.WEB_DIST && (!existsSync(dist) || Math.max(...sources.map(newestMtime)) > statSync(dist).mtimeMs);
if (stale) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@div/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs compiled (scripts/build-server.mjs), in this very process: no TypeScript loader and
// no wrapper process beside it (issue 26). main.ts handles SIGINT and SIGTERM.
if (serverStale()) {
  console.log('Compiling the server…');
  await buildServer();
  // With the build, not in the first start: a new DATA_DIR is a copy of it (ADR 0223). Without it the
  // server makes it anyway, in a short-lived child process.
  if (!process.env.DATABASE_URL) {
    console.log('Preparing the embedded database…');
    buildEmbeddedTemplate();
  }
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(serverBundle).href);
