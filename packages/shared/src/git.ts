import { z } from 'zod';
import { fileInputSchema, filePathSchema, versionSchema } from './spaces';

/*
 * Git sync (issue 41, ADR 0263–0266): a space connected to a git remote over HTTPS, pushed as one
 * commit on top of the last synced one (fast-forward only) and pulled as a new version, with a
 * three-way merge against the last synced commit. The server talks git (modules/git/); the editor's
 * tools show it (features/git/).
 */

export const GIT_MESSAGES = {
  badUrl: 'La dirección del repositorio debe ser una URL https:// sin usuario ni contraseña.',
  badBranch: 'El nombre de la rama no es válido.',
  tokenRequired: 'Escribe el token de acceso.',
  notConnected: 'Este proyecto no está conectado a ningún repositorio.',
  authFailed: 'El remoto rechazó el token: revisa que sea correcto y que tenga permiso de escritura en el repositorio.',
  notFound: 'No se encontró el repositorio en esa dirección.',
  unreachable: 'No se pudo conectar con el remoto. Revisa la dirección.',
  blocked: 'Esa dirección apunta a una red privada y no está permitida.',
  remoteMoved:
    'El repositorio tiene commits que este proyecto aún no tiene. No se ha sobrescrito nada: trae primero los cambios con "Traer de Git" y vuelve a enviar.',
  remoteHasHistory: 'El repositorio ya tiene commits. Trae primero sus cambios con "Traer de Git" para no sobrescribirlos.',
  conflict: 'Los mismos cambios se hicieron en los dos lados. No se ha cambiado nada. Archivos en conflicto:',
  failed: 'La operación con el repositorio falló.',
  staleConflict:
    'El proyecto o el repositorio cambiaron desde que viste el conflicto. No se ha cambiado nada: vuelve a traer de Git para ver el conflicto de ahora.',
  notInConflict: 'No se ha cambiado nada. Estos archivos no están en conflicto:',
  noResolutions: 'Elige qué versión conservar de al menos un archivo.',
  autoPushFailed: 'El envío automático no se hizo.',
  visualEdit: 'Edición visual',
  fromGit: 'Desde Git',
} as const;

const branchPattern = /^(?!\/|.*\/\/|.*\.\.|.*\/$|.*\.lock$|.*@\{)[A-Za-z0-9._/-]{1,200}$/;

export const gitBranchSchema = z.string().trim().regex(branchPattern, GIT_MESSAGES.badBranch);

export const gitConnectBodySchema = z.object({
  url: z.string().trim().min(1, GIT_MESSAGES.badUrl).max(2000, GIT_MESSAGES.badUrl),
  branch: gitBranchSchema.default('main'),
  token: z.string().trim().min(1, GIT_MESSAGES.tokenRequired).max(1000),
  /** The HTTP user the token goes with; most forges accept any (GitHub: `x-access-token`). */
  username: z.string().trim().min(1).max(200).optional(),
});
export type GitConnectBody = z.input<typeof gitConnectBodySchema>;

export const gitStatusSchema = z.object({
  connected: z.boolean(),
  url: z.string().nullable(),
  branch: z.string().nullable(),
  /** The commit the space was last pushed as or pulled from. */
  lastSyncedCommit: z.string().nullable(),
  /** The remote branch's commit now; null when empty or unreachable. */
  remoteCommit: z.string().nullable(),
  /** Versions of the space since the last sync. */
  ahead: z.number().int(),
  /** Commits on the remote since the last sync; null when it could not be read. */
  behind: z.number().int().nullable(),
  lastSyncedAt: z.string().nullable(),
  /** The last failure, in plain Spanish; null after a success. */
  lastError: z.string().nullable(),
  /** Whether each new version is pushed in the background (ADR 0278). */
  autoPush: z.boolean(),
});
export type GitStatus = z.infer<typeof gitStatusSchema>;

/** `PATCH …/git`: the connection's settings (the remote and token change only by connecting again). */
export const gitSettingsBodySchema = z.object({
  /** Push each new version in the background; a moved remote is never overwritten. */
  autoPush: z.boolean(),
});
export type GitSettingsBody = z.infer<typeof gitSettingsBodySchema>;

export const gitPushResponseSchema = z.object({
  /** false when there was nothing new to send. */
  pushed: z.boolean(),
  commit: z.string(),
  status: gitStatusSchema,
});
export type GitPushResponse = z.infer<typeof gitPushResponseSchema>;

export const gitPullResponseSchema = z.object({
  /** The new version, or null when the space already had everything. */
  version: versionSchema.nullable(),
  files: z.array(fileInputSchema).nullable(),
  revision: z.number().int(),
  /** false when the remote had nothing new. */
  changed: z.boolean(),
  status: gitStatusSchema,
});
export type GitPullResponse = z.infer<typeof gitPullResponseSchema>;

/** Per conflicting file, which side a pull keeps: the space's (`ours`) or the remote's (`theirs`). */
export const gitResolutionSchema = z.enum(['ours', 'theirs']);
export type GitResolution = z.infer<typeof gitResolutionSchema>;
export const gitPullBodySchema = z.object({
  resolutions: z.record(filePathSchema, gitResolutionSchema).optional(),
});
export type GitPullBody = z.infer<typeof gitPullBodySchema>;

/** One side of a conflicting file: its text, or null when that side deleted it. */
export const gitConflictFileSchema = z.object({
  path: z.string(),
  ours: z.string().nullable(),
  theirs: z.string().nullable(),
});
export type GitConflictFile = z.infer<typeof gitConflictFileSchema>;

/**
 * The 409 of a pull whose sides changed the same lines: the files and both sides of each, nothing
 * written. Pulling again with `resolutions` for them makes the new version.
 */
export const gitConflictSchema = z.object({
  message: z.string(),
  code: z.string(),
  files: z.array(z.string()),
  conflicts: z.array(gitConflictFileSchema),
  /** The remote commit and the space revision the conflict was seen at; a resolution names them. */
  remoteCommit: z.string(),
  revision: z.number().int(),
});
export type GitConflict = z.infer<typeof gitConflictSchema>;

/**
 * `POST …/git/resolve`: the choices for the files of a conflict, made against what the 409 showed.
 * When the remote or the space moved since, nothing is written (409, pull again); a file that is
 * not changed on both sides is refused, so a choice never throws away a change that merges.
 */
export const gitResolveBodySchema = z.object({
  remoteCommit: z.string().regex(/^[0-9a-f]{40}$/, GIT_MESSAGES.staleConflict),
  revision: z.number().int().nonnegative(),
  resolutions: z
    .record(filePathSchema, gitResolutionSchema)
    .refine((choices) => Object.keys(choices).length > 0, GIT_MESSAGES.noResolutions),
});
export type GitResolveBody = z.infer<typeof gitResolveBodySchema>;
