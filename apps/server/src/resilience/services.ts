import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Throwaway outside services for the resilience tests (issue 9): a PostgreSQL cluster of our own
 * (initdb + pg_ctl on a free port in a temp folder) that a test may stop and start without touching
 * the machine's shared server, and a redis-server of our own. Missing binaries fail with a message.
 */

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) not found in /usr/lib/postgresql/*/bin: apt-get install postgresql',
    );
  }
  return path.join(root, versions[0], 'bin');
}

export interface OwnPostgres {
  /** Connection string of the `postgres` database of this cluster. */
  url: string;
  port: number;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** initdb refuses to run as root: run the cluster as the `postgres` user then. */
function runAsOwner(bin: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const command = isRoot ? 'runuser' : bin;
  const fullArgs = isRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  execFileSync(command, fullArgs, { stdio: 'pipe', timeout: 60_000 });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'div-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o755);
  }
  runAsOwner(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = async () => {
    runAsOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    runAsOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      await stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PostgresServer {
  /** A connection string of the server (for createFreshDatabase). */
  url: string;
  /** Ends the cluster when it is our own; nothing for TEST_DATABASE_URL's server. */
  stop(): Promise<void>;
}

/** The PostgreSQL server the tests use: TEST_DATABASE_URL's, else a throwaway cluster of our own. */
export async function postgresServer(): Promise<PostgresServer> {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) return { url: configured, stop: async () => {} };
  const own = await startOwnPostgres();
  return { url: own.url, stop: () => own.destroy() };
}

/** A new, empty database on the server of `baseUrl`; `drop` removes it. */
export async function createFreshDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `div_res_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  if (!existsSync('/usr/bin/redis-server')) throw new Error('redis-server not found: apt-get install redis-server');
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe', timeout: 2000 });
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

export interface SilentRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * A Redis that hangs: it answers what a client sends on connecting (HELLO as an old Redis would,
 * CLIENT SETINFO, the INFO ready check), then never answers again.
 */
export async function startSilentRedis(): Promise<SilentRedis> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk) => {
      for (const command of chunk.toString().split(/^\*/m).slice(1)) {
        const name = command.split('\r\n')[2]?.toLowerCase();
        if (name === 'hello') socket.write("-ERR unknown command 'hello'\r\n");
        if (name === 'client') socket.write('+OK\r\n');
        if (name === 'info') {
          const info = '# Server\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
