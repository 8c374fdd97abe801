import type { PublishedSite } from '@div/shared/spaces';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customDomains, deployments, sites } from '../../db/schema/publishing';
import type { SiteAddressing } from './read-json';

/**
 * Where each of `spaceIds` is published, for lists read with Drizzle (the shared spaces); the
 * projects list writes the same in its JSON query (read-json.ts, ADR 0187). Unpublished spaces are
 * absent from the map.
 */
export async function publishedSites(
  db: Database,
  addressing: SiteAddressing,
  spaceIds: readonly string[],
): Promise<Map<string, PublishedSite>> {
  if (spaceIds.length === 0) return new Map();
  const rows = await db
    .select({ spaceId: sites.spaceId, slug: sites.slug, at: deployments.createdAt, hostname: customDomains.hostname })
    .from(sites)
    .innerJoin(deployments, eq(deployments.id, sites.liveDeploymentId))
    .leftJoin(
      customDomains,
      and(eq(customDomains.spaceId, sites.spaceId), eq(customDomains.status, 'active'), eq(customDomains.isDefault, true)),
    )
    .where(inArray(sites.spaceId, [...spaceIds]));
  const found = new Map<string, PublishedSite>();
  for (const row of rows) {
    const address = row.hostname ?? `${row.slug}.${addressing.sitesDomain}`;
    const scheme = row.hostname ? addressing.domainScheme : addressing.siteScheme;
    found.set(row.spaceId, { address, url: `${scheme}//${address}/`, at: row.at.toISOString() });
  }
  return found;
}
