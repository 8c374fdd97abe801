import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { killHard, type ServerProcess, startServer } from './server-process';

/**
 * The local identity provider and local billing never silently serve a public production deployment
 * (issue 19, ADR 0151): typing someone's email in "Modo local" would sign in as them, and local checkout
 * grants any plan free. The server is started as production starts it.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs `src/main.ts` until it exits; resolves with its exit code and output. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'div-local-providers-')),
      WEB_DIST: path.join(tmpdir(), 'div-no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += String(d);
  });
  child.stderr.on('data', (d) => {
    output += String(d);
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('local providers in production', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) await killHard(server.child);
  });

  it('refuses to start on a public address with them, naming each one', async () => {
    const { code, output } = await runUntilExit({
      PUBLIC_URL: 'https://div.example',
      GITHUB_CLIENT_ID: 'h',
      GITHUB_CLIENT_SECRET: 's',
    });
    expect(code).toBe(1);
    expect(output).toContain('ALLOW_LOCAL_PROVIDERS');
    expect(output).toContain('identity (Google button)');
    expect(output).toContain('billing');
    expect(output).not.toContain('identity (GitHub button)');
  }, 60_000);

  it('starts when told to, and its log says which local providers are active', async () => {
    server = await startServer({ PUBLIC_URL: 'https://div.example', ALLOW_LOCAL_PROVIDERS: 'true', LOG_LEVEL: 'warn' });
    expect(server.output()).toMatch(/local providers active: identity \(Google button\), identity \(GitHub button\), billing/);
  }, 120_000);
});
