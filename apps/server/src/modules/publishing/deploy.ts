import { type Deployment, type DeployResponse, PUBLISHING_MESSAGES } from '@div/shared/publishing';
import type { FileInput } from '@div/shared/spaces';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { customDomains, deploymentFiles, deployments, sites } from '../../db/schema/publishing';
import { spaces } from '../../db/schema/spaces';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { listImages, SITE_IMAGES_PATH, shortHash } from '../assets/service';
import { rewriteSiteImages } from '../assets/site-images';
import { mergeFormSpecs, rewriteForms } from '../forms/rewrite';
import { FORM_SPECS_PATH } from '../forms/visitor';
import { isHtmlPath, type PreparedFile, pagePathOf, prepareFile } from '../hosting/content';
import { hostingOf } from '../hosting/front-door';
import { customDomainUrl, siteUrl } from '../hosting/hosts';
import { storedFile } from '../hosting/stored-files';
import { checkFiles, getSpaceFiles } from '../spaces/service';
import { applyBadge, badgeHtml } from './badge';
import { stripPlaceholders } from './placeholders';
import { applySeo, seoOf } from './seo';
import { ensureSite } from './sites';

/**
 * Publishes a space: its current files (or the files or document sent) become an immutable
 * deployment, written with its precompressed variants in one transaction that also makes it live
 * (ADR 0108: compressing first and writing every column once beats writing the variants after).
 */
export async function deploySpace(opts: {
  ctx: AppContext;
  userId: string;
  plan: string;
  spaceId: string;
  html?: string | undefined;
  files?: FileInput[] | undefined;
}): Promise<DeployResponse> {
  const { ctx } = opts;
  let files: FileInput[];
  let sourceRevision: number | null = null;
  if (opts.files) files = opts.files;
  else if (opts.html !== undefined) files = [{ path: 'index.html', content: opts.html }];
  else {
    const current = await getSpaceFiles({ db: ctx.db, userId: opts.userId, spaceId: opts.spaceId });
    files = current.files;
    sourceRevision = current.revision;
  }
  const index = files.find((f) => f.path === 'index.html');
  if (!index?.content.trim()) throw badRequest(PUBLISHING_MESSAGES.noContent);
  checkFiles(files, true);

  try {
    // The space's own images: srcset, sizes, width and height, served from the site's origin (ADR 0205).
    const images = rewriteSiteImages(files, await listImages(ctx, opts.spaceId));
    files = images.files;
    // SEO only changes pages: every other file compresses on the thread pool while the site is read
    // (ensureSite also answers 404 for a space that is not the user's).
    const assets = files.map((f) => (isHtmlPath(f.path) ? undefined : prepareFile(f.path, f.content)));
    for (const asset of assets) asset?.catch(() => {});
    const [site, domain, badge] = await Promise.all([
      ensureSite({ db: ctx.db, userId: opts.userId, spaceId: opts.spaceId }),
      defaultDomainOf(ctx, opts.spaceId),
      badgeOf(ctx, opts.spaceId),
    ]);
    const seo = seoOf(site);
    // Forms without an external action of their own deliver to DIV (issue 23, ADR 0191).
    // The remix badge when the owner allows remixing the published site (ADR 0215).
    // Editor-only placeholders (sections asked for with nothing real yet) are never published (ADR 0252).
    const pages = files.map((f) => {
      if (!isHtmlPath(f.path)) return undefined;
      const page = stripPlaceholders(f.content);
      return rewriteForms(badge ? applyBadge(page, badge) : page, pagePathOf(f.path));
    });
    const forms = mergeFormSpecs(pages.map((p) => p?.forms ?? {}));
    const prepared = await Promise.all([
      ...files.map((f, i) => assets[i] ?? prepareFile(f.path, applySeo(pages[i]?.html ?? f.content, seo, opts.plan))),
      prepareFile(FORM_SPECS_PATH, JSON.stringify(forms)),
      prepareFile(SITE_IMAGES_PATH, JSON.stringify(images.used.map((image) => shortHash(image.hash)))),
    ]);
    const deploymentId = await writeDeployment(ctx, { ...opts, sourceRevision }, prepared);
    const hosting = hostingOf(ctx);
    hosting?.prime(opts.spaceId, deploymentId, prepared);
    await hosting?.invalidate(opts.spaceId);
    const url = domain ? customDomainUrl(ctx.config, domain) : siteUrl(ctx.config, site.slug);
    return { url, deploymentId, message: PUBLISHING_MESSAGES.deployed };
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error, spaceId: opts.spaceId }, 'deploy failed');
    throw new AppError('INTERNAL', PUBLISHING_MESSAGES.deployFailed);
  }
}

