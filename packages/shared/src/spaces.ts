import { z } from 'zod';
import { SPACE_NAME_MAX } from './constants';

/**
 * Spaces (projects), their files and their immutable versions (spec sections 3, 4, 7, 9).
 * Dates travel as ISO 8601 strings.
 */

/** The spec sends a fixed product label as every project's description. */
export const SPACE_DESCRIPTION = 'Proyecto DIV';

export { SPACE_NAME_MAX };
/** Largest single file, in UTF-8 bytes. */
export const FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Largest sum of all files of a space, in UTF-8 bytes. */
export const SPACE_MAX_BYTES = 10 * 1024 * 1024;
export const SPACE_MAX_FILES = 100;
export const FILE_PATH_MAX = 200;
export const VERSION_PROMPT_MAX = 10_000;

export const MESSAGES = {
  nameRequired: 'El nombre del proyecto es obligatorio',
  nameTooLong: `El nombre del proyecto no puede superar los ${SPACE_NAME_MAX} caracteres`,
  nameControl: 'El nombre no puede contener caracteres de control (saltos de línea, tabuladores ni el carácter nulo)',
  notFound: 'Proyecto no encontrado',
  versionNotFound: 'Versión no encontrada',
  conflict: 'El proyecto cambió en otra pestaña o dispositivo. Recarga para ver la última versión.',
  patchMissingFile: 'No existe el archivo que se quería cambiar',
  patchWithReplaceAll: 'Un guardado que reemplaza todos los archivos no admite cambios parciales',
  fileTooLarge: `Un archivo supera el tamaño máximo de ${FILE_MAX_BYTES / 1024 / 1024} MB`,
  spaceTooLarge: `El proyecto supera el tamaño máximo de ${SPACE_MAX_BYTES / 1024 / 1024} MB`,
  tooManyFiles: `Un proyecto puede tener como máximo ${SPACE_MAX_FILES} archivos`,
  badPath: 'Nombre de archivo no válido: usa letras, números, puntos, guiones y carpetas con "/" (por ejemplo css/extra.css)',
  remixNotFound: 'No se encontró un sitio público con ese identificador',
  shareNotFound: 'Este proyecto no existe o no está compartido.',
  noFiles: 'El proyecto no tiene archivos',
  badCursor: 'El cursor de la lista no es válido: usa el nextCursor de la página anterior',
} as const;

/** True when the text holds a C0 control character or DEL (NUL, line breaks, tabs…). */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Trimmed, non-blank, at most 100 characters, one line without control characters (a NUL byte could
 * never be stored, and must not reach a statement other renames share, ADR 0155).
 */
export const spaceNameSchema = z
  .string()
  .trim()
  .min(1, { message: MESSAGES.nameRequired })
  .max(SPACE_NAME_MAX, { message: MESSAGES.nameTooLong })
  .refine((name) => !hasControlCharacters(name), { message: MESSAGES.nameControl });

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * A safe relative file path such as `index.html`, `about.html` or `css/extra.css`: segments of
 * letters, digits, `.`, `_`, `-` (not starting with a dot), joined by `/`. No traversal, no
 * absolute paths, no backslashes, no control characters, at most 5 levels deep.
 */
export function isSafeFilePath(path: string): boolean {
  if (path.length === 0 || path.length > FILE_PATH_MAX) return false;
  const segments = path.split('/');
  if (segments.length > 5) return false;
  return segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

export const filePathSchema = z.string().refine(isSafeFilePath, { message: MESSAGES.badPath });

/** UTF-8 size of a string (what the limits count). */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/** The editor language of a file, from its extension. */
export function languageOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  switch (ext) {
    case 'html':
    case 'htm':
      return 'html';
    case 'css':
      return 'css';
    case 'js':
    case 'mjs':
      return 'javascript';
    case 'ts':
      return 'typescript';
    case 'json':
      return 'json';
    case 'md':
      return 'markdown';
    case 'svg':
    case 'xml':
      return 'xml';
    default:
      return 'plaintext';
  }
}

export const fileInputSchema = z.object({ path: filePathSchema, content: z.string() });
export type FileInput = z.infer<typeof fileInputSchema>;

