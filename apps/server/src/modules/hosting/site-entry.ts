import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { customDomains, deploymentFiles, type SiteSeo, sites } from '../../db/schema/publishing';
import { users } from '../../db/schema/users';
import { SITE_IMAGES_PATH } from '../assets/service';
import type { FormSpecs } from '../forms/rewrite';
import { FORM_SPECS_PATH } from '../forms/visitor';
import { isHtmlPath, noSitePage, pagePathOf, prepareFile } from './content';
import { siteAddress } from './hosts';
import { generated, type ServedFile } from './served-file';
import { bodyOf } from './stored-files';

// What a published site's Host serves, read from the database: which space and deployment a Host
// names, the deployment's prepared files, and the entry built from them (robots.txt, sitemap.xml,
// forms and images lists). hosting.ts caches these; this file only reads and builds (ADR 0284).

export interface SiteEntry {
  spaceId: string;
  deploymentId: string | null;
  analytics: boolean;
  files: Map<string, ServedFile>;
  notFound: ServedFile;
  checkedAt: number;
  /** The deployment's forms (issue 23), read from its `_div/forms.json`. */
  forms: FormSpecs;
  /** The space's images the deployment serves (issue 24), by short hash, read from its `_div/images.json`. */
  images: Set<string>;
}

export interface ResolvedHost {
  spaceId: string;
  deploymentId: string | null;
  plan: string;
  seo: SiteSeo | null;
}

export interface DeploymentFiles {
  spaceId: string;
  files: Map<string, ServedFile>;
  bytes: number;
}

export const analyticsPlan = (plan: string) => plan === 'medium' || plan === 'pro';

/** The page a site Host with nothing published answers (404). */
export const noSite = (host: string) => generated('404.html', 'text/html; charset=utf-8', noSitePage(host));

/** The site a Host names: `{slug}{suffix}`, or a verified custom domain. */
export async function resolveHost(db: Database, host: string, suffix: string): Promise<ResolvedHost | undefined> {
  const columns = { spaceId: sites.spaceId, deploymentId: sites.liveDeploymentId, plan: users.plan, seo: sites.seo };
  if (host.endsWith(suffix)) {
    const slug = host.slice(0, -suffix.length);
    if (slug.includes('.')) return undefined;
    const [row] = await db
      .select(columns)
      .from(sites)
      .innerJoin(users, eq(users.id, sites.ownerId))
      .where(eq(sites.slug, slug))
      .limit(1);
    return row;
  }
  const [row] = await db
    .select(columns)
    .from(customDomains)
    .innerJoin(sites, eq(sites.spaceId, customDomains.spaceId))
    .innerJoin(users, eq(users.id, sites.ownerId))
    .where(and(eq(customDomains.hostname, host), eq(customDomains.status, 'active')))
    .limit(1);
  return row;
}

/** A deployment's files with their bodies and compressed variants, ready to serve. */
export async function readDeployment(db: Database, deploymentId: string) {
  const rows = await db
    .select({
      path: deploymentFiles.path,
      contentType: deploymentFiles.contentType,
      etag: deploymentFiles.etag,
      body: deploymentFiles.body,
      gzip: deploymentFiles.gzip,
      brotli: deploymentFiles.brotli,
    })
    .from(deploymentFiles)
    .where(eq(deploymentFiles.deploymentId, deploymentId));
  // A compressed file is stored without its body (ADR 0227); deployments stored without variants
  // (before ADR 0108) get them computed here once.
  return Promise.all(
    rows.map(async (row) => {
      const body = await bodyOf(row);
      return row.gzip === null && row.brotli === null ? prepareFile(row.path, body) : { ...row, body };
    }),
  );
}

/** A Host's entry: the deployment's files plus robots.txt and sitemap.xml unless the site has its own. */
export function siteEntryOf(opts: {
  config: Config;
  host: string;
  suffix: string;
  resolved: ResolvedHost;
  deployment: DeploymentFiles;
  notFound: ServedFile;
}): SiteEntry {
  const { config, host, suffix, resolved, deployment } = opts;
  const files = new Map(deployment.files);
  const paths = [...deployment.files.keys()];
  // A subdomain's address keeps the sites domain's port (local development: `shop.localhost:3000`).
  const address = host.endsWith(suffix) ? siteAddress(config, host.slice(0, -suffix.length)) : host;
  const origin = `${config.TRUST_PROXY ? 'https' : new URL(config.publicUrl).protocol.slice(0, -1)}://${address}`;
  const indexing = resolved.seo?.indexing ?? true;
  if (!files.has('robots.txt')) {
    const robots = indexing ? `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n` : 'User-agent: *\nDisallow: /\n';
    files.set('robots.txt', generated('robots.txt', 'text/plain; charset=utf-8', robots));
  }
  if (!files.has('sitemap.xml')) {
    const pages = paths
      .filter((p) => isHtmlPath(p) && p !== '404.html')
      .sort((a, b) => (a === 'index.html' ? -1 : b === 'index.html' ? 1 : a.localeCompare(b)));
    const urls = indexing ? pages.map((p) => `  <url><loc>${origin}${encodeURI(pagePathOf(p))}</loc></url>`) : [];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`;
    files.set('sitemap.xml', generated('sitemap.xml', 'application/xml; charset=utf-8', xml));
  }
  const own = files.get('404.html');
  const specs = files.get(FORM_SPECS_PATH);
  files.delete(FORM_SPECS_PATH);
  const images = files.get(SITE_IMAGES_PATH);
  files.delete(SITE_IMAGES_PATH);
  return {
    images: new Set(images ? (JSON.parse(images.identity.body.toString('utf8')) as string[]) : []),
    forms: specs ? (JSON.parse(specs.identity.body.toString('utf8')) as FormSpecs) : {},
    spaceId: resolved.spaceId,
    deploymentId: resolved.deploymentId as string,
    analytics: analyticsPlan(resolved.plan),
    files,
    notFound: own ?? opts.notFound,
    checkedAt: Date.now(),
  };
}
