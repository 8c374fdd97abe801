import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';

/**
 * Fetches a URL a user gave us without letting it reach our own network: only http/https, every
 * address the host resolves to must be public (checked at connection time, so the socket uses the
 * very address that was checked, and again on every redirect), at most 3 redirects, a time limit and
 * a size limit.
 */

export type SafeFetchErrorCode = 'BAD_URL' | 'BLOCKED' | 'TOO_MANY_REDIRECTS' | 'TIMEOUT' | 'TOO_LARGE' | 'FETCH_FAILED';

export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  constructor(code: SafeFetchErrorCode, message: string) {
    super(message);
    this.name = 'SafeFetchError';
    this.code = code;
  }
}

export interface SafeFetchOptions {
  maxRedirects?: number;
  timeoutMs?: number;
  maxBytes?: number;
  /**
   * Allow 127.0.0.0/8 and ::1 (tests run a local server). Never set from the environment; private,
   * link-local and other special ranges stay refused even then.
   */
  allowLoopback?: boolean;
}

export interface SafeFetchResponse {
  status: number;
  url: string;
  contentType: string;
  body: string;
}

export const SAFE_FETCH_DEFAULTS = { maxRedirects: 3, timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024 } as const;

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function inV4Range(ip: string, base: string, bits: number): boolean {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (ipv4ToInt(ip) & mask) >>> 0 === (ipv4ToInt(base) & mask) >>> 0;
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail expanded). */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase().split('%')[0] ?? '';
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const n = ipv4ToInt(v4[1]);
    text = `${text.slice(0, -v4[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const a = head ? head.split(':') : [];
  const b = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail !== undefined ? 8 - a.length - b.length : 0;
  const groups = [...a, ...Array(Math.max(0, fill)).fill('0'), ...b].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** 'public', 'loopback' or 'private' (every other non-public kind: private, link-local, reserved...). */
export function classifyAddress(ip: string): 'public' | 'loopback' | 'private' {
  const family = isIP(ip);
  if (family === 4) {
    if (inV4Range(ip, '127.0.0.0', 8)) return 'loopback';
    return V4_BLOCKED.some(([base, bits]) => inV4Range(ip, base, bits)) ? 'private' : 'public';
  }
  if (family === 6) {
    const g = ipv6Groups(ip);
    if (!g) return 'private';
    const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = g;
    const v4Tail = `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
    if (g.every((x, i) => (i < 7 ? x === 0 : x === 1))) return 'loopback';
    if (g.every((x) => x === 0)) return 'private';
    // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): judge the IPv4 inside.
    if (g.slice(0, 5).every((x) => x === 0) && (g5 === 0xffff || g5 === 0)) return classifyAddress(v4Tail);
    if (g0 === 0x64 && g1 === 0xff9b) return classifyAddress(v4Tail);
    if ((g0 & 0xfe00) === 0xfc00) return 'private'; // unique local
    if ((g0 & 0xffc0) === 0xfe80) return 'private'; // link-local
    if ((g0 & 0xff00) === 0xff00) return 'private'; // multicast
    if (g0 === 0x2001 && g1 === 0x0db8) return 'private'; // documentation
    if (g0 === 0x2002) return classifyAddress(`${g1 >> 8}.${g1 & 255}.${(g[2] ?? 0) >> 8}.${(g[2] ?? 0) & 255}`); // 6to4
    return 'public';
  }
  return 'private';
}

function allowed(ip: string, allowLoopback: boolean): boolean {
  const kind = classifyAddress(ip);
  return kind === 'public' || (kind === 'loopback' && allowLoopback);
}

export const blockedMessage = 'La dirección apunta a una red privada o local y no se puede consultar.';

/** A DNS lookup for http(s).request that refuses a host when any of its addresses is not public. */
export function guardedLookup(allowLoopback: boolean) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || addresses.some((a) => !allowed(a.address, allowLoopback))) {
        return callback(new SafeFetchError('BLOCKED', blockedMessage), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * Which addresses a guarded fetch may reach. Each policy has connection pools of its own: a pooled
 * keep-alive socket skips the DNS lookup, so a socket opened under a looser policy (a custom model
 * on a private network) must never be handed to a request under a stricter one (ADR 0152).
 */
export type AddressPolicy = 'public' | 'public-or-loopback' | 'any';

const pools = new Map<string, http.Agent>();

/** The keep-alive agent for one policy and protocol; the guarded lookup is part of the agent. */
export function policyAgent(policy: AddressPolicy, protocol: 'http:' | 'https:'): http.Agent {
  const key = `${policy} ${protocol}`;
  let agent = pools.get(key);
  if (!agent) {
    const options = {
      keepAlive: true,
      timeout: 5_000,
      ...(policy === 'any' ? {} : { lookup: guardedLookup(policy === 'public-or-loopback') as never }),
    };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    pools.set(key, agent);
  }
  return agent;
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('BAD_URL', 'La URL no es válida.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('BAD_URL', 'Solo se admiten direcciones http y https.');
  }
  if (url.username || url.password) throw new SafeFetchError('BAD_URL', 'La URL no puede llevar usuario ni contraseña.');
  return url;
}

export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const allowLoopback = options.allowLoopback === true;
  const deadline = Date.now() + timeoutMs;
  let url = parseUrl(raw);
  for (let redirects = 0; ; redirects++) {
    const answer = await requestOnce(url, { allowLoopback, maxBytes, deadline });
    if (answer.location === undefined)
      return { status: answer.status, url: url.toString(), contentType: answer.contentType, body: answer.body };
    if (redirects >= maxRedirects) throw new SafeFetchError('TOO_MANY_REDIRECTS', 'La página redirige demasiadas veces.');
    url = parseUrl(new URL(answer.location, url).toString());
  }
}

function requestOnce(
  url: URL,
  opts: { allowLoopback: boolean; maxBytes: number; deadline: number },
): Promise<{ status: number; contentType: string; body: string; location?: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowed(host, opts.allowLoopback)) return Promise.reject(new SafeFetchError('BLOCKED', blockedMessage));
  const remaining = opts.deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new SafeFetchError('TIMEOUT', 'La página tardó demasiado en responder.'));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new SafeFetchError('TIMEOUT', 'La página tardó demasiado en responder.')), remaining);
    const req = client.request(
      url,
      {
        method: 'GET',
        agent: policyAgent(opts.allowLoopback ? 'public-or-loopback' : 'public', url.protocol === 'https:' ? 'https:' : 'http:'),
        lookup: guardedLookup(opts.allowLoopback) as never,
        headers: {
          'user-agent': 'DIV-redesign/1.0 (+https://div.app)',
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location) {
          res.resume();
          settled = true;
          clearTimeout(timer);
          resolve({ status, contentType: '', body: '', location });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > opts.maxBytes)
          return fail(new SafeFetchError('TOO_LARGE', 'La página es demasiado grande (más de 2 MB).'));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) return fail(new SafeFetchError('TOO_LARGE', 'La página es demasiado grande (más de 2 MB).'));
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({
            status,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', (error) => fail(error));
      },
    );
    req.on('error', (error) => {
      if (error instanceof SafeFetchError) return fail(error);
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof SafeFetchError) return fail(cause);
      fail(new SafeFetchError('FETCH_FAILED', 'No se pudo descargar la página.'));
    });
    req.end();
  });
}
