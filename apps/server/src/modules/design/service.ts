import { DESIGN_MESSAGES, type DesignChangeResponse, type DesignsResponse } from '@div/shared/design';
import type { FileInput } from '@div/shared/spaces';
import { assemblePreview } from '@div/site-engine/assemble';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { spaces } from '../../db/schema/spaces';
import { AppError, notFound } from '../../lib/errors';
import type { SpaceAccess } from '../../lib/space-access';
import { familyById, otherFamilies } from '../../providers/ai/composer/design/choose';
import { families } from '../../providers/ai/composer/design/families.data';
import { faceName } from '../../providers/ai/composer/design/fonts';
import { restyleSite, siteFamily } from '../../providers/ai/composer/design/restyle';
import type { DesignFamily } from '../../providers/ai/composer/design/types';
import { placeHeroImage } from '../../providers/ai/composer/followup-photo';
import { listImages, toSpaceImage } from '../assets/service';
import { readFiles, toSpaceFile } from '../spaces/service';
import { appendVersion } from '../spaces/versions';

/**
 * "Cambiar diseño" and "Usar en la portada" (issue 38, ADR 0257): changes the editor makes without
 * the AI and without a message, each one new version over the revision it read (a save meanwhile
 * answers 409). The caller has checked access (lib/space-access.ts): viewers look, editors apply.
 */

async function readSite(ctx: AppContext, spaceId: string): Promise<{ files: FileInput[]; revision: number }> {
  const [[row], files] = await Promise.all([
    ctx.db.select({ revision: spaces.revision }).from(spaces).where(eq(spaces.id, spaceId)).limit(1),
    readFiles(ctx.db, spaceId),
  ]);
  if (!row) throw notFound('Proyecto no encontrado');
  return { files, revision: row.revision };
}

const infoOf = (f: DesignFamily) => ({
  id: f.id,
  name: { es: f.name[0], en: f.name[1] },
  dark: f.dark,
  fonts: { display: faceName(f.display.font), body: faceName(f.body.font) },
  swatch: { bg: f.surfaces.bg, surface: f.surfaces.surface, text: f.surfaces.text },
});

export async function listDesigns(ctx: AppContext, access: SpaceAccess): Promise<DesignsResponse> {
  const { files } = await readSite(ctx, access.spaceId);
  const current = siteFamily(files);
  const restylable =
    restyleSite(files, current ? (otherFamilies(current.id)[0] as DesignFamily) : (families[0] as DesignFamily)) !== null;
  return {
    current: current?.id ?? null,
    restylable,
    families: (current ? otherFamilies(current.id) : families).map(infoOf),
  };
}

function targetOf(id: string): DesignFamily {
  const family = familyById(id);
  if (!family) throw new AppError('BAD_REQUEST', DESIGN_MESSAGES.unknownFamily);
  return family;
}

/** The site in another family as one document for a small preview; its images at their preview URLs. */
export async function previewDesign(ctx: AppContext, access: SpaceAccess, familyId: string): Promise<string> {
  const target = targetOf(familyId);
  const [{ files }, images] = await Promise.all([readSite(ctx, access.spaceId), listImages(ctx, access.spaceId)]);
  const next = restyleSite(files, target);
  if (!next) throw new AppError('BAD_REQUEST', DESIGN_MESSAGES.notRestylable);
  const urls = new Map(images.map((row) => [row.name, toSpaceImage(row, '').variants[0]?.url ?? '']));
  const html = assemblePreview(next);
  return html.replace(/(["'(])images\/([a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,4})(?=["')])/g, (all, lead: string, name: string) =>
    urls.get(name) ? `${lead}${urls.get(name)}` : all,
  );
}

async function writeVersion(
  ctx: AppContext,
  access: SpaceAccess,
  authorId: string,
  site: { files: FileInput[]; revision: number },
  files: FileInput[],
  prompt: string,
): Promise<DesignChangeResponse> {
  const { version, revision } = await ctx.db.transaction((tx) =>
    appendVersion({
      tx,
      spaceId: access.spaceId,
      userId: access.ownerId,
      files,
      prompt,
      source: 'design',
      authorId,
      expectedRevision: site.revision,
    }),
  );
  return { version, revision, files: files.map(toSpaceFile) };
}

/** The same content in another family, as a new version. */
export async function applyDesign(opts: {
  ctx: AppContext;
  access: SpaceAccess;
  authorId: string;
  family: string;
}): Promise<DesignChangeResponse> {
  const target = targetOf(opts.family);
  const site = await readSite(opts.ctx, opts.access.spaceId);
  if (siteFamily(site.files)?.id === target.id) throw new AppError('BAD_REQUEST', DESIGN_MESSAGES.sameFamily);
  const next = restyleSite(site.files, target);
  if (!next) throw new AppError('BAD_REQUEST', DESIGN_MESSAGES.notRestylable);
  return writeVersion(opts.ctx, opts.access, opts.authorId, site, next, `Cambiar diseño: ${target.name[0]}`);
}

/** One of the space's images in the hero's slot, as a new version. */
export async function useHeroImage(opts: {
  ctx: AppContext;
  access: SpaceAccess;
  authorId: string;
  name: string;
}): Promise<DesignChangeResponse> {
  const [site, images] = await Promise.all([readSite(opts.ctx, opts.access.spaceId), listImages(opts.ctx, opts.access.spaceId)]);
  const image = images.find((row) => row.name === opts.name);
  if (!image) throw new AppError('BAD_REQUEST', DESIGN_MESSAGES.noImage);
  const changed = placeHeroImage(new Map(site.files.map((f) => [f.path, f.content])), {
    ...image,
    createdAt: image.createdAt.toISOString(),
  });
  if (!changed) throw new AppError('BAD_REQUEST', DESIGN_MESSAGES.noHero);
  const files = site.files.map((f) => ({ path: f.path, content: changed.get(f.path) ?? f.content }));
  return writeVersion(opts.ctx, opts.access, opts.authorId, site, files, `Usar ${image.name} en la portada`);
}
