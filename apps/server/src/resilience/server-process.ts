import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './services';

/** The server as production runs it (`src/main.ts` in a child process), for the resilience tests. */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const SECRET = 'faults-test-cookie-secret-0123456789-abcdefghij';

export async function call(
  base: string,
  url: string,
  init: { method?: string; authorization?: string; body?: unknown; timeoutMs?: number; signal?: AbortSignal } = {},
) {
  const response = await fetch(`${base}${url}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.authorization ? { authorization: init.authorization } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    signal: init.signal ?? AbortSignal.timeout(init.timeoutMs ?? 20_000),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json, text };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote (its logs go to stdout, startup errors to stderr). */
  output: () => string;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // `node --import tsx`, as scripts/start.mjs runs it: the tsx CLI puts a process in between that
  // SIGKILLs the server when it does not confirm a relayed SIGTERM within 30 ms (a loaded machine).
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'div-faults-')),
      WEB_DIST: path.join(tmpdir(), 'div-no-web-build'),
      SESSION_SECRET: SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: unknown) => {
    output += String(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await call(url, '/api/health', { timeoutMs: 1000 })).status === 200) return { url, child, output: () => output };
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function killHard(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
