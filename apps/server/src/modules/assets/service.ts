import { createHash } from 'node:crypto';
import {
  cleanImageName,
  extensionOfFormat,
  IMAGE_MESSAGES,
  type ImageFormat,
  type ImageStorage,
  imageReference,
  imageStorageBytesOf,
  type SpaceImage,
} from '@div/shared/assets';
import { planOf } from '@div/shared/plans';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Database, rowsOf } from '../../db/client';
import { spaceImages } from '../../db/schema/assets';
import { AppError, notFound } from '../../lib/errors';
import { storageOf } from '../../providers/storage/create';
import { processImage, resizedVariant } from './process';

/**
 * A space's own images (issue 24, ADR 0202–0203). Rows in `space_images`, bytes in the storage
 * provider under content-addressed keys of the space (`images/<space>/<hash>/…`), so two spaces
 * never share a key and a published site can only reach its own space's bytes.
 */

export type ImageRow = typeof spaceImages.$inferSelect;

/** The first 32 hex digits of the SHA-256: what keys and published paths carry (128 bits). */
export const shortHash = (hash: string) => hash.slice(0, 32);
export const variantKey = (spaceId: string, short: string, width: number) => `images/${spaceId}/${short}/${width}.webp`;
const originalKey = (spaceId: string, short: string, format: ImageFormat) =>
  `images/${spaceId}/${short}/original.${extensionOfFormat(format)}`;
/** The file name of a variant in a URL: `<hash>-<width>.webp`, the same on the preview and on a site. */
export const variantFile = (short: string, width: number) => `${short}-${width}.webp`;
export const VARIANT_FILE = /^([0-9a-f]{32})-(\d{1,5})\.webp$/;
/** Variants are content-addressed: a URL names the same bytes for ever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const ORIGINAL_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

export function toSpaceImage(row: ImageRow, previewBase: string): SpaceImage {
  const short = shortHash(row.hash);
  return {
    id: row.id,
    name: row.name,
    path: imageReference(row.name),
    alt: row.alt,
    format: row.format as ImageFormat,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    storedBytes: row.storedBytes,
    variants: row.variants.map((v) => ({
      width: v.width,
      height: v.height,
      bytes: v.bytes,
      url: `${previewBase}/preview/images/${row.spaceId}/${variantFile(short, v.width)}`,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listImages(ctx: AppContext, spaceId: string): Promise<ImageRow[]> {
  return ctx.db.select().from(spaceImages).where(eq(spaceImages.spaceId, spaceId)).orderBy(spaceImages.name);
}

/**
 * The image bytes the owner's spaces keep in storage: originals and variants of their images, and
 * of deleted images a deployment still serves (issue 36, ADR 0238). Counted from what is stored, so
 * nothing kept alive escapes the allowance.
 */
export async function imageBytesUsed(db: Pick<Database, 'execute'>, ownerId: string): Promise<number> {
  const [row] = await rowsOf<{ used: string | number | null }>(
    db,
    sql`select coalesce(sum(octet_length(o.body)), 0)::bigint as used from stored_objects o
      join spaces s on s.id = o.space_id where s.owner_id = ${ownerId} and o.key like 'images/%'`,
  );
  return Number(row?.used ?? 0);
}

/** What the owner's images take across all their spaces, against their plan's allowance. */
export async function imageStorage(ctx: AppContext, ownerId: string, plan: string): Promise<ImageStorage> {
  return { usedBytes: await imageBytesUsed(ctx.db, ownerId), limitBytes: imageStorageBytesOf(plan) };
}

/**
 * Stores an upload: processed first (type from the bytes, variants), then written to storage, then
 * recorded in a transaction that holds the owner's row while it checks the allowance against every
 * image byte stored, these included (ADR 0238): two uploads at once cannot both pass a nearly full
 * allowance. The same bytes uploaded again to the space answer the image already there, unprocessed.
 */
