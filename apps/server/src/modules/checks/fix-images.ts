import type { ReviewNote } from '@div/shared/checks';
import type { FileInput } from '@div/shared/spaces';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { attr, escapeAttr } from '../../lib/html-elements';
import type { SpaceAccess } from '../../lib/space-access';
import { addImageVariant, type ImageRow, uploadImage } from '../assets/service';
import { inlineImageBytes, oversizedImages, resizeTarget } from './content-rules';
import { applyEdits, type TextEdit } from './edits';
import { readSite } from './site';

/*
 * The Revisión's fix of "image weight against the size shown" (issue 40, ADR 0244), through the
 * space's image pipeline (modules/assets: sharp, WebP variants, storage, the owner's allowance):
 * - an image of the space shown much smaller than its smallest variant gets a variant of twice the
 *   width shown, so the published `srcset` offers it;
 * - a heavy data: URL written into a page is uploaded as an image of the space, and the page names
 *   it (`images/<name>`), so the site serves it in variants at its size.
 * It runs before the files' fixes and its page edits land in the same version.
 */

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i;

export async function fixImageWeight(
  ctx: AppContext,
  access: SpaceAccess,
  input: { files: readonly FileInput[]; images: readonly ImageRow[] },
): Promise<{ files: FileInput[]; images: ImageRow[]; resized: number; review: ReviewNote[] }> {
  const images = new Map(input.images.map((image) => [image.name, image]));
  const review: ReviewNote[] = [];
  let resized = 0;
  const site = readSite({ files: input.files, images: input.images });
  const owner = { spaceId: access.spaceId, ownerId: access.ownerId, plan: access.ownerPlan };
  const refused = (file: string, line: number | undefined, error: unknown) => {
    const reason = error instanceof AppError ? error.message : 'No se pudo procesar la imagen.';
    review.push({
      file,
      ...(line ? { line } : {}),
      message: { es: `Imagen sin reducir: ${reason}`, en: `Image not resized: ${reason}` },
    });
  };
  const edited = new Map<string, string>();
  for (const page of site.pages) {
    for (const { el, name, image, shown } of oversizedImages(site, page)) {
      const row = images.get(name);
      if (!row) continue;
      try {
        const after = await addImageVariant(ctx, { ...owner, image: row, width: resizeTarget(image, shown) });
        if (after !== row) resized++;
        images.set(name, after);
      } catch (error) {
        refused(page.path, el.sourceCodeLocation?.startLine, error);
      }
    }
    const edits: TextEdit[] = [];
    for (const el of page.all) {
      const location = el.sourceCodeLocation?.attrs?.src;
      const match = inlineImageBytes(el) && location ? DATA_URL.exec(attr(el, 'src')?.trim() ?? '') : null;
      if (!match || !location) continue;
      const kind = (match[1] as string).split('/')[1]?.replace('jpeg', 'jpg').replace('svg+xml', 'svg') ?? 'img';
      try {
        const row = await uploadImage(ctx, {
          ...owner,
          fileName: `${page.path.replace(/\.html?$/i, '')}-imagen.${kind}`,
          alt: attr(el, 'alt') ?? '',
          body: Buffer.from((match[2] as string).replace(/\s+/g, ''), 'base64'),
        });
        images.set(row.name, row);
        resized++;
        edits.push({
          start: location.startOffset,
          end: location.endOffset,
          text: `src="${escapeAttr(`images/${row.name}`)}"`,
        });
      } catch (error) {
        refused(page.path, location.startLine, error);
      }
    }
    if (edits.length) edited.set(page.path, applyEdits(page.html, edits));
  }
  const files = input.files.map((f) => (edited.has(f.path) ? { path: f.path, content: edited.get(f.path) as string } : f));
  return { files, images: [...images.values()], resized, review };
}
