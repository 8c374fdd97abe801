import type { Config } from '../../config';

/** The domain published sites live under: SITES_DOMAIN, or `localhost:PORT` (browsers resolve *.localhost). */
export function sitesDomainOf(config: Config): string {
  return (config.SITES_DOMAIN ?? `localhost:${config.PORT}`).toLowerCase().replace(/^\.+|\.+$/g, '');
}

/** `{slug}.{SITES_DOMAIN}` */
export const siteAddress = (config: Config, slug: string) => `${slug}.${sitesDomainOf(config)}`;

const protocolOf = (config: Config) => new URL(config.publicUrl).protocol;

/** The public URL of a published site on its subdomain. */
export const siteUrl = (config: Config, slug: string) => `${protocolOf(config)}//${siteAddress(config, slug)}/`;

/** The public URL of a site on a custom domain (always HTTPS outside local development). */
export const customDomainUrl = (config: Config, hostname: string) =>
  `${config.TRUST_PROXY ? 'https:' : protocolOf(config)}//${hostname}/`;

/** The app's own Host, which always serves the app (never a published site). */
export const appHostOf = (config: Config) => new URL(config.publicUrl).host.toLowerCase();

/** The parts of a published site's URL, for queries that write them (the projects list, ADR 0187). */
export const siteAddressingOf = (config: Config) => ({
  sitesDomain: sitesDomainOf(config),
  siteScheme: protocolOf(config),
  domainScheme: config.TRUST_PROXY ? 'https:' : protocolOf(config),
});

/** A DNS name (letters, digits, `-`, `_`, dots) or a bracketed IPv6 address, then an optional port. */
const HOST_SYNTAX = /^(?:(?<name>[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.*)|(?<ip6>\[[0-9a-f:.]+\]))(?::(?<port>\d{1,5}))?$/;

/**
 * A Host header as a lookup key (issue 36 #8): lower-case, without its port or trailing dots, so
 * `Shop.Example.:8080` and `shop.example` are one site and one cache entry. `null` when it is not a
 * host name at all (the front door answers 400); undefined when there is none.
 */
export function normalHost(raw: string | undefined): string | null | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim().toLowerCase();
  if (text.length === 0 || text.length > 260) return null;
  const match = HOST_SYNTAX.exec(text);
  if (!match?.groups) return null;
  const port = match.groups.port;
  if (port !== undefined && Number(port) > 65_535) return null;
  const name = match.groups.name?.replace(/\.+$/, '') ?? match.groups.ip6 ?? '';
  return name.length > 0 && name.length <= 253 ? name : null;
}
