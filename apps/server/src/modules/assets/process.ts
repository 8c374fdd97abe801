import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MESSAGES, IMAGE_WIDTHS, type ImageFormat } from '@div/shared/assets';
import { decodeXML } from 'entities';
import type { Metadata, SharpOptions } from 'sharp';
import { cssUnescaped } from '../../lib/css-escapes';
import { AppError } from '../../lib/errors';
import { loadOnUse } from '../../lib/load-on-use';
import { WorkQueue } from '../../lib/work-queue';

/**
 * Turns uploaded bytes into what a site serves (issue 24, ADR 0203): the format is read from the
 * bytes by libvips (sharp), never from the name or the declared type; SVG is checked and rasterised
 * (ADR 0204); every image gets WebP variants at the widths of IMAGE_WIDTHS it can fill.
 */

export interface ProcessedVariant {
  width: number;
  height: number;
  body: Buffer;
}

export interface ProcessedImage {
  format: ImageFormat;
  hash: string;
  width: number;
  height: number;
  variants: ProcessedVariant[];
}

/** WebP quality of the variants: visually clean photos at about a tenth of a JPEG camera file. */
const WEBP_QUALITY = 78;
/**
 * sharp (libvips) is loaded with the first image, not at every start of the server (issue 26, ADR
 * 0224). libvips may use 2 threads per image: the machine is shared with the requests.
 */
type Sharp = typeof import('sharp').default;
const sharpPackage = loadOnUse<Sharp>('sharp');
let configured = false;
/** No single step of image work may run longer than this (libvips stops it; the upload is refused). */
const STEP_SECONDS = 10;
function sharp(input?: Buffer, options?: SharpOptions): ReturnType<Sharp> {
  const load = sharpPackage();
  if (!configured) {
    load.concurrency(1);
    configured = true;
  }
  return load(input, options).timeout({ seconds: STEP_SECONDS });
}

/**
 * Image work runs one upload at a time per process (ADR 0237): each step takes one thread of the
 * pool, so file reads, compression and DNS keep the others while uploads run.
 */
const imageWork = new WorkQueue(1);

const FORMATS: Record<string, ImageFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', heif: 'avif', svg: 'svg' };

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (!input.length) throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.empty);
  return imageWork.run(() => processQueued(input));
}

async function processQueued(input: Buffer): Promise<ProcessedImage> {
  const format = await formatOf(input);
  if (format === 'svg') checkSvg(input);
  const animated = format === 'gif' || format === 'webp';
  // Decompression bombs stop at the pixel limit; SVG is drawn at its own size (at least 1600 wide, for the variants).
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, animated, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    throw pixelsOrInvalid(error);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const pageHeight = meta.pageHeight ?? meta.height;
  const height = meta.autoOrient?.height ?? pageHeight;
  if (!width || !height) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.notImage);
  // Every frame is decoded: the limit is on the pixels of all of them (a 39 Mpx GIF of small frames).
  if (width * (pageHeight ?? height) * (animated ? (meta.pages ?? 1) : 1) > IMAGE_MAX_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
  }
  // An SVG draws sharp at any size: its variants go to twice its own width (high-density screens).
  const widths = variantWidths(format === 'svg' ? Math.min(1600, Math.max(width * 2, 480)) : width);
  try {
    const variants =
      animated && (meta.pages ?? 1) > 1
        ? await animatedVariants(input, options, widths)
        : await stillVariants(input, options, format, width, widths);
    return { format, hash: createHash('sha256').update(input).digest('hex'), width, height, variants };
  } catch (error) {
    throw pixelsOrInvalid(error);
  }
}

type InputOptions = SharpOptions;

/**
 * One more WebP variant of a stored image, `target` px wide, made from its original the way the
 * upload made the others (the Revisión's resize of an image shown much smaller, issue 40).
 */
export async function resizedVariant(
  original: Buffer,
  image: { format: ImageFormat; width: number },
  target: number,
): Promise<ProcessedVariant> {
  return imageWork.run(async () => {
    const animated = image.format === 'gif' || image.format === 'webp';
    const options = { limitInputPixels: IMAGE_MAX_PIXELS, animated, failOn: 'error' as const };
    try {
      const pages = animated ? ((await sharp(original, options).metadata()).pages ?? 1) : 1;
      const [variant] =
        pages > 1
          ? await animatedVariants(original, options, [target])
          : await stillVariants(original, options, image.format, image.width, [target]);
      if (!variant) throw new Error('no variant');
      return variant;
    } catch (error) {
      throw pixelsOrInvalid(error);
    }
  });
}

/**
 * A still image is decoded once, at the largest variant's size (JPEG shrinks while it loads), and
 * every variant is made from those pixels: a 5 MB camera photo is decoded one time, not three.
 */
