import { THUMBNAIL_MAX_BYTES } from '@div/shared/spaces';
import { assemblePreview } from '@div/site-engine/assemble';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { spaces } from '../../db/schema/spaces';
import { notFound } from '../../lib/errors';
import { listImages, toSpaceImage } from '../assets/service';
import { readFiles } from './service';
import { sanitiseThumbnail } from './thumbnail-sanitiser';

/**
 * The page a project card draws as its thumbnail (ADR 0187): the space's current index.html with
 * its stylesheets inlined and its own images at their smallest variant, sanitised (ADR 0240): no
 * scripts, handlers, frames, `javascript:` targets or loads from elsewhere. The card's frame is
 * sandboxed without scripts as well. Progressive pages (the composer's hide nothing without
 * JavaScript) draw as they look.
 */
export function thumbnailDocument(files: { path: string; content: string }[], images: Record<string, string>): string | null {
  const html = sanitiseThumbnail(assemblePreview(files, { images }));
  return Buffer.byteLength(html, 'utf8') > THUMBNAIL_MAX_BYTES ? null : html;
}

/** The thumbnail of a space the caller may read (checked by the route), with the revision it shows. */
export async function spaceThumbnail(ctx: AppContext, spaceId: string): Promise<{ html: string | null; revision: number }> {
  const [space] = await ctx.db.select({ revision: spaces.revision }).from(spaces).where(eq(spaces.id, spaceId)).limit(1);
  if (!space) throw notFound('Proyecto no encontrado');
  const [files, rows] = await Promise.all([readFiles(ctx.db, spaceId), listImages(ctx, spaceId)]);
  const images: Record<string, string> = {};
  for (const row of rows) {
    const [first, ...rest] = toSpaceImage(row, '').variants;
    if (first) images[row.name] = rest.reduce((a, b) => (b.width < a.width ? b : a), first).url;
  }
  return { html: thumbnailDocument(files, images), revision: space.revision };
}