/** A project file as the editor gets it: id is the path. */
export const spaceFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('file'),
  language: z.string(),
  content: z.string(),
});
export type SpaceFile = z.infer<typeof spaceFileSchema>;

/** A person as others see them (version authors, members, owners). */
export const personSchema = z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() });
export type Person = z.infer<typeof personSchema>;

export const spaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Anyone with the share link may view it read-only and remix it (ADR 0210). */
  public: z.boolean(),
  /** Its published site may be remixed by anyone and shows the "Hecho con DIV · Remixar" badge. */
  allowRemix: z.boolean(),
  /** How many times it was remixed. */
  remixCount: z.number().int(),
  /** The space it was remixed from: its id while that space exists, and its name then. */
  remixedFrom: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  /** Increments on every change of the files; the next save must send it. */
  revision: z.number().int(),
});
export type SpaceSummary = z.infer<typeof spaceSummarySchema>;

export const versionSources = [
  'initial',
  'save',
  'restore',
  'reset',
  'generation',
  'remix',
  'visual',
  'checks',
  'profile',
  'design',
  'git',
] as const;
export const versionSourceSchema = z.enum(versionSources);
export type VersionSource = z.infer<typeof versionSourceSchema>;

export const versionSchema = z.object({
  id: z.string(),
  prompt: z.string().nullable(),
  source: versionSourceSchema,
  /** The space revision this version made current. */
  revision: z.number().int(),
  createdAt: z.string(),
  /** Who made it; null for versions from before members existed, or by a deleted account. */
  author: personSchema.nullable(),
  /** A restore's origin: the version brought back (null once pruned) and when it was made. */
  restoredFrom: z.object({ versionId: z.string().nullable(), createdAt: z.string() }).nullable().optional(),
  /** Present on GET /api/spaces/{id}/versions/{versionId}. */
  files: z.array(fileInputSchema).optional(),
  /** The spec's history-version html: the files assembled into one document (same endpoint). */
  html: z.string().optional(),
});
export type Version = z.infer<typeof versionSchema>;

// ---- calls ----

/** Spaces per page of GET /api/spaces and GET /v1/spaces when `limit` is not given, and the most. */
export const SPACES_PAGE_SIZE = 30;
export const SPACES_PAGE_MAX = 100;

/**
 * GET /api/spaces?limit=&cursor= (and /v1/spaces): one page, newest first. `cursor` is the previous
 * page's `nextCursor` (opaque); a malformed one answers 400.
 */