async function stillVariants(
  input: Buffer,
  options: InputOptions,
  format: ImageFormat,
  width: number,
  widths: number[],
): Promise<ProcessedVariant[]> {
  const largest = Math.max(...widths);
  const density = format === 'svg' ? densityFor(width, largest) : undefined;
  const { data, info } = await sharp(input, { ...options, animated: false, density })
    .autoOrient()
    .resize({ width: largest, withoutEnlargement: format !== 'svg' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const variants: ProcessedVariant[] = [];
  for (const target of widths) {
    const out = await sharp(data, { raw })
      .resize({ width: target })
      .webp({ quality: WEBP_QUALITY, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: out.info.width, height: out.info.height, body: out.data });
  }
  return variants;
}

/** Animated GIF and WebP keep their frames (as animated WebP). */
async function animatedVariants(input: Buffer, options: InputOptions, widths: number[]): Promise<ProcessedVariant[]> {
  const variants: ProcessedVariant[] = [];
  for (const target of widths) {
    const { data, info } = await sharp(input, options)
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: info.width, height: info.pageHeight ?? info.height, body: data });
  }
  return variants;
}

/** The format libvips recognises in the bytes, or a 415 in Spanish. */
async function formatOf(input: Buffer): Promise<ImageFormat> {
  try {
    const { format } = await sharp(input, { limitInputPixels: false }).metadata();
    const known = format ? FORMATS[format] : undefined;
    // HEIF holds HEIC photos too; only AVIF is accepted (what browsers show).
    if (known === 'avif' && !/^....ftyp(avif|avis)/s.test(input.subarray(0, 12).toString('latin1'))) throw new Error('heic');
    if (known) return known;
  } catch {}
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.notImage);
}

/** The variant widths an image of `width` gets: each of IMAGE_WIDTHS it can fill, and its own when narrower than the largest. */
export function variantWidths(width: number): number[] {
  const fits: number[] = IMAGE_WIDTHS.filter((w) => w <= width);
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;
  if (width < largest && !fits.includes(width)) fits.push(width);
  return fits.length ? fits : [width];
}

/** Dots per inch that draw an SVG of `width` at `target` pixels (72 is its own size). */
const densityFor = (width: number, target: number) => Math.min(2400, Math.max(1, Math.ceil((72 * target) / width)));

function pixelsOrInvalid(error: unknown): AppError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
  if (/timeout/i.test(message)) return new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooSlow);
  return new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.notImage);
}

/**
 * SVG is accepted only without anything that could run or reach out (ADR 0204): no script or
 * foreignObject elements, no event handler attributes, no DOCTYPE or entities, and no reference
 * other than a fragment (`#id`) or an inline raster image. The rules read the text both as written
 * and as librsvg reads it, XML character references and CSS escapes decoded (`&#117;rl(`,
 * `&#64;import`, `u\72 l(`; issue 36, ADR 0239). It is then drawn into WebP variants and never
 * served as SVG, so even what this check might miss never runs in a visitor's browser.
 */
export function checkSvg(input: Buffer): void {
  const text = svgText(input);
  const decoded = cssUnescaped(decodeXML(text));
  if (unsafeSvgText(text) || unsafeSvgText(decoded)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.svgUnsafe);
  // Filters cost seconds of CPU per element at 1600 px (feTurbulence, feGaussianBlur): refused (ADR 0237).
  if ([text, decoded].some((t) => /<\s*(?:[\w-]+:)?(?:filter|fe[a-z]+)\b|\bfilter\s*[:=]/i.test(t))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.svgFilters);
  }
}

function unsafeSvgText(text: string): boolean {
  return (
    /<\s*(?:[\w-]+:)?(?:script|foreignObject|iframe|embed|object|handler|listener)\b/i.test(text) ||
    /<!DOCTYPE|<!ENTITY/i.test(text) ||
    /[\s"'/]on[a-z]+\s*=/i.test(text) ||
    /javascript:/i.test(text) ||
    /@import|url\(\s*["']?(?!#)/i.test(text) ||
    [...text.matchAll(/(?:xlink:)?href\s*=\s*(["'])(.*?)\1/gis)].some(
      ([, , ref]) => !/^\s*(?:#|data:image\/(?:png|jpeg|gif|webp);base64,)/i.test(ref ?? ''),
    )
  );
}

/**
 * The SVG's text as librsvg reads it: a gzip-compressed SVG (svgz) is drawn too, so it is checked
 * uncompressed (threats #13); one that does not unpack within the upload limit is refused.
 */
function svgText(input: Buffer): string {
  if (input[0] !== 0x1f || input[1] !== 0x8b) return input.toString('utf8');
  try {
    return gunzipSync(input, { maxOutputLength: IMAGE_MAX_BYTES }).toString('utf8');
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.svgUnsafe);
  }
}
