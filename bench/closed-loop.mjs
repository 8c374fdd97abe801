// A closed-loop HTTP/1.1 load generator for the benchmarks. `connections` keep-alive connections each
// send their next request as soon as the previous answer has been read, for `durationS` seconds.
// It writes requests encoded once and reads answers by counting bytes (content-length or chunked),
// never decoding a body, so it costs the shared cores as little as it can: the benchmarks run the
// generator, the server and PostgreSQL on one 2-core machine (ADR 0137). autocannon 9 appends every
// body to a JS string, which for compressed answers cost it more than the server's work (ADR 0136);
// Node's own HTTP client cost about a third of a core at 9,000 requests a second.
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * One request of a workload. `label` groups latencies in the result's `byLabel`. A workload should
 * hand back the same objects again (they are encoded once each).
 * @typedef {{ method?: string, path: string, headers?: Record<string, string>, body?: string, label?: string }} LoadRequest
 */

/**
 * @param {{ url: string, connections: number, durationS: number, headers?: Record<string, string>,
 *   request?: (connection: number, sequence: number) => LoadRequest }} options
 *   `request` picks what connection `connection` sends as its `sequence`-th request (default: a GET of `url`).
 * @returns {Promise<{ requestsPerSec: number, generatorCores: number, requests: number, bytesPerSec: number, errors: number, non2xx: number,
 *   latencyMs: LatencySummary, byLabel: Record<string, { requests: number, latencyMs: LatencySummary }> }>}
 */
export async function closedLoop({ url, connections, durationS, headers = {}, request }) {
  const target = new URL(url);
  const plain = { path: target.pathname + target.search, headers };
  const encoded = new WeakMap();
  const encode = (spec) => {
    let bytes = encoded.get(spec);
    if (!bytes) {
      bytes = encodeRequest(spec, target.host);
      encoded.set(spec, bytes);
    }
    return bytes;
  };
  const latencies = [];
  const labelled = new Map();
  const totals = { bytes: 0, errors: 0, non2xx: 0 };
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const record = (spec, ms, status) => {
    latencies.push(ms);
    if (status < 200 || status >= 300) totals.non2xx += 1;
    if (spec.label) {
      const list = labelled.get(spec.label) ?? [];
      list.push(ms);
      labelled.set(spec.label, list);
    }
  };
  /** One connection's loop; a connection the server closes is replaced by a new one. */
  const connectionLoop = (connection) =>
    new Promise((resolve) => {
      let sequence = 0;
      let spec;
      let sentAt = 0;
      let inFlight = false;
      let socket;
      const reader = new ResponseReader();
      const next = () => {
        if (performance.now() >= deadline) {
          socket.end();
          resolve();
          return;
        }
        spec = request ? request(connection, sequence++) : plain;
        reader.reset();
        inFlight = true;
        sentAt = performance.now();
        socket.write(encode(spec));
      };
      const open = () => {
        const own = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
        socket = own;
        own.on('connect', next);
        own.on('error', () => {});
        own.on('data', (chunk) => {
          totals.bytes += chunk.length;
          const status = reader.push(chunk);
          if (status === undefined) return;
          inFlight = false;
          record(spec, performance.now() - sentAt, status);
          if (!reader.close) return next();
          own.destroy();
          open();
        });
        own.on('close', () => {
          if (own !== socket) return; // replaced after a `connection: close` answer
          if (performance.now() >= deadline) return resolve();
          // Cut off before the answer was complete: an error, then a new connection.
          if (inFlight) totals.errors += 1;
          inFlight = false;
          setTimeout(open, 10);
        });
      };
      open();
    });
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: connections }, (_, connection) => connectionLoop(connection)));
  const elapsedS = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    requestsPerSec: +(latencies.length / elapsedS).toFixed(1),
    // The generator's own CPU over the run, in cores (it should stay well under half of one).
    generatorCores: +((used.user + used.system) / 1e6 / elapsedS).toFixed(2),
    requests: latencies.length,
    bytesPerSec: Math.round(totals.bytes / elapsedS),
    errors: totals.errors,
    non2xx: totals.non2xx,
    latencyMs: summarize(latencies),
    byLabel: Object.fromEntries(
      [...labelled].map(([label, list]) => [label, { requests: list.length, latencyMs: summarize(list) }]),
    ),
  };
}

