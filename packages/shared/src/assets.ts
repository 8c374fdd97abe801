import { z } from 'zod';
import { formatStorage, planOf } from './plans';

/**
 * A space's own images (issue 24, ADR 0202–0204): uploaded once, stored with responsive WebP
 * variants, referenced from the site's files as `images/<name>`.
 */

/** Largest upload accepted, checked before the body is read (`content-length`) and while it streams. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest width or height of an image, in pixels (a decompression bomb is refused, not processed). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Widths of the WebP variants; an image narrower than one gets its own width instead of the larger ones. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
/** Image formats accepted, recognised from the bytes (never from the name or the declared type). */
export const imageFormats = ['jpeg', 'png', 'webp', 'gif', 'avif', 'svg'] as const;
export type ImageFormat = (typeof imageFormats)[number];

/** The folder a site's files name images in: `<img src="images/logo.png">`. */
export const IMAGES_FOLDER = 'images/';
export const imageReference = (name: string) => `${IMAGES_FOLDER}${name}`;

/** Bytes of image storage the owner's plan allows. */
export const imageStorageBytesOf = (plan: string | null | undefined) => planOf(plan).imageStorageMb * 1024 * 1024;

/** A name as the files refer to it: lower case letters, digits, `-` and `_`, with the format's extension. */
export const imageNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,4}$/, 'Usa letras minúsculas sin acentos, números, guiones y una extensión.');

export const imageVariantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  /** The preview's URL of this variant (on the app's origin). */
  url: z.string(),
});

export const spaceImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What the files write: `images/<name>`. */
  path: z.string(),
  alt: z.string(),
  format: z.enum(imageFormats),
  width: z.number().int(),
  height: z.number().int(),
  /** Size of the uploaded file. */
  bytes: z.number().int(),
  /** Size of the original and every variant: what counts against the plan's storage. */
  storedBytes: z.number().int(),
  variants: z.array(imageVariantSchema),
  createdAt: z.string(),
});
export type SpaceImage = z.infer<typeof spaceImageSchema>;

export const imageStorageSchema = z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() });
export type ImageStorage = z.infer<typeof imageStorageSchema>;

export const listImagesResponseSchema = z.object({ images: z.array(spaceImageSchema), storage: imageStorageSchema });
export type ListImagesResponse = z.infer<typeof listImagesResponseSchema>;

export const uploadImageQuerySchema = z.object({
  /** The file's name on the person's computer; cleaned into an image name. */
  name: z.string().trim().min(1).max(200),
  alt: z.string().trim().max(300).optional(),
});
export const uploadImageResponseSchema = z.object({ image: spaceImageSchema, storage: imageStorageSchema });

export const updateImageBodySchema = z
  .object({ name: imageNameSchema.optional(), alt: z.string().trim().max(300).optional() })
  .refine((body) => body.name !== undefined || body.alt !== undefined, 'Indica un nombre o un texto alternativo.');
export const updateImageResponseSchema = z.object({
  image: spaceImageSchema,
  /** The space's revision after the files that named the old name were rewritten (unchanged when none did). */
  revision: z.number().int(),
});

export const IMAGE_MESSAGES = {
  tooLarge: `La imagen pesa más de ${IMAGE_MAX_BYTES / 1024 / 1024} MB. Redúcela o expórtala con menos calidad.`,
  empty: 'El archivo está vacío.',
  notImage: 'El archivo no es una imagen válida. Sube un JPEG, PNG, WebP, GIF, AVIF o SVG.',
  tooManyPixels: 'La imagen tiene demasiados píxeles (máximo 40 megapíxeles).',
  svgFilters: 'El SVG usa filtros (desenfoques, texturas…), que no se admiten. Súbelo como PNG o WebP.',
  tooSlow: 'La imagen tarda demasiado en procesarse. Súbela más pequeña o en JPEG o PNG.',
  busy: 'Ya tienes subidas de imágenes en curso. Espera a que terminen y vuelve a intentarlo.',
  svgUnsafe: 'El SVG contiene scripts, eventos o referencias externas y no se admite. Expórtalo sin ellos o súbelo como PNG.',
  storageFull: (limitMb: number) =>
    `Has llegado al límite de almacenamiento de imágenes de tu plan (${formatStorage(limitMb)}). Borra imágenes o mejora tu plan.`,
  notFound: 'No encontramos esa imagen.',
  nameTaken: 'Ya hay una imagen con ese nombre en este proyecto.',
  wrongExtension: 'El nombre debe conservar la extensión de la imagen.',
} as const;

const FORMAT_EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  svg: 'svg',
};
export const extensionOfFormat = (format: ImageFormat) => FORMAT_EXTENSIONS[format];

/** An uploaded file's name as an image name of `format`: "Mi Logo (1).PNG" → "mi-logo-1.png". */
export function cleanImageName(fileName: string, format: ImageFormat): string {
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 60);
  return `${base || 'imagen'}.${extensionOfFormat(format)}`;
}

export { formatBytes } from './asset-display';
