import {
  FILE_MAX_BYTES,
  type FileInput,
  isSafeFilePath,
  languageOf,
  MESSAGES,
  type SaveFilesBody,
  SPACE_MAX_BYTES,
  SPACE_MAX_FILES,
  type SpaceFile,
  type SpaceSummary,
  spaceNameSchema,
} from '@div/shared/spaces';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { spaceFiles, spaces } from '../../db/schema/spaces';
import { AppError, badRequest, notFound } from '../../lib/errors';

/** A database or a transaction: service functions work inside a caller's transaction too. */
export type Executor = Database;

/**
 * JSON escaping can double the size of code (quotes, newlines), so the body may be larger than the
 * space limit; the exact limits are checked on the decoded files, with a clear 413.
 */
export const FILES_BODY_LIMIT = SPACE_MAX_BYTES * 2 + 1024 * 1024;

export const summaryColumns = {
  id: spaces.id,
  name: spaces.name,
  description: spaces.description,
  isPublic: spaces.isPublic,
  allowRemix: spaces.allowRemix,
  remixCount: spaces.remixCount,
  remixedFromId: spaces.remixedFromId,
  remixedFromName: spaces.remixedFromName,
  revision: spaces.revision,
  createdAt: spaces.createdAt,
  updatedAt: spaces.updatedAt,
};

export type SummaryRow = {
  id: string;
  name: string;
  description: string;
  isPublic: boolean;
  allowRemix: boolean;
  remixCount: number;
  remixedFromId: string | null;
  remixedFromName: string | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
};

export function toSummary(row: SummaryRow): SpaceSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    public: row.isPublic,
    allowRemix: row.allowRemix,
    remixCount: Number(row.remixCount),
    remixedFrom: row.remixedFromName === null ? null : { id: row.remixedFromId, name: row.remixedFromName },
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSpaceFile(file: FileInput): SpaceFile {
  return {
    id: file.path,
    name: file.path.slice(file.path.lastIndexOf('/') + 1),
    type: 'file',
    language: languageOf(file.path),
    content: file.content,
  };
}

export function parseName(name: string): string {
  const parsed = spaceNameSchema.safeParse(name);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MESSAGES.nameRequired);
  return parsed.data;
}

/**
 * Checks a file set against the path rules and the size limits (400 for a bad path, 413 over a
 * size limit). `whole` says whether these are all the space's files (then the space limit applies).
 */
export function checkFiles(files: readonly FileInput[], whole: boolean): void {
  const seen = new Set<string>();
  let total = 0;
  for (const file of files) {
    if (!isSafeFilePath(file.path)) throw badRequest(MESSAGES.badPath);
    if (seen.has(file.path)) throw badRequest(`Archivo repetido: ${file.path}`);
    seen.add(file.path);
    const size = Buffer.byteLength(file.content, 'utf8');
    if (size > FILE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `${MESSAGES.fileTooLarge} (${file.path})`);
    total += size;
  }
  if (whole && files.length > SPACE_MAX_FILES) throw badRequest(MESSAGES.tooManyFiles);
  if (whole && total > SPACE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.spaceTooLarge);
}

/** The space if the user owns it, else 404 (also for another user's space). */
export async function findSpace(opts: { db: Executor; userId: string; spaceId: string }): Promise<SpaceSummary> {
  const [row] = await opts.db
    .select(summaryColumns)
    .from(spaces)
    .where(and(eq(spaces.id, opts.spaceId), eq(spaces.ownerId, opts.userId)))
    .limit(1);
  if (!row) throw notFound(MESSAGES.notFound);
  return toSummary(row);
}

/** The current files of a space the user owns (for the AI generation and deploy modules). */
export async function getSpaceFiles(opts: {
  db: Executor;
  userId: string;
  spaceId: string;
}): Promise<{ space: SpaceSummary; files: FileInput[]; revision: number }> {
  const space = await findSpace(opts);
  const files = await readFiles(opts.db, opts.spaceId);
  return { space, files, revision: space.revision };
}

/** Current files of a space, by path; the caller has checked who may read them. */
export async function readFiles(db: Executor, spaceId: string): Promise<FileInput[]> {
  return db
    .select({ path: spaceFiles.path, content: spaceFiles.content })
    .from(spaceFiles)
    .where(eq(spaceFiles.spaceId, spaceId))
    .orderBy(spaceFiles.path);
}

/** index.html, style.css, script.js first, then the rest by path. */
export function sortForEditor(files: FileInput[]): FileInput[] {
  const rank = (p: string) => {
    const i = ['index.html', 'style.css', 'script.js'].indexOf(p);
    return i === -1 ? 3 : i;
  };
  return [...files].sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
}

