import type { IncomingMessage } from 'node:http';
import { type Cidr, inCidr, parseCidr } from './ip';

/**
 * Which proxies in front of DIV may name the client (`TRUST_PROXY`, ADR 0154). `false`: none, the
 * socket's address is the client. A hop count: that many proxies, each appending the address it saw
 * to `X-Forwarded-For`. A list of addresses/ranges: proxies at those addresses. Never the leftmost
 * `X-Forwarded-For` entry as such: the client writes it.
 */
export type ProxyTrust = false | { hops: number } | { proxies: Cidr[] };

/** Parses TRUST_PROXY: `false`, `true` (one hop), a hop count, or a comma-separated address list. */
export function parseProxyTrust(raw: string): ProxyTrust | string {
  const text = raw.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return { hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? { hops } : 'a hop count must be between 1 and 10';
  }
  const proxies: Cidr[] = [];
  for (const item of text.split(',')) {
    const range = parseCidr(item);
    if (!range) return `"${item.trim()}" is not an IP address or range (use false, true, a hop count or addresses)`;
    proxies.push(range);
  }
  return { proxies };
}

/** Whether the address at `hop` (0 = the socket's peer) is a proxy we trust (Fastify's `trustProxy`). */
export function trustsHop(trust: ProxyTrust): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return (address) => trust.proxies.some((range) => inCidr(address, range));
}

/**
 * The client's address: walk from the socket's peer leftwards through `X-Forwarded-For` while the
 * address at hand is a trusted proxy; the first one that is not (or the leftmost) is the client.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust,
): string {
  const peer = socketAddress ?? 'unknown';
  if (trust === false || forwardedFor === undefined) return peer;
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [peer, ...forwarded.reverse()];
  const trusted = trustsHop(trust);
  let hop = 0;
  while (hop < chain.length - 1 && trusted(chain[hop] as string, hop)) hop += 1;
  return chain[hop] as string;
}

/**
 * The visitor's address of a request passed on by the published sites' process (ADR 0230), whose own
 * socket is a private Unix socket: it stands for the socket's peer in clientAddress.
 */
const peers = new WeakMap<IncomingMessage, string>();

export function setPeerAddress(req: IncomingMessage, address: string): void {
  peers.set(req, address);
}

/** The request's peer: the sites' process's visitor when it passed the request on, else the socket's. */
export const peerAddressOf = (req: IncomingMessage): string | undefined => peers.get(req) ?? req.socket.remoteAddress;