export async function uploadImage(
  ctx: AppContext,
  opts: { spaceId: string; ownerId: string; plan: string; fileName: string; alt?: string | undefined; body: Buffer },
): Promise<ImageRow> {
  const existing = await findByHash(ctx, opts.spaceId, createHash('sha256').update(opts.body).digest('hex'));
  if (existing) return existing;
  const processed = await processForOwner(opts.ownerId, opts.body);
  const short = shortHash(processed.hash);
  const original = {
    key: originalKey(opts.spaceId, short, processed.format),
    body: opts.body,
    contentType: ORIGINAL_TYPES[processed.format],
  };
  const variants = processed.variants.map((v) => ({ ...v, key: variantKey(opts.spaceId, short, v.width) }));
  const storedBytes = opts.body.length + variants.reduce((n, v) => n + v.body.length, 0);
  const limit = imageStorageBytesOf(opts.plan);
  if (storedBytes > limit) throw storageFull(opts.plan);
  const storage = storageOf(ctx);
  await storage.putMany(opts.spaceId, [
    original,
    ...variants.map((v) => ({ key: v.key, body: v.body, contentType: 'image/webp' })),
  ]);
  const baseName = cleanImageName(opts.fileName, processed.format);
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${opts.ownerId} for update`);
      // The bytes just stored are counted already (once, when a deployment kept the same ones).
      if ((await imageBytesUsed(tx, opts.ownerId)) > limit) throw storageFull(opts.plan);
      const taken = new Set(
        (await tx.select({ name: spaceImages.name }).from(spaceImages).where(eq(spaceImages.spaceId, opts.spaceId))).map(
          (r) => r.name,
        ),
      );
      const [row] = await tx
        .insert(spaceImages)
        .values({
          spaceId: opts.spaceId,
          name: freeName(baseName, taken),
          alt: opts.alt ?? '',
          format: processed.format,
          hash: processed.hash,
          width: processed.width,
          height: processed.height,
          bytes: opts.body.length,
          storedBytes,
          originalKey: original.key,
          variants: variants.map((v) => ({ width: v.width, height: v.height, bytes: v.body.length, key: v.key })),
        })
        .returning();
      if (!row) throw new Error('image not recorded');
      return row;
    });
  } catch (error) {
    // Nothing names the bytes just stored (unless a deployment or a concurrent upload does): they go.
    await releaseBytes(ctx, opts.spaceId, processed.hash, [original.key, ...variants.map((v) => v.key)]).catch(() => {});
    throw error;
  }
}

/**
 * Adds a variant of `width` to a space's image (the Revisión's resize, issue 40): made from the
 * stored original by the upload's pipeline, stored under the image's keys, counted against the
 * owner's allowance like every image byte. The image's row as it is now is returned.
 */
export async function addImageVariant(
  ctx: AppContext,
  opts: { spaceId: string; ownerId: string; plan: string; image: ImageRow; width: number },
): Promise<ImageRow> {
  const { image } = opts;
  if (image.variants.some((v) => v.width === opts.width)) return image;
  const original = await storageOf(ctx).get(image.originalKey);
  if (!original) throw notFound('Imagen no encontrada');
  const variant = await resizedVariant(original.body, { format: image.format as ImageFormat, width: image.width }, opts.width);
  const key = variantKey(opts.spaceId, shortHash(image.hash), variant.width);
  await storageOf(ctx).putMany(opts.spaceId, [{ key, body: variant.body, contentType: 'image/webp' }]);
  const limit = imageStorageBytesOf(opts.plan);
  const stored = { width: variant.width, height: variant.height, bytes: variant.body.length, key };
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${opts.ownerId} for update`);
      if ((await imageBytesUsed(tx, opts.ownerId)) > limit) throw storageFull(opts.plan);
      const variants = [...image.variants.filter((v) => v.width !== variant.width), stored].sort((a, b) => a.width - b.width);
      const [row] = await tx
        .update(spaceImages)
        .set({ variants, storedBytes: image.storedBytes + variant.body.length })
        .where(and(eq(spaceImages.id, image.id), eq(spaceImages.spaceId, opts.spaceId)))
        .returning();
      if (!row) throw notFound('Imagen no encontrada');
      return row;
    });
  } catch (error) {
    // The variant's bytes go with the change that would have named them.
    await storageOf(ctx)
      .deleteMany([key])
      .catch(() => {});
    throw error;
  }
}

/** Uploads being processed per owner: a few at once, the rest refused (429) rather than queued (ADR 0237). */
const UPLOADS_AT_ONCE = 2;
const inFlight = new Map<string, number>();
async function processForOwner(ownerId: string, body: Buffer) {
  const running = inFlight.get(ownerId) ?? 0;
  if (running >= UPLOADS_AT_ONCE) throw new AppError('RATE_LIMITED', IMAGE_MESSAGES.busy);
  inFlight.set(ownerId, running + 1);
  try {
    return await processImage(body);
  } finally {
    const left = (inFlight.get(ownerId) ?? 1) - 1;
    if (left > 0) inFlight.set(ownerId, left);
    else inFlight.delete(ownerId);
  }
}