/** Deletes a space with its files and versions (cascade). */
export async function deleteSpace(opts: { db: Executor; userId: string; spaceId: string }): Promise<void> {
  const rows = await opts.db
    .delete(spaces)
    .where(and(eq(spaces.id, opts.spaceId), eq(spaces.ownerId, opts.userId)))
    .returning({ id: spaces.id });
  if (rows.length === 0) throw notFound(MESSAGES.notFound);
}

/**
 * Saves files with optimistic concurrency: the revision must be the current one (else 409 with the
 * current revision); the revision is bumped by a conditional UPDATE, so of two writers holding the
 * same revision exactly one wins. Limits are checked after the write inside the transaction, so
 * nothing over them is ever committed.
 */
export async function saveFiles(opts: {
  db: Executor;
  userId: string;
  spaceId: string;
  body: SaveFilesBody;
}): Promise<{ revision: number; updatedAt: string }> {
  const { body } = opts;
  checkFiles(body.files, body.replaceAll === true);
  const patches = body.patches ?? [];
  if (patches.length && body.replaceAll) throw badRequest(MESSAGES.patchWithReplaceAll);
  const patched = new Set<string>();
  for (const patch of patches) {
    if (patched.has(patch.path) || body.files.some((f) => f.path === patch.path)) {
      throw badRequest(`Archivo repetido: ${patch.path}`);
    }
    patched.add(patch.path);
  }
  return opts.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(spaces)
      .set({ revision: sql`${spaces.revision} + 1`, updatedAt: now })
      .where(and(eq(spaces.id, opts.spaceId), eq(spaces.ownerId, opts.userId), eq(spaces.revision, body.revision)))
      .returning({ revision: spaces.revision, updatedAt: spaces.updatedAt });
    if (!row) {
      const current = await findSpace({ db: tx, userId: opts.userId, spaceId: opts.spaceId });
      throw new AppError('CONFLICT', MESSAGES.conflict, { revision: current.revision });
    }
    const files = body.files;
    const paths = files.map((f) => f.path);
    if (body.replaceAll) {
      await tx
        .delete(spaceFiles)
        .where(and(eq(spaceFiles.spaceId, opts.spaceId), paths.length ? notInArray(spaceFiles.path, paths) : undefined));
    }
    if (body.deletePaths?.length) {
      await tx.delete(spaceFiles).where(and(eq(spaceFiles.spaceId, opts.spaceId), inArray(spaceFiles.path, body.deletePaths)));
    }
    if (files.length) {
      await tx
        .insert(spaceFiles)
        .values(
          files.map((f) => ({
            spaceId: opts.spaceId,
            path: f.path,
            content: f.content,
            language: languageOf(f.path),
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [spaceFiles.spaceId, spaceFiles.path],
          set: { content: sql`excluded.content`, language: sql`excluded.language`, updatedAt: now },
        });
    }
    // Replacements apply inside the database to the files as they are at this revision (the space's
    // row updated above is held): the file's text never travels to the app and back (ADR 0209).
    // Positions count characters (code points), as PostgreSQL's overlay does.
    for (const patch of patches) {
      const [applied] = await tx
        .update(spaceFiles)
        .set({
          content: sql`overlay(${spaceFiles.content} placing ${patch.insert}::text from ${patch.at + 1}::int for ${patch.remove}::int)`,
          updatedAt: now,
        })
        .where(
          and(
            eq(spaceFiles.spaceId, opts.spaceId),
            eq(spaceFiles.path, patch.path),
            sql`char_length(${spaceFiles.content}) = ${patch.length}::int`,
            sql`${patch.at + patch.remove}::int <= ${patch.length}::int`,
          ),
        )
        .returning({ bytes: sql<number>`octet_length(${spaceFiles.content})` });
      if (!applied) {
        const [exists] = await tx
          .select({ path: spaceFiles.path })
          .from(spaceFiles)
          .where(and(eq(spaceFiles.spaceId, opts.spaceId), eq(spaceFiles.path, patch.path)));
        if (!exists) throw notFound(`${MESSAGES.patchMissingFile}: ${patch.path}`);
        throw new AppError('CONFLICT', MESSAGES.conflict, { revision: row.revision - 1 });
      }
      if (Number(applied.bytes) > FILE_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', `${MESSAGES.fileTooLarge} (${patch.path})`);
      }
    }
    const [totals] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(octet_length(${spaceFiles.content})), 0)::bigint`,
      })
      .from(spaceFiles)
      .where(eq(spaceFiles.spaceId, opts.spaceId));
    if (Number(totals?.count ?? 0) > SPACE_MAX_FILES) throw badRequest(MESSAGES.tooManyFiles);
    if (Number(totals?.bytes ?? 0) > SPACE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.spaceTooLarge);
    return { revision: row.revision, updatedAt: row.updatedAt.toISOString() };
  });
}
