// A closed-loop HTTP load generator for the benchmarks whose answers are large or compressed.
// `connections` keep-alive connections each send their next request as soon as the previous answer
// has been read, for `durationS` seconds. Node's own HTTP client (llhttp) counts the body's bytes
// without decoding them: autocannon 9 appends every body to a JS string (`req.body += data`), which
// for compressed (binary) answers costs it more than the server's work (a bare server sending 284 KB
// of random bytes: 232 req/s under autocannon, 1,841 with ASCII bytes of the same length).
import http from 'node:http';

/**
 * @param {{ url: string, connections: number, durationS: number, headers?: Record<string, string> }} options
 * @returns {Promise<{ requestsPerSec: number, requests: number, bytesPerSec: number, errors: number, non2xx: number,
 *   latencyMs: { p50: number, p90: number, p99: number, max: number, mean: number } }>}
 */
export async function closedLoop({ url, connections, durationS, headers = {} }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let bytes = 0;
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const once = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers },
        (res) => {
          res.on('data', (chunk) => {
            bytes += chunk.length;
          });
          res.on('end', () => {
            if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
            latencies.push(performance.now() - t0);
            resolve();
          });
          res.on('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p) => +(percentile(latencies, p) ?? 0).toFixed(2);
  return {
    requestsPerSec: +(latencies.length / elapsedS).toFixed(1),
    requests: latencies.length,
    bytesPerSec: Math.round(bytes / elapsedS),
    errors,
    non2xx,
    latencyMs: {
      p50: at(50),
      p90: at(90),
      p99: at(99),
      max: +(latencies.at(-1) ?? 0).toFixed(2),
      mean: +(latencies.reduce((s, x) => s + x, 0) / Math.max(1, latencies.length)).toFixed(2),
    },
  };
}

/** The p-th percentile (nearest rank) of `values`, which must be sorted ascending. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