const storageFull = (plan: string) => new AppError('PAYMENT_REQUIRED', IMAGE_MESSAGES.storageFull(planOf(plan).imageStorageMb));

async function findByHash(ctx: AppContext, spaceId: string, hash: string): Promise<ImageRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(spaceImages)
    .where(and(eq(spaceImages.spaceId, spaceId), eq(spaceImages.hash, hash)))
    .limit(1);
  return row;
}

/** `logo.png`, else `logo-2.png`, `logo-3.png`… */
export function freeName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  for (let n = 2; ; n++) {
    const candidate = `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function findImage(ctx: AppContext, spaceId: string, imageId: string): Promise<ImageRow> {
  const [row] = await ctx.db
    .select()
    .from(spaceImages)
    .where(and(eq(spaceImages.spaceId, spaceId), eq(spaceImages.id, imageId)))
    .limit(1);
  if (!row) throw notFound(IMAGE_MESSAGES.notFound);
  return row;
}

/** A reference to `images/<name>` in a file, not a longer name that starts the same. */
export const referencePattern = (name: string) =>
  new RegExp(`${imageReference(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-])`, 'g');

/** Deletes an image; its bytes stay while a deployment of the space still serves them. */
export async function deleteImage(ctx: AppContext, spaceId: string, imageId: string): Promise<void> {
  const row = await findImage(ctx, spaceId, imageId);
  await ctx.db.delete(spaceImages).where(and(eq(spaceImages.spaceId, spaceId), eq(spaceImages.id, imageId)));
  await releaseBytes(ctx, spaceId, row.hash, [row.originalKey, ...row.variants.map((v) => v.key)]);
}

/** The path where a deployment lists the images it serves (`_div/images.json`, see site-images.ts). */
export const SITE_IMAGES_PATH = '_div/images.json';

/** Deletes the stored bytes of `hash` in the space unless an image row or a deployment still names them. */
async function releaseBytes(ctx: AppContext, spaceId: string, hash: string, keys: string[]): Promise<void> {
  const short = shortHash(hash);
  const [held] = await rowsOf<{ held: boolean }>(
    ctx.db,
    sql`select exists(select 1 from space_images where space_id = ${spaceId} and hash = ${hash})
      or exists(select 1 from deployment_files f join deployments d on d.id = f.deployment_id
        where d.space_id = ${spaceId} and f.path = ${SITE_IMAGES_PATH} and position(${short} in f.body) > 0) as held`,
  );
  if (held?.held) return;
  await storageOf(ctx).deleteMany(keys);
}

/**
 * How long stored image bytes that nothing names are spared (ADR 0208): an upload writes its bytes
 * before the row that names them, so a sweep running in between must not take them.
 */
export const IMAGE_SWEEP_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes the space's stored image bytes that neither an image row nor a remaining deployment's
 * `_div/images.json` names, written more than the grace ago (ADR 0208); runs after retention pruned
 * deployments. Returns how many bytes were freed.
 */
export async function sweepImageBytes(db: Pick<Database, 'execute'>, spaceId: string, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IMAGE_SWEEP_GRACE_MS).toISOString();
  const freed = await rowsOf<{ bytes: string | number }>(
    db,
    sql`delete from stored_objects o
      where o.space_id = ${spaceId} and o.key like 'images/%' and o.created_at < ${cutoff}::timestamptz
        and not exists (select 1 from space_images i
          where i.space_id = o.space_id and split_part(o.key, '/', 3) = left(i.hash, 32))
        and not exists (select 1 from deployment_files f join deployments d on d.id = f.deployment_id
          where d.space_id = o.space_id and f.path = ${SITE_IMAGES_PATH} and position(split_part(o.key, '/', 3) in f.body) > 0)
      returning octet_length(o.body) as bytes`,
  );
  return freed.reduce((n, row) => n + Number(row.bytes), 0);
}

/** The bytes of one variant of a space's image, by the file name of its URL; undefined when there is none. */
export async function readVariant(ctx: AppContext, spaceId: string, file: string): Promise<Buffer | undefined> {
  const match = VARIANT_FILE.exec(file);
  if (!match) return undefined;
  const object = await storageOf(ctx).get(variantKey(spaceId, match[1] as string, Number(match[2])));
  return object?.body;
}