function encodeRequest(spec, host) {
  const body = spec.body === undefined ? null : Buffer.from(spec.body);
  // A Host among the headers (a published site's) replaces the URL's.
  const headers = spec.headers ?? {};
  const ownHost = Object.keys(headers).some((name) => name.toLowerCase() === 'host');
  let head = `${spec.method ?? 'GET'} ${spec.path} HTTP/1.1\r\n${ownHost ? '' : `host: ${host}\r\n`}`;
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'content-length') head += `${name}: ${value}\r\n`;
  }
  if (body) head += `content-length: ${body.length}\r\n`;
  const start = Buffer.from(`${head}\r\n`, 'latin1');
  return body ? Buffer.concat([start, body]) : start;
}

/**
 * Reads one HTTP/1.1 answer at a time from a connection's bytes without keeping its body: the head
 * is parsed for the status, content-length or chunked encoding and `connection: close`; the body's
 * bytes are only counted. `push` returns the status once the answer is complete.
 */
export class ResponseReader {
  constructor() {
    this.reset();
  }

  reset() {
    this.head = '';
    this.status = 0;
    this.remaining = 0; // body bytes still to come: the rest of the body, or of the current chunk and its CRLF
    this.chunked = false;
    this.lastChunk = false; // the size-0 chunk was read: only its closing CRLF remains (no trailers)
    this.line = ''; // a chunk-size line being read
    this.close = false;
  }

  /** @param {Buffer} chunk @returns {number | undefined} */
  push(chunk) {
    let at = 0;
    if (this.status === 0) {
      this.head += chunk.toString('latin1');
      const end = this.head.indexOf('\r\n\r\n');
      if (end === -1) return undefined;
      const head = this.head.slice(0, end).toLowerCase();
      at = chunk.length - (this.head.length - (end + 4));
      this.status = Number(head.slice(9, 12));
      this.chunked = /\r\ntransfer-encoding:[^\r]*chunked/.test(head);
      this.close = /\r\nconnection:\s*close/.test(head);
      const length = /\r\ncontent-length:\s*(\d+)/.exec(head);
      this.remaining = !this.chunked && length ? Number(length[1]) : 0;
      this.head = '';
      if (!this.chunked && this.remaining === 0) return this.status;
    }
    while (at < chunk.length) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, chunk.length - at);
        this.remaining -= take;
        at += take;
        if (this.remaining === 0 && (!this.chunked || this.lastChunk)) return this.status;
        continue;
      }
      const newline = chunk.indexOf(10, at);
      if (newline === -1) {
        this.line += chunk.toString('latin1', at);
        return undefined;
      }
      const size = Number.parseInt(this.line + chunk.toString('latin1', at, newline), 16);
      this.line = '';
      at = newline + 1;
      // A chunk's bytes and their CRLF; the last chunk (size 0) has only its CRLF.
      this.lastChunk = size === 0;
      this.remaining = size + 2;
    }
    return undefined;
  }
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

/**
 * The same load from a fresh process of its own (one per call): a benchmark that has done other work
 * first (the publishing benchmark builds and deploys 165 sites) does not drive the load with a heap
 * full of that work. Options as closedLoop's, without `request`.
 */
export async function closedLoopApart(options) {
  const { fork } = await import('node:child_process');
  const child = fork(fileURLToPath(import.meta.url), ['generator'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => {
      resolve(result);
      child.disconnect();
    });
    child.once('exit', (code) => reject(new Error(`the load generator exited (${code})`)));
    child.send(options);
  });
}

if (process.argv[2] === 'generator' && process.send) {
  process.once('message', async (options) => process.send(await closedLoop(options)));
}
