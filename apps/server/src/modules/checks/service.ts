import {
  CHECKS_FIX_PROMPT,
  type CheckRule,
  type ChecksResponse,
  type FixChecksResponse,
  summarizeFindings,
} from '@div/shared/checks';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { spaces } from '../../db/schema/spaces';
import { notFound } from '../../lib/errors';
import type { SpaceAccess } from '../../lib/space-access';
import { listImages } from '../assets/service';
import { readFiles, toSpaceFile } from '../spaces/service';
import { appendVersion } from '../spaces/versions';
import { checkSite } from './check-site';
import { fixImageWeight } from './fix-images';
import { fixSite } from './fix-site';
import type { CheckInput } from './site';

/*
 * "Revisión" (issue 40, ADR 0259): the space's current files and images checked, and the fixes of
 * one click written as one version ("Correcciones de la revisión") that the history restores in
 * one step. The caller has checked access (lib/space-access.ts): viewers read, editors fix.
 */

async function readSiteOf(
  ctx: AppContext,
  spaceId: string,
): Promise<CheckInput & { revision: number; images: Awaited<ReturnType<typeof listImages>> }> {
  const [[row], files, images] = await Promise.all([
    ctx.db.select({ revision: spaces.revision }).from(spaces).where(eq(spaces.id, spaceId)).limit(1),
    readFiles(ctx.db, spaceId),
    listImages(ctx, spaceId),
  ]);
  if (!row) throw notFound('Proyecto no encontrado');
  return { revision: row.revision, files, images };
}

export async function getChecks(opts: { ctx: AppContext; access: SpaceAccess }): Promise<ChecksResponse> {
  const site = await readSiteOf(opts.ctx, opts.access.spaceId);
  const findings = await checkSite(site);
  return { findings, summary: summarizeFindings(findings), revision: site.revision };
}

/**
 * Fixes the fixable findings of `rules` (all when absent) as one version, written only when a file
 * changed and only over the revision that was checked (a save meanwhile answers 409).
 */
export async function fixChecks(opts: {
  ctx: AppContext;
  access: SpaceAccess;
  authorId: string;
  rules?: readonly CheckRule[] | undefined;
}): Promise<FixChecksResponse> {
  const { ctx, access } = opts;
  const site = await readSiteOf(ctx, access.spaceId);
  const before = await checkSite(site);
  // Images first (the pipeline's work, ADR 0244): their page edits go into the same version.
  const images =
    !opts.rules || opts.rules.includes('image-weight')
      ? await fixImageWeight(ctx, access, site)
      : { files: [...site.files], images: site.images, resized: 0, review: [] };
  const fixed = fixSite({ files: images.files, images: images.images }, opts.rules);
  fixed.review.unshift(...images.review);
  const changed = images.resized > 0 || fixed.files.some((f, i) => f.content !== site.files[i]?.content);
  if (!changed) {
    return {
      findings: before,
      summary: summarizeFindings(before),
      revision: site.revision,
      version: null,
      files: site.files.map(toSpaceFile),
      fixed: 0,
      review: fixed.review,
    };
  }
  const { version, revision } = await ctx.db.transaction((tx) =>
    appendVersion({
      tx,
      spaceId: access.spaceId,
      userId: access.ownerId,
      files: fixed.files,
      prompt: CHECKS_FIX_PROMPT,
      source: 'checks',
      authorId: opts.authorId,
      expectedRevision: site.revision,
    }),
  );
  const findings = await checkSite({ files: fixed.files, images: images.images });
  return {
    findings,
    summary: summarizeFindings(findings),
    revision,
    version,
    files: fixed.files.map(toSpaceFile),
    fixed: Math.max(0, before.length - findings.length),
    review: fixed.review,
  };
}
