import { imageReference } from '@div/shared/assets';
import { exportFormatOf, type FileInput, MESSAGES } from '@div/shared/spaces';
import { assemblePreview } from '@div/site-engine/assemble';
import { asc, eq } from 'drizzle-orm';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { spaceImages } from '../../db/schema/assets';
import { spaceVersions } from '../../db/schema/spaces';
import { badRequest } from '../../lib/errors';
import type { StorageProvider } from '../../providers/storage/types';
import { referencePattern } from '../assets/service';
import { type Executor, getSpaceFiles } from './service';

export interface ExportedFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

/**
 * Exports a space per plan: free -> the single assembled HTML file; small -> a ZIP of all files;
 * medium and pro -> the ZIP plus versions/<n>-<YYYY-MM-DD>/<files> and versions/index.json.
 * The single file is assembled by site-engine, exactly as the editor's preview shows it.
 * The space's own images go along (ADR 0207): in a ZIP, each original at `images/<name>`, the path
 * the files name it by, so the unzipped site works offline as it is; in the single file, each image
 * the files name, as a `data:` URL of its largest WebP variant.
 */
export async function exportSpace(opts: {
  db: Executor;
  storage: StorageProvider;
  userId: string;
  plan: string;
  spaceId: string;
}): Promise<ExportedFile> {
  const { space, files } = await getSpaceFiles(opts);
  if (files.length === 0) throw badRequest(MESSAGES.noFiles);
  const base = slugify(space.name);
  const format = exportFormatOf(opts.plan);
  const images = await opts.db.select().from(spaceImages).where(eq(spaceImages.spaceId, space.id)).orderBy(asc(spaceImages.name));
  if (format === 'html') {
    const named = images.filter((image) => files.some((file) => referencePattern(image.name).test(file.content)));
    const urls: Record<string, string> = {};
    for (const image of named) {
      const largest = image.variants.reduce<(typeof image.variants)[number] | undefined>(
        (best, v) => (!best || v.width > best.width ? v : best),
        undefined,
      );
      const object = largest && (await opts.storage.get(largest.key));
      if (object) urls[image.name] = `data:image/webp;base64,${object.body.toString('base64')}`;
    }
    return {
      filename: `${base}.html`,
      contentType: 'text/html; charset=utf-8',
      body: Buffer.from(assemblePreview(files, Object.keys(urls).length ? { images: urls } : {}), 'utf8'),
    };
  }
  const zip: Zippable = {};
  addFiles(zip, '', files);
  for (const image of images) {
    const object = await opts.storage.get(image.originalKey);
    // An already compressed format gains nothing from deflate: stored as it is.
    if (object) zip[imageReference(image.name)] = [new Uint8Array(object.body), { level: 0 }];
  }
  if (format === 'zip-history') {
    const versions = await opts.db
      .select({
        revision: spaceVersions.revision,
        prompt: spaceVersions.prompt,
        source: spaceVersions.source,
        createdAt: spaceVersions.createdAt,
        files: spaceVersions.files,
      })
      .from(spaceVersions)
      .where(eq(spaceVersions.spaceId, space.id))
      .orderBy(asc(spaceVersions.revision));
    const index = versions.map((v, i) => {
      const folder = `versions/${String(i + 1).padStart(3, '0')}-${v.createdAt.toISOString().slice(0, 10)}/`;
      addFiles(zip, folder, v.files);
      return { number: i + 1, folder, prompt: v.prompt, source: v.source, createdAt: v.createdAt.toISOString() };
    });
    zip['versions/index.json'] = strToU8(JSON.stringify(index, null, 2));
  }
  return { filename: `${base}.zip`, contentType: 'application/zip', body: Buffer.from(zipSync(zip, { level: 6 })) };
}

function addFiles(zip: Zippable, prefix: string, files: readonly FileInput[]) {
  for (const file of files) zip[`${prefix}${file.path}`] = strToU8(file.content);
}

/** A safe ASCII file name from the project name. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'proyecto';
}

/** A Content-Disposition header for an attachment with a (safe) file name. */
export function attachment(filename: string): string {
  return `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
