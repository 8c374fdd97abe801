// A closed-loop HTTP load generator for the benchmarks whose answers are large or compressed.
// `connections` keep-alive connections each send their next request as soon as the previous answer
// has been read, for `durationS` seconds. Node's own HTTP client (llhttp) counts the body's bytes
// without decoding them: autocannon 9 appends every body to a JS string (`req.body += data`), which
// for compressed (binary) answers costs it more than the server's work (a bare server sending 284 KB
// of random bytes: 232 req/s under autocannon, 1,841 with ASCII bytes of the same length).
import http from 'node:http';

/**
 * One request of a workload. `label` groups latencies in the result's `byLabel`.
 * @typedef {{ method?: string, path: string, headers?: Record<string, string>, body?: string, label?: string }} LoadRequest
 */

/**
 * @param {{ url: string, connections: number, durationS: number, headers?: Record<string, string>,
 *   request?: (connection: number, sequence: number) => LoadRequest }} options
 *   `request` picks what connection `connection` sends as its `sequence`-th request (default: a GET of `url`).
 * @returns {Promise<{ requestsPerSec: number, requests: number, bytesPerSec: number, errors: number, non2xx: number,
 *   latencyMs: LatencySummary, byLabel: Record<string, { requests: number, latencyMs: LatencySummary }> }>}
 */
export async function closedLoop({ url, connections, durationS, headers = {}, request }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const plain = { path: target.pathname + target.search, headers };
  const latencies = [];
  const labelled = new Map();
  let bytes = 0;
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const once = (spec) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const done = () => {
        const ms = performance.now() - t0;
        latencies.push(ms);
        if (spec.label) {
          const list = labelled.get(spec.label) ?? [];
          list.push(ms);
          labelled.set(spec.label, list);
        }
        resolve();
      };
      const req = http.request(
        { agent, host: target.hostname, port: target.port, method: spec.method ?? 'GET', path: spec.path, headers: spec.headers },
        (res) => {
          res.on('data', (chunk) => {
            bytes += chunk.length;
          });
          res.on('end', () => {
            if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
            done();
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
      req.end(spec.body);
    });
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      for (let sequence = 0; performance.now() < deadline; sequence += 1) {
        await once(request ? request(connection, sequence) : plain);
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requestsPerSec: +(latencies.length / elapsedS).toFixed(1),
    requests: latencies.length,
    bytesPerSec: Math.round(bytes / elapsedS),
    errors,
    non2xx,
    latencyMs: summarize(latencies),
    byLabel: Object.fromEntries(
      [...labelled].map(([label, list]) => [label, { requests: list.length, latencyMs: summarize(list) }]),
    ),
  };
}

/**
 * @typedef {{ p50: number, p90: number, p99: number, max: number, mean: number }} LatencySummary
 * @param {number[]} latencies milliseconds, in any order (sorted in place)
 * @returns {LatencySummary}
 */
function summarize(latencies) {
  latencies.sort((a, b) => a - b);
  const at = (p) => +(percentile(latencies, p) ?? 0).toFixed(2);
  return {
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: +(latencies.at(-1) ?? 0).toFixed(2),
    mean: +(latencies.reduce((s, x) => s + x, 0) / Math.max(1, latencies.length)).toFixed(2),
  };
}

/** The p-th percentile (nearest rank) of `values`, which must be sorted ascending. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
