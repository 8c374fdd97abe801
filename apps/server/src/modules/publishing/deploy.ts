import { type Deployment, type DeployResponse, PUBLISHING_MESSAGES } from '@div/shared/publishing';
import type { FileInput } from '@div/shared/spaces';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { customDomains, deploymentFiles, deployments, sites } from '../../db/schema/publishing';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { contentTypeOf, etagOf, type PreparedFile, prepareFile } from '../hosting/content';
import { hostingOf } from '../hosting/hosting';
import { customDomainUrl, siteUrl } from '../hosting/hosts';
import { checkFiles, findSpace, getSpaceFiles } from '../spaces/service';
import { applySeo, getSeo } from './seo';
import { ensureSite } from './sites';

/**
 * Publishes a space: its current files (or the files or document sent) become an immutable
 * deployment, written with its precompressed variants in one transaction that also makes it live.
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
  if (opts.files) {
    await findSpace({ db: ctx.db, userId: opts.userId, spaceId: opts.spaceId });
    files = opts.files;
  } else if (opts.html !== undefined) {
    await findSpace({ db: ctx.db, userId: opts.userId, spaceId: opts.spaceId });
    files = [{ path: 'index.html', content: opts.html }];
  } else {
    const current = await getSpaceFiles({ db: ctx.db, userId: opts.userId, spaceId: opts.spaceId });
    files = current.files;
    sourceRevision = current.revision;
  }
  const index = files.find((f) => f.path === 'index.html');
  if (!index?.content.trim()) throw badRequest(PUBLISHING_MESSAGES.noContent);
  checkFiles(files, true);

  try {
    const site = await ensureSite({ db: ctx.db, userId: opts.userId, spaceId: opts.spaceId });
    const seo = await getSeo({ db: ctx.db, userId: opts.userId, spaceId: opts.spaceId });
    const texts = files.map((f) => ({
      path: f.path,
      content: /\.html?$/i.test(f.path) ? applySeo(f.content, seo, opts.plan) : f.content,
    }));
    // Compression runs on the thread pool while the bytes are written; its variants are stored after.
    const compressing = Promise.all(texts.map((f) => prepareFile(f.path, f.content)));
    compressing.catch(() => {});
    const totalBytes = texts.reduce((n, f) => n + Buffer.byteLength(f.content, 'utf8'), 0);
    const deploymentId = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(deployments)
        .values({ spaceId: opts.spaceId, sourceRevision, fileCount: texts.length, totalBytes })
        .returning({ id: deployments.id });
      if (!row) throw new Error('deployment not created');
      await tx.insert(deploymentFiles).values(
        texts.map((f) => ({
          deploymentId: row.id,
          path: f.path,
          contentType: contentTypeOf(f.path),
          etag: etagOf(Buffer.from(f.content, 'utf8')),
          body: f.content,
        })),
      );
      await tx
        .update(sites)
        .set({ liveDeploymentId: row.id, updatedAt: new Date() })
        .where(and(eq(sites.spaceId, opts.spaceId), eq(sites.ownerId, opts.userId)));
      return row.id;
    });
    const prepared = await compressing;
    const hosting = hostingOf(ctx);
    hosting?.prime(deploymentId, prepared);
    hosting?.invalidate(opts.spaceId);
    const storing = storeVariants(ctx, deploymentId, prepared);
    if (hosting) hosting.track(storing);
    else await storing;
    return { url: await publicUrlOf(ctx, opts.spaceId, site.slug), deploymentId, message: PUBLISHING_MESSAGES.deployed };
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error, spaceId: opts.spaceId }, 'deploy failed');
    throw new AppError('INTERNAL', PUBLISHING_MESSAGES.deployFailed);
  }
}

/**
 * Stores the precomputed gzip and brotli variants of a deployment (base64) for other instances; the
 * deploying instance already serves them from memory. Until stored, another instance computes them
 * itself when it first loads the deployment.
 */
async function storeVariants(ctx: AppContext, deploymentId: string, prepared: PreparedFile[]): Promise<void> {
  try {
    for (const f of prepared) {
      if (!f.gzip && !f.brotli) continue;
      await ctx.db
        .update(deploymentFiles)
        .set({ gzip: f.gzip?.toString('base64') ?? null, brotli: f.brotli?.toString('base64') ?? null })
        .where(and(eq(deploymentFiles.deploymentId, deploymentId), eq(deploymentFiles.path, f.path)));
    }
  } catch (error) {
    ctx.log.warn({ err: error, deploymentId }, 'compressed variants not stored');
  }
}

/** The default active custom domain's URL, else the subdomain's. */
async function publicUrlOf(ctx: AppContext, spaceId: string, slug: string): Promise<string> {
  const [domain] = await ctx.db
    .select({ hostname: customDomains.hostname })
    .from(customDomains)
    .where(and(eq(customDomains.spaceId, spaceId), eq(customDomains.status, 'active'), eq(customDomains.isDefault, true)))
    .limit(1);
  return domain ? customDomainUrl(ctx.config, domain.hostname) : siteUrl(ctx.config, slug);
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
  const [found] = await opts.ctx.db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(eq(deployments.id, opts.deploymentId), eq(deployments.spaceId, opts.spaceId)))
    .limit(1);
  if (!found) throw notFound(PUBLISHING_MESSAGES.deploymentNotFound);
  await opts.ctx.db
    .update(sites)
    .set({ liveDeploymentId: found.id, updatedAt: new Date() })
    .where(and(eq(sites.spaceId, opts.spaceId), eq(sites.ownerId, opts.userId)));
  hostingOf(opts.ctx)?.invalidate(opts.spaceId);
  return {
    url: await publicUrlOf(opts.ctx, opts.spaceId, site.slug),
    deploymentId: found.id,
    message: PUBLISHING_MESSAGES.deployed,
  };
}