/**
 * Writes the deployment, its files with their variants (as bytes, ADR 0109; a compressed file without
 * its body, ADR 0227) and the live pointer in one transaction.
 */
async function writeDeployment(
  ctx: AppContext,
  opts: { userId: string; spaceId: string; sourceRevision: number | null },
  prepared: PreparedFile[],
): Promise<string> {
  const totalBytes = prepared.reduce((n, f) => n + f.body.length, 0);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deployments)
      .values({ spaceId: opts.spaceId, sourceRevision: opts.sourceRevision, fileCount: prepared.length, totalBytes })
      .returning({ id: deployments.id });
    if (!row) throw new Error('deployment not created');
    await tx.insert(deploymentFiles).values(prepared.map((f) => ({ deploymentId: row.id, ...storedFile(f) })));
    await tx
      .update(sites)
      .set({ liveDeploymentId: row.id, updatedAt: new Date() })
      .where(and(eq(sites.spaceId, opts.spaceId), eq(sites.ownerId, opts.userId)));
    return row.id;
  });
}

/** The badge's HTML when the space lets anyone remix its published site, else undefined. */
async function badgeOf(ctx: AppContext, spaceId: string): Promise<string | undefined> {
  const [space] = await ctx.db.select({ allowRemix: spaces.allowRemix }).from(spaces).where(eq(spaces.id, spaceId));
  return space?.allowRemix ? badgeHtml(ctx.config.publicUrl, spaceId) : undefined;
}

/** The hostname of the space's default active custom domain, if any. */
async function defaultDomainOf(ctx: AppContext, spaceId: string): Promise<string | undefined> {
  const [domain] = await ctx.db
    .select({ hostname: customDomains.hostname })
    .from(customDomains)
    .where(and(eq(customDomains.spaceId, spaceId), eq(customDomains.status, 'active'), eq(customDomains.isDefault, true)))
    .limit(1);
  return domain?.hostname;
}

/** The default active custom domain's URL, else the subdomain's. */
async function publicUrlOf(ctx: AppContext, spaceId: string, slug: string): Promise<string> {
  const domain = await defaultDomainOf(ctx, spaceId);
  return domain ? customDomainUrl(ctx.config, domain) : siteUrl(ctx.config, slug);
}

/** A space's deployments, newest first, with the live one marked. */
export async function listDeployments(opts: { ctx: AppContext; userId: string; spaceId: string }): Promise<Deployment[]> {
  const site = await ensureSite({ db: opts.ctx.db, userId: opts.userId, spaceId: opts.spaceId });
  const rows = await opts.ctx.db
    .select({
      id: deployments.id,
      createdAt: deployments.createdAt,
      sourceRevision: deployments.sourceRevision,
      fileCount: deployments.fileCount,
      totalBytes: deployments.totalBytes,
    })
    .from(deployments)
    .where(eq(deployments.spaceId, opts.spaceId))
    .orderBy(desc(deployments.createdAt), desc(deployments.id))
    .limit(100);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), live: r.id === site.liveDeploymentId }));
}

/** Makes an earlier deployment of the space live again (rollback). */
export async function activateDeployment(opts: {
  ctx: AppContext;
  userId: string;
  spaceId: string;
  deploymentId: string;
}): Promise<DeployResponse> {
  const site = await ensureSite({ db: opts.ctx.db, userId: opts.userId, spaceId: opts.spaceId });
  const mine = and(eq(sites.spaceId, opts.spaceId), eq(sites.ownerId, opts.userId));
  const found = await opts.ctx.db.transaction(async (tx) => {
    // The site row is locked before the deployment is looked up, so the retention job (which locks
    // it too) cannot delete the deployment between the check and the switch (ADR 0106).
    await tx.select({ spaceId: sites.spaceId }).from(sites).where(mine).for('update');
    const [row] = await tx
      .select({ id: deployments.id })
      .from(deployments)
      .where(and(eq(deployments.id, opts.deploymentId), eq(deployments.spaceId, opts.spaceId)))
      .limit(1);
    if (!row) throw notFound(PUBLISHING_MESSAGES.deploymentNotFound);
    await tx.update(sites).set({ liveDeploymentId: row.id, updatedAt: new Date() }).where(mine);
    return row;
  });
  await hostingOf(opts.ctx)?.invalidate(opts.spaceId);
  return {
    url: await publicUrlOf(opts.ctx, opts.spaceId, site.slug),
    deploymentId: found.id,
    message: PUBLISHING_MESSAGES.deployed,
  };
}
