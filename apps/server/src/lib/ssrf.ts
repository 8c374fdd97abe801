import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { addressBits, type Cidr, inCidr, parseCidr } from './ip';

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

export type AddressKind = 'public' | 'loopback' | 'private';

/**
 * The IANA IPv4 and IPv6 special-purpose address registries (plus multicast, the deprecated site-local
 * fec0::/10 and IPv6 outside global unicast), one row per range: what a user-given URL may reach.
 * `embedded`: the range carries an IPv4 address, judged by the IPv4 rows. The longest matching prefix
 * wins. Ranges the registries call globally reachable (AS112, AMT…) that sit inside a refused block
 * stay refused: a refusal is better than a wrong answer (ADR 0152).
 */
export const SPECIAL_ADDRESSES: readonly {
  range: string;
  kind: Exclude<AddressKind, 'public'> | 'embedded';
  name: string;
  example: string;
}[] = [
  { range: '0.0.0.0/8', kind: 'private', name: '"This network" (RFC 791)', example: '0.1.2.3' },
  { range: '10.0.0.0/8', kind: 'private', name: 'Private-Use (RFC 1918)', example: '10.1.2.3' },
  { range: '100.64.0.0/10', kind: 'private', name: 'Shared Address Space (RFC 6598)', example: '100.100.1.1' },
  { range: '127.0.0.0/8', kind: 'loopback', name: 'Loopback (RFC 1122)', example: '127.5.6.7' },
  { range: '169.254.0.0/16', kind: 'private', name: 'Link Local (RFC 3927)', example: '169.254.169.254' },
  { range: '172.16.0.0/12', kind: 'private', name: 'Private-Use (RFC 1918)', example: '172.31.255.255' },
  { range: '192.0.0.0/24', kind: 'private', name: 'IETF Protocol Assignments (RFC 6890)', example: '192.0.0.170' },
  { range: '192.0.2.0/24', kind: 'private', name: 'Documentation TEST-NET-1 (RFC 5737)', example: '192.0.2.10' },
  { range: '192.88.99.0/24', kind: 'private', name: 'Deprecated 6to4 Relay Anycast (RFC 7526)', example: '192.88.99.1' },
  { range: '192.168.0.0/16', kind: 'private', name: 'Private-Use (RFC 1918)', example: '192.168.1.1' },
  { range: '198.18.0.0/15', kind: 'private', name: 'Benchmarking (RFC 2544)', example: '198.19.0.1' },
  { range: '198.51.100.0/24', kind: 'private', name: 'Documentation TEST-NET-2 (RFC 5737)', example: '198.51.100.7' },
  { range: '203.0.113.0/24', kind: 'private', name: 'Documentation TEST-NET-3 (RFC 5737)', example: '203.0.113.9' },
  { range: '224.0.0.0/4', kind: 'private', name: 'Multicast (RFC 5771)', example: '224.0.0.1' },
  {
    range: '240.0.0.0/4',
    kind: 'private',
    name: 'Reserved, and Limited Broadcast (RFC 1112, RFC 919)',
    example: '255.255.255.255',
  },
  { range: '::/128', kind: 'private', name: 'Unspecified Address (RFC 4291)', example: '::' },
  { range: '::1/128', kind: 'loopback', name: 'Loopback Address (RFC 4291)', example: '::1' },
  { range: '::/96', kind: 'embedded', name: 'IPv4-compatible, deprecated (RFC 4291)', example: '::10.0.0.1' },
  { range: '::ffff:0:0:0/96', kind: 'private', name: 'IPv4-translated (RFC 2765)', example: '::ffff:0:8.8.8.8' },
  { range: '64:ff9b::/96', kind: 'embedded', name: 'IPv4-IPv6 Translation (RFC 6052)', example: '64:ff9b::a9fe:a9fe' },
  { range: '64:ff9b:1::/48', kind: 'private', name: 'Local-use IPv4/IPv6 Translation (RFC 8215)', example: '64:ff9b:1::808:808' },
  { range: '100::/64', kind: 'private', name: 'Discard-Only Address Block (RFC 6666)', example: '100::1' },
  { range: '100:0:0:1::/64', kind: 'private', name: 'Dummy IPv6 Prefix (RFC 9780)', example: '100:0:0:1::1' },
  { range: '2001::/23', kind: 'private', name: 'IETF Protocol Assignments (RFC 2928)', example: '2001:2::1' },
  { range: '2001::/32', kind: 'private', name: 'TEREDO (RFC 4380)', example: '2001:0:4136:e378:8000:63bf:3fff:fdd2' },
  { range: '2001:db8::/32', kind: 'private', name: 'Documentation (RFC 3849)', example: '2001:db8::1' },
  { range: '2002::/16', kind: 'embedded', name: '6to4 (RFC 3056)', example: '2002:0a00:0001::1' },
  { range: '3fff::/20', kind: 'private', name: 'Documentation (RFC 9637)', example: '3fff:fff::1' },
  { range: '5f00::/16', kind: 'private', name: 'Segment Routing SIDs (RFC 9602)', example: '5f00::1' },
  { range: 'fc00::/7', kind: 'private', name: 'Unique-Local (RFC 4193)', example: 'fd00::1' },
  { range: 'fe80::/10', kind: 'private', name: 'Link-Local Unicast (RFC 4291)', example: 'fe80::1' },
  { range: 'fec0::/10', kind: 'private', name: 'Site-Local, deprecated (RFC 3879)', example: 'fec0::1' },
  { range: 'ff00::/8', kind: 'private', name: 'Multicast (RFC 4291)', example: 'ff02::1' },
];

const TABLE = SPECIAL_ADDRESSES.map((row) => ({ ...row, cidr: parseCidr(row.range) as Cidr })).sort(
  (a, b) => b.cidr.prefix - a.cidr.prefix,
);
const IPV4_SPACE = parseCidr('::ffff:0:0/96') as Cidr;
const GLOBAL_UNICAST = parseCidr('2000::/3') as Cidr;
const SIX_TO_FOUR = parseCidr('2002::/16') as Cidr;

function bitsToV4(n: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 255n)).join('.');
}

/** 'public', 'loopback' or 'private' (every other non-public kind: private, link-local, reserved...). */
export function classifyAddress(ip: string): AddressKind {
  const bits = addressBits(ip);
  if (bits === null) return 'private';
  const row = TABLE.find((r) => inCidr(bits, r.cidr));
  if (row && row.kind !== 'embedded') return row.kind;
  if (row) {
    // The IPv4 address inside: the last 32 bits, or bits 16-48 for 6to4.
    const v4 = inCidr(bits, SIX_TO_FOUR) ? (bits >> 80n) & 0xffffffffn : bits & 0xffffffffn;
    return classifyAddress(bitsToV4(v4));
  }
  // An IPv4 address (or IPv4-mapped) outside every row is public; IPv6 only in global unicast.
  return inCidr(bits, IPV4_SPACE) || inCidr(bits, GLOBAL_UNICAST) ? 'public' : 'private';
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
