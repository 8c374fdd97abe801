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