export const listSpacesQuerySchema = z.object({
  limit: z.coerce
    .number({ message: `limit debe ser un número entre 1 y ${SPACES_PAGE_MAX}` })
    .int({ message: `limit debe ser un número entre 1 y ${SPACES_PAGE_MAX}` })
    .min(1, { message: `limit debe ser un número entre 1 y ${SPACES_PAGE_MAX}` })
    .max(SPACES_PAGE_MAX, { message: `limit debe ser un número entre 1 y ${SPACES_PAGE_MAX}` })
    .optional(),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListSpacesQuery = z.infer<typeof listSpacesQuerySchema>;

/**
 * Where a space's live deployment answers (ADR 0187): its default custom domain when one is active,
 * else `{slug}.{SITES_DOMAIN}`; `url` opens it, `at` is when the live deployment was made.
 */
export const publishedSiteSchema = z.object({ address: z.string(), url: z.string(), at: z.string() });
export type PublishedSite = z.infer<typeof publishedSiteSchema>;

/**
 * A space as the projects list shows it: the summary (its `updatedAt` is when it was last edited,
 * its `revision` names the thumbnail) and where it is published, or null (ADR 0187).
 */
export const spaceListItemSchema = spaceSummarySchema.extend({ published: publishedSiteSchema.nullable() });
export type SpaceListItem = z.infer<typeof spaceListItemSchema>;

/**
 * GET /api/spaces/{id}/thumbnail?revision= (any role): the space's page as the card's thumbnail
 * draws it, with its own images resolved and its scripts left out (ADR 0187); null when the page is
 * too large to draw as a thumbnail.
 */
export const spaceThumbnailResponseSchema = z.object({ html: z.string().nullable(), revision: z.number().int() });
export type SpaceThumbnailResponse = z.infer<typeof spaceThumbnailResponseSchema>;
export const spaceThumbnailQuerySchema = z.object({
  revision: z.coerce
    .number({ message: 'revision debe ser un número entero' })
    .int({ message: 'revision debe ser un número entero' })
    .min(0, { message: 'revision debe ser un número entero' })
    .optional(),
});
/** Largest page, in UTF-8 bytes, a thumbnail draws. */
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

/** One page of spaces; `nextCursor` is null on the last page, `total` counts all the owner's spaces. */
export const listSpacesResponseSchema = z.object({
  spaces: z.array(spaceListItemSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type ListSpacesResponse = z.infer<typeof listSpacesResponseSchema>;

/** POST /api/spaces -> 201. The description is ignored: the server always stores the fixed label. */
export const createSpaceBodySchema = z.object({ name: z.string(), description: z.string().optional() });
export type CreateSpaceBody = z.infer<typeof createSpaceBodySchema>;
export const spaceResponseSchema = z.object({ space: spaceSummarySchema });
export type SpaceResponse = z.infer<typeof spaceResponseSchema>;

/** PATCH /api/spaces/{id} -> { space } (the owner only) */
export const updateSpaceBodySchema = z.object({
  name: z.string().optional(),
  public: z.boolean().optional(),
  allowRemix: z.boolean().optional(),
});
export type UpdateSpaceBody = z.infer<typeof updateSpaceBodySchema>;

/**
 * What the signed-in person may do in a space and with whom it is shared (ADR 0211): the role, the
 * owner (whose plan and allowance the space's generations use, ADR 0212) and how many members it
 * has (the editor loads its real-time code only when there are any).
 */
export const spaceAccessSchema = z.object({
  role: z.enum(['owner', 'editor', 'viewer']),
  owner: personSchema.extend({ plan: z.string() }),
  members: z.number().int(),
});
export type SpaceAccess = z.infer<typeof spaceAccessSchema>;

/** GET /api/spaces/{id}: versions newest first, without their files. */
export const spaceDetailResponseSchema = z.object({
  space: spaceSummarySchema,
  files: z.array(spaceFileSchema),
  versions: z.array(versionSchema),
  revision: z.number().int(),
  access: spaceAccessSchema,
});
export type SpaceDetailResponse = z.infer<typeof spaceDetailResponseSchema>;

/**
 * PUT /api/spaces/{id}/files. `revision` must equal the space's current revision, else 409 with
 * { message, code: 'CONFLICT', revision } (the current one). By default the given files are added
 * or replaced and the others kept (one file or several); `replaceAll` makes the given set the
 * whole set; `deletePaths` removes files. Over the limits: 413.
 */
/**
 * One replacement in a file as the server has it at the body's `revision` (ADR 0209): `remove`
 * characters (Unicode code points, not UTF-16 units) at `at` give way to `insert`; `length` is the
 * file's length in characters before, checked. A visual edit of a 200 KB page is sent as a few bytes
 * instead of the page. `codePointPatch` (text-patch.ts) makes one from a JavaScript string's replacement.
 */
export const filePatchSchema = z.object({
  path: filePathSchema,
  at: z.number().int().min(0).max(SPACE_MAX_BYTES),
  remove: z.number().int().min(0).max(SPACE_MAX_BYTES),
  insert: z.string(),
  length: z.number().int().min(0).max(SPACE_MAX_BYTES),
});
export type FilePatch = z.infer<typeof filePatchSchema>;

export const saveFilesBodySchema = z.object({
  revision: z.number().int().min(0).max(2_147_483_647),
  files: z.array(fileInputSchema).max(SPACE_MAX_FILES),
  /** Files changed by a replacement each, instead of their whole content (ADR 0209). */
  patches: z.array(filePatchSchema).max(SPACE_MAX_FILES).optional(),
  replaceAll: z.boolean().optional(),
  deletePaths: z.array(filePathSchema).max(SPACE_MAX_FILES).optional(),
});
export type SaveFilesBody = z.infer<typeof saveFilesBodySchema>;
export const saveFilesResponseSchema = z.object({ revision: z.number().int(), updatedAt: z.string() });
export type SaveFilesResponse = z.infer<typeof saveFilesResponseSchema>;
/** The body of a 409 on saving. */
export const conflictBodySchema = z.object({ message: z.string(), code: z.literal('CONFLICT'), revision: z.number().int() });
export type ConflictBody = z.infer<typeof conflictBodySchema>;

/** GET /api/spaces/{id}/versions (newest first, without files) */
export const listVersionsResponseSchema = z.object({ versions: z.array(versionSchema) });
export type ListVersionsResponse = z.infer<typeof listVersionsResponseSchema>;

/**
 * POST /api/spaces/{id}/versions: saves the current files as a version -> 201 { version, revision }.
 * `source: 'visual'` labels it "Edición visual": the editor sends it once a run of visual edits
 * pauses, so consecutive changes make one version (ADR 0200).
 */
export const createVersionBodySchema = z.object({
  prompt: z.string().max(VERSION_PROMPT_MAX).optional(),
  source: z.enum(['save', 'visual']).optional(),
});
export type CreateVersionBody = z.infer<typeof createVersionBodySchema>;

/**
 * Answer of POST .../versions, POST .../versions/{versionId}/restore and POST .../reset: the new
 * version, the new revision and the files now current.
 */
export const versionChangeResponseSchema = z.object({
  version: versionSchema,
  revision: z.number().int(),
  files: z.array(spaceFileSchema),
});
export type VersionChangeResponse = z.infer<typeof versionChangeResponseSchema>;

/** GET /api/spaces/{id}/versions/{versionId} -> { version } with files */
export const versionResponseSchema = z.object({ version: versionSchema });
export type VersionResponse = z.infer<typeof versionResponseSchema>;

/**
 * GET /api/remix/{id}: what a space shares, assembled into one document: a public space's files, or
 * the live site of one whose owner allows remixing it. No session needed.
 */
export const remixResponseSchema = z.object({ html: z.string() });
export type RemixResponse = z.infer<typeof remixResponseSchema>;

/**
 * POST /api/remix: copies every file of a space into a new space of the signed-in person, named
 * "{name} (remix)", with its origin recorded. The source is a space the person may read (any of its
 * versions with `versionId`), a public space, or the live site of a space whose owner allows it.
 */
export const remixBodySchema = z.object({
  spaceId: z.string().min(1).max(100),
  versionId: z.string().min(1).max(100).optional(),
});
export type RemixBody = z.infer<typeof remixBodySchema>;
export const remixSpaceResponseSchema = z.object({ space: spaceSummarySchema });

/** GET /api/share/{id}: the read-only view of what a space shares (no session needed). */
export const sharedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  /** 'space': a public space's current files; 'site': the live site of a space that allows remixing. */
  kind: z.enum(['space', 'site']),
  remixCount: z.number().int(),
  updatedAt: z.string(),
  files: z.array(fileInputSchema),
});
export type SharedView = z.infer<typeof sharedViewSchema>;

/** The name a remix gets. */
export function remixName(name: string): string {
  const suffix = ' (remix)';
  return `${name.slice(0, SPACE_NAME_MAX - suffix.length)}${suffix}`;
}

/** The app's read-only view of what a space shares. */
export const sharePath = (id: string) => `/share/${encodeURIComponent(id)}`;

/**
 * GET /api/spaces/{id}/export: free -> text/html attachment (one assembled file);
 * small and up -> application/zip of all files; medium and up -> plus versions/<n>-<YYYY-MM-DD>/...
 * and versions/index.json.
 */
export type ExportFormat = 'html' | 'zip' | 'zip-history';
export function exportFormatOf(plan: string | null | undefined): ExportFormat {
  if (plan === 'medium' || plan === 'pro') return 'zip-history';
  if (plan === 'small') return 'zip';
  return 'html';
}

// The default starter page lives in starter.data.ts (no zod: the editor's prompt bar reads it).
export { defaultStarterFiles, isStarterSite } from './starter.data';
