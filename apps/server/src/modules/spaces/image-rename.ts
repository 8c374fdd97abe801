import { IMAGE_MESSAGES, imageReference } from '@div/shared/assets';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/client';
import { spaceImages } from '../../db/schema/assets';
import { AppError, notFound } from '../../lib/errors';
import { findImage, type ImageRow, referencePattern } from '../assets/service';
import { getSpaceFiles, saveFiles } from './service';

// Renaming an image is a change of the space's files (every `images/<old>` becomes `images/<new>`),
// so it lives with the files, above the image store it reads (ADR 0284).

/**
 * Renames an image and rewrites `images/<old>` to `images/<new>` in the space's files in one save
 * (a conflict with an edit in between answers 409 and changes nothing); a new alt text is kept as
 * the image's default.
 */
export async function updateImage(
  ctx: AppContext,
  opts: { spaceId: string; ownerId: string; imageId: string; name?: string | undefined; alt?: string | undefined },
): Promise<{ row: ImageRow; revision: number; filesChanged: boolean }> {
  const current = await findImage(ctx, opts.spaceId, opts.imageId);
  const renamed = opts.name !== undefined && opts.name !== current.name;
  if (renamed && opts.name?.slice(opts.name.lastIndexOf('.')) !== current.name.slice(current.name.lastIndexOf('.'))) {
    throw new AppError('VALIDATION', IMAGE_MESSAGES.wrongExtension);
  }
  const { files, revision } = await getSpaceFiles({ db: ctx.db, userId: opts.ownerId, spaceId: opts.spaceId });
  const changed = renamed
    ? files
        .filter((f) => referencePattern(current.name).test(f.content))
        .map((f) => ({
          path: f.path,
          content: f.content.replace(referencePattern(current.name), imageReference(opts.name as string)),
        }))
    : [];
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(spaceImages)
        .set({ ...(renamed ? { name: opts.name } : {}), ...(opts.alt !== undefined ? { alt: opts.alt } : {}) })
        .where(and(eq(spaceImages.spaceId, opts.spaceId), eq(spaceImages.id, opts.imageId)))
        .returning();
      if (!row) throw notFound(IMAGE_MESSAGES.notFound);
      if (!changed.length) return { row, revision, filesChanged: false };
      const saved = await saveFiles({ db: tx, userId: opts.ownerId, spaceId: opts.spaceId, body: { revision, files: changed } });
      return { row, revision: saved.revision, filesChanged: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', IMAGE_MESSAGES.nameTaken);
    throw error;
  }
}
