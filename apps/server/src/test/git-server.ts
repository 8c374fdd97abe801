import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real git server for tests (issue 41): Debian's `git http-backend` (smart HTTP, fetch and push)
 * behind a small CGI host on loopback that asks for one token as the basic-auth password. Bare
 * repositories live in a temporary folder; `git()` runs the git CLI as a person with a clone would.
 */
export interface GitServer {
  /** `http://127.0.0.1:<port>/<name>.git` */
  url(name: string): string;
  /** Creates an empty bare repository (default branch `main`). */
  createRepo(name: string): string;
  /**
   * Runs the git CLI in `cwd`, authenticated with the server's token; its standard output. Never
   * synchronous: the server answers from this process's event loop.
   */
  git(cwd: string, ...args: string[]): Promise<string>;
  /** A new temporary folder (removed by close). */
  tempDir(): string;
  /** Every request line the server received (method and URL), to check that no token was put in one. */
  requests: string[];
  token: string;
  close(): Promise<void>;
}

const IDENTITY = ['-c', 'user.name=Clone', '-c', 'user.email=clone@example.test', '-c', 'init.defaultBranch=main'];

export async function startGitServer(token = `tok_${Math.random().toString(36).slice(2)}_secret`): Promise<GitServer> {
  const root = mkdtempSync(path.join(tmpdir(), 'div-git-server-'));
  const temps: string[] = [root];
  const requests: string[] = [];
  const expected = `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;

  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const auth = req.headers.authorization ?? '';
    const password = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString().split(':').slice(1).join(':')
      : '';
    if (auth !== expected && password !== token) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('unauthorized');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const backend = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        REMOTE_USER: 'tester',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      },
    });
    req.pipe(backend.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    backend.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      const endLf = head.indexOf('\n\n');
      const at = end !== -1 ? end : endLf;
      if (at === -1) return;
      const sep = end !== -1 ? 4 : 2;
      headersDone = true;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, at).toString().split(/\r?\n/)) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else if (name) headers[name] = value;
      }
      res.writeHead(status, headers);
      res.write(head.subarray(at + sep));
    });
    backend.stdout.on('end', () => res.end());
    backend.on('error', () => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const authHeader = `http.extraHeader=Authorization: ${expected}`;

  return {
    token,
    requests,
    url: (name) => `${base}/${name}.git`,
    createRepo(name) {
      const dir = path.join(root, `${name}.git`);
      execFileSync('git', ['init', '--bare', '-q', '-b', 'main', dir]);
      return dir;
    },
    git(cwd, ...args) {
      return new Promise((resolve, reject) => {
        execFile('git', ['-c', authHeader, ...IDENTITY, ...args], { cwd, encoding: 'utf8' }, (error, stdout, stderr) =>
          error ? reject(new Error(`git ${args[0]}: ${stderr}`)) : resolve(stdout),
        );
      });
    },
    tempDir() {
      const dir = mkdtempSync(path.join(tmpdir(), 'div-git-clone-'));
      temps.push(dir);
      return dir;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const dir of temps) rmSync(dir, { recursive: true, force: true });
    },
  };
}
