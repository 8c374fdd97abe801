// Helpers for benchmarks that run the app in a child process.
import http from 'node:http';

/** A port nothing listens on now, chosen by the system. */
export function freePort() {
  return new Promise((resolve) => {
    const probe = http.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url`/api/ready answers 200; rejects when `child` exits first or after `timeoutMs`
 * (the child is then killed). `log` names where its output went, for the error.
 */
export async function waitUntilReady(url, child, { timeoutMs = 120_000, log } = {}) {
  const where = log ? `; see ${log}` : '';
  for (const started = Date.now(); Date.now() - started < timeoutMs; ) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode})${where}`);
    const status = await fetch(`${url}/api/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the app did not answer /api/ready${where}`);
}
