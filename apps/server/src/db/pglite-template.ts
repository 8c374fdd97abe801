import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Makes the template (apps/server/scripts); the same path from src/db and from the bundle in dist/bin. */
const templateScript = fileURLToPath(new URL('../../scripts/pglite-template.mjs', import.meta.url));

/**
 * The folder of the embedded database's template (ADR 0223), made first, when a build left it out, by
 * the script in a short-lived child process: PGlite's first-time set-up never runs in the server.
 */
export function builtTemplate(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [templateScript], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const dir = out.trim();
      if (code === 0 && dir) resolve(dir);
      else reject(new Error(`the embedded database's template was not made (exit ${code})`));
    });
  });
}

/**
 * A new embedded data folder starts as a copy of the template (`template`, or the built one); a folder
 * that already holds a database, or anything else, is never touched. Copied aside and renamed into
 * place, so a start that stops half-way leaves no half database behind.
 */
export async function startFromTemplate(dataDir: string, template?: string): Promise<'template' | 'existing'> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return 'existing';
  const source = template ?? (await builtTemplate());
  const copying = `${dataDir}.copying`;
  rmSync(copying, { recursive: true, force: true });
  cpSync(source, copying, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(copying, dataDir);
  return 'template';
}
