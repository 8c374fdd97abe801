import { Resolver } from 'node:dns/promises';

/** What a lookup found: the records, none, or that the DNS server did not answer. */
export type Lookup = { ok: true; values: string[] } | { ok: false; reason: 'missing' | 'timeout' | 'failed'; code?: string };

/** The outside system behind domain verification: a DNS resolver. */
export interface DnsLookup {
  txt(name: string): Promise<Lookup>;
  a(name: string): Promise<Lookup>;
  cname(name: string): Promise<Lookup>;
}

/**
 * A real resolver over UDP: the system's servers, or `server` (host:port, e.g. DNS_RESOLVER=127.0.0.1:5353
 * in tests), with a per-query timeout and a single try.
 */
export function createDnsLookup(options: { server?: string | undefined; timeoutMs: number }): DnsLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.server) resolver.setServers([options.server]);
  const wrap = async (run: () => Promise<string[]>): Promise<Lookup> => {
    try {
      return { ok: true, values: await run() };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENODATA' || code === 'ENOTFOUND' || code === 'NXDOMAIN') return { ok: false, reason: 'missing', code };
      if (code === 'ETIMEOUT' || code === 'ETIMEDOUT') return { ok: false, reason: 'timeout', code };
      return { ok: false, reason: 'failed', code };
    }
  };
  return {
    txt: (name) => wrap(async () => (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''))),
    a: (name) => wrap(() => resolver.resolve4(name)),
    cname: (name) => wrap(() => resolver.resolveCname(name)),
  };
}
