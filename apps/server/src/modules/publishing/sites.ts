import { randomBytes } from 'node:crypto';
import { PUBLISHING_MESSAGES, type Site, SLUG_MAX, slugFromName, slugProblem } from '@div/shared/publishing';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Database, isUniqueViolation } from '../../db/client';
import { deployments, type SiteSeo, sites } from '../../db/schema/publishing';
import { spaces } from '../../db/schema/spaces';
import { AppError, badRequest } from '../../lib/errors';
import { siteAddress, siteUrl } from '../hosting/hosts';
import { findSpace } from '../spaces/service';

export interface SiteRow {
  spaceId: string;
  slug: string;
  liveDeploymentId: string | null;
  seo: SiteSeo | null;
}

const siteColumns = { spaceId: sites.spaceId, slug: sites.slug, liveDeploymentId: sites.liveDeploymentId, seo: sites.seo };

/** The site row of a space the user owns: its slug is made from the space name on first use. */
export async function ensureSite(opts: { db: Database; userId: string; spaceId: string }): Promise<SiteRow> {
  const existing = await findSiteRow(opts.db, opts.spaceId, opts.userId);
  if (existing) return existing;
  const space = await findSpace({ db: opts.db, userId: opts.userId, spaceId: opts.spaceId });
  return claimSlug({ db: opts.db, userId: opts.userId, spaceId: space.id, base: slugFromName(space.name) });
}

async function findSiteRow(db: Database, spaceId: string, userId: string): Promise<SiteRow | undefined> {
  const [row] = await db
    .select(siteColumns)
    .from(sites)
    .where(and(eq(sites.spaceId, spaceId), eq(sites.ownerId, userId)))
    .limit(1);
  return row;
}

/**
 * Inserts the site with the first free candidate: the base, then the base with a random suffix. The
 * unique index decides races: of two people inserting one slug exactly one row is written, the other
 * insert does nothing and moves on to a suffixed candidate.
 */
async function claimSlug(opts: { db: Database; userId: string; spaceId: string; base: string }) {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const suffix = attempt === 0 ? '' : `-${randomBytes(3).toString('hex')}`;
    const slug = `${opts.base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    const [row] = await opts.db
      .insert(sites)
      .values({ spaceId: opts.spaceId, ownerId: opts.userId, slug })
      .onConflictDoNothing()
      .returning(siteColumns);
    if (row) return row;
    // The conflict may be on the space itself (a concurrent first deploy of the same space).
    const mine = await findSiteRow(opts.db, opts.spaceId, opts.userId);
    if (mine) return mine;
  }
  throw new AppError('CONFLICT', PUBLISHING_MESSAGES.slugTaken);
}

/** Renames a site's subdomain; the rule is enforced here (400), a taken slug is a 409. */
export async function renameSlug(opts: { db: Database; userId: string; spaceId: string; slug: string }) {
  const slug = opts.slug.trim().toLowerCase();
  const problem = slugProblem(slug);
  if (problem === 'invalid') throw badRequest(PUBLISHING_MESSAGES.slugInvalid);
  if (problem === 'reserved') throw badRequest(PUBLISHING_MESSAGES.slugReserved);
  const current = await ensureSite(opts);
  if (current.slug === slug) return current;
  try {
    const [row] = await opts.db
      .update(sites)
      .set({ slug, updatedAt: new Date() })
      .where(and(eq(sites.spaceId, opts.spaceId), eq(sites.ownerId, opts.userId)))
      .returning(siteColumns);
    if (!row) throw new AppError('NOT_FOUND', 'Proyecto no encontrado');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', PUBLISHING_MESSAGES.slugTaken);
    throw error;
  }
}

/** Every space of the user with its site address (slugs are assigned to spaces that have none yet). */
export async function listSites(opts: { db: Database; config: Config; userId: string }): Promise<Site[]> {
  const rows = await opts.db
    .select({
      spaceId: spaces.id,
      spaceName: spaces.name,
      slug: sites.slug,
      liveDeploymentId: sites.liveDeploymentId,
      createdAt: spaces.createdAt,
      updatedAt: spaces.updatedAt,
    })
    .from(spaces)
    .leftJoin(sites, eq(sites.spaceId, spaces.id))
    .where(eq(spaces.ownerId, opts.userId))
    .orderBy(desc(spaces.createdAt), desc(spaces.id));
  const deployedAt = await lastDeployTimes(opts.db, opts.userId);
  const result: Site[] = [];
  for (const row of rows) {
    const site = row.slug
      ? { slug: row.slug, liveDeploymentId: row.liveDeploymentId }
      : await ensureSite({ db: opts.db, userId: opts.userId, spaceId: row.spaceId });
    result.push(
      toSite(
        opts.config,
        { ...site, spaceId: row.spaceId, spaceName: row.spaceName, editedAt: row.updatedAt.toISOString() },
        deployedAt.get(row.spaceId),
      ),
    );
  }
  return result;
}

async function lastDeployTimes(db: Database, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ spaceId: sites.spaceId, createdAt: deployments.createdAt })
    .from(sites)
    .innerJoin(deployments, eq(deployments.id, sites.liveDeploymentId))
    .where(eq(sites.ownerId, userId));
  return new Map(rows.map((r) => [r.spaceId, r.createdAt.toISOString()]));
}

export async function getSite(opts: { db: Database; config: Config; userId: string; spaceId: string }): Promise<Site> {
  const space = await findSpace(opts);
  const site = await ensureSite(opts);
  const times = await lastDeployTimes(opts.db, opts.userId);
  return toSite(
    opts.config,
    { ...site, spaceId: space.id, spaceName: space.name, editedAt: space.updatedAt },
    times.get(space.id),
  );
}

export function toSite(
  config: Config,
  row: { spaceId: string; spaceName: string; slug: string; liveDeploymentId: string | null; editedAt: string },
  deployedAt: string | undefined,
): Site {
  return {
    spaceId: row.spaceId,
    spaceName: row.spaceName,
    slug: row.slug,
    address: siteAddress(config, row.slug),
    url: siteUrl(config, row.slug),
    liveDeploymentId: row.liveDeploymentId,
    deployedAt: deployedAt ?? null,
    editedAt: row.editedAt,
  };
}
