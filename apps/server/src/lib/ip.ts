import { isIP } from 'node:net';

/**
 * IP addresses as 128-bit numbers, for prefix (CIDR) tests. An IPv4 address is placed where IPv6
 * maps it (::ffff:a.b.c.d), so one table can hold both families.
 */

const V4_MAPPED = 0xffffn << 32n;

function v4Bits(ip: string): bigint {
  return ip.split('.').reduce((n, part) => n * 256n + BigInt(Number(part)), 0n);
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail expanded), or null. */
export function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase().split('%')[0] ?? '';
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    if (isIP(v4[1]) !== 4) return null;
    const n = Number(v4Bits(v4[1]));
    text = `${text.slice(0, -v4[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const a = head ? head.split(':') : [];
  const b = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail !== undefined ? 8 - a.length - b.length : 0;
  const groups = [...a, ...Array(Math.max(0, fill)).fill('0'), ...b].map((g) =>
    /^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN,
  );
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

/** The address as a 128-bit number (IPv4 as ::ffff:a.b.c.d); null when it is not an address. */
export function addressBits(ip: string): bigint | null {
  const family = isIP(ip);
  if (family === 4) return V4_MAPPED | v4Bits(ip);
  if (family !== 6) return null;
  const groups = ipv6Groups(ip);
  return groups ? groups.reduce((n, g) => (n << 16n) | BigInt(g), 0n) : null;
}

export interface Cidr {
  bits: bigint;
  /** Prefix length over 128 bits (an IPv4 /n is 96 + n). */
  prefix: number;
}

/** Parses `a.b.c.d/n`, `x::/n` or a bare address (a /32 or /128); null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const [address = '', length, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const bits = addressBits(address);
  if (bits === null) return null;
  const max = isIP(address) === 4 ? 32 : 128;
  const n = length === undefined ? max : /^\d{1,3}$/.test(length) ? Number(length) : Number.NaN;
  if (!Number.isInteger(n) || n > max) return null;
  return { bits, prefix: n + (128 - max) };
}

/** True when the address lies in the range. */
export function inCidr(ip: string | bigint, range: Cidr): boolean {
  const bits = typeof ip === 'bigint' ? ip : addressBits(ip);
  if (bits === null) return false;
  const shift = BigInt(128 - range.prefix);
  return bits >> shift === range.bits >> shift;
}
