import {
  defaultStarterFiles,
  type FileInput,
  languageOf,
  MESSAGES,
  type Version,
  type VersionChangeResponse,
  type VersionSource,
} from '@div/shared/spaces';
import { and, desc, eq, sql } from 'drizzle-orm';
import { spaceFiles, spaces, spaceVersions } from '../../db/schema/spaces';
import { users } from '../../db/schema/users';
import { AppError, notFound } from '../../lib/errors';
import { checkFiles, type Executor, findSpace, readFiles, toSpaceFile } from './service';

const versionColumns = {
  id: spaceVersions.id,
  prompt: spaceVersions.prompt,
  source: spaceVersions.source,
  revision: spaceVersions.revision,
  createdAt: spaceVersions.createdAt,
  authorId: users.id,
  authorName: users.name,
  authorPicture: users.picture,
  restoredFromId: spaceVersions.restoredFromId,
  restoredFromAt: spaceVersions.restoredFromAt,
};

type VersionRow = {
  id: string;
  prompt: string | null;
  source: string;
  revision: number;
  createdAt: Date;
  authorId: string | null;
  authorName: string | null;
  authorPicture: string | null;
  restoredFromId: string | null;
  restoredFromAt: Date | null;
};

function toVersion(row: VersionRow, files?: FileInput[]): Version {
  return {
    id: row.id,
    prompt: row.prompt,
    source: row.source as VersionSource,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    author: row.authorId === null ? null : { id: row.authorId, name: row.authorName ?? '', picture: row.authorPicture },
    restoredFrom: row.restoredFromAt ? { versionId: row.restoredFromId, createdAt: row.restoredFromAt.toISOString() } : null,
    ...(files ? { files } : {}),
  };
}

/**
 * Appends an immutable version with these files, makes them the space's current files and bumps
 * the revision. Run it inside the caller's transaction (`tx`) so the version and whatever else
 * belongs to it (a usage event, say) commit together. The caller has checked ownership (e.g. with
 * getSpaceFiles); pass `userId` to have it checked here too. With `expectedRevision`, a space that
 * changed meanwhile answers 409 instead of being overwritten.
 */
export async function appendVersion(opts: {
  tx: Executor;
  spaceId: string;
  files: readonly FileInput[];
  prompt: string | null | undefined;
  source: VersionSource;
  userId?: string;
  expectedRevision?: number;
  /** Who makes the version (the owner or a member); shown in the history. */
  authorId?: string | null | undefined;
  /** A restore: the version it brings back. */
  restoredFrom?: { id: string | null; createdAt: Date } | undefined;
}): Promise<{ version: Version; revision: number }> {
  checkFiles(opts.files, true);
  const { tx, spaceId } = opts;
  const now = new Date();
  // The conditional UPDATE locks the space row: concurrent appends to one space run one after another.
  const [row] = await tx
    .update(spaces)
    .set({ revision: sql`${spaces.revision} + 1`, updatedAt: now })
    .where(
      and(
        eq(spaces.id, spaceId),
        opts.userId !== undefined ? eq(spaces.ownerId, opts.userId) : undefined,
        opts.expectedRevision !== undefined ? eq(spaces.revision, opts.expectedRevision) : undefined,
      ),
    )
    .returning({ revision: spaces.revision });
  if (!row) {
    if (opts.expectedRevision !== undefined && opts.userId !== undefined) {
      const current = await findSpace({ db: tx, userId: opts.userId, spaceId });
      throw new AppError('CONFLICT', MESSAGES.conflict, { revision: current.revision });
    }
    throw notFound(MESSAGES.notFound);
  }
  const files = opts.files.map((f) => ({ path: f.path, content: f.content }));
  await tx.delete(spaceFiles).where(eq(spaceFiles.spaceId, spaceId));
  if (files.length) {
    await tx
      .insert(spaceFiles)
      .values(files.map((f) => ({ spaceId, path: f.path, content: f.content, language: languageOf(f.path), updatedAt: now })));
  }
  const [inserted] = await tx
    .insert(spaceVersions)
    .values({
      spaceId,
      revision: row.revision,
      files,
      prompt: opts.prompt ?? null,
      source: opts.source,
      createdAt: now,
      authorId: opts.authorId ?? null,
      restoredFromId: opts.restoredFrom?.id ?? null,
      restoredFromAt: opts.restoredFrom?.createdAt ?? null,
    })
    .returning({ id: spaceVersions.id });
  if (!inserted) throw new Error('version not created');
  const [version] = await tx
    .select(versionColumns)
    .from(spaceVersions)
    .leftJoin(users, eq(users.id, spaceVersions.authorId))
    .where(eq(spaceVersions.id, inserted.id));
  if (!version) throw new Error('version not created');
  return { version: toVersion(version), revision: row.revision };
}

/** Versions of a space, newest first, without their files. */
export async function listVersions(opts: {
  db: Executor;
  userId: string;
  spaceId: string;
  /** The caller already checked ownership in the same request. */
  skipOwnerCheck?: boolean;
}): Promise<Version[]> {
  if (!opts.skipOwnerCheck) await findSpace(opts);
  const rows = await opts.db
    .select(versionColumns)
    .from(spaceVersions)
    .innerJoin(spaces, eq(spaces.id, spaceVersions.spaceId))
    .leftJoin(users, eq(users.id, spaceVersions.authorId))
    .where(and(eq(spaceVersions.spaceId, opts.spaceId), eq(spaces.ownerId, opts.userId)))
    .orderBy(desc(spaceVersions.revision));
  return rows.map((r) => toVersion(r));
}

/** One version with its files. */
export async function getVersion(opts: { db: Executor; userId: string; spaceId: string; versionId: string }): Promise<Version> {
  const [row] = await opts.db
    .select({ ...versionColumns, files: spaceVersions.files })
    .from(spaceVersions)
    .innerJoin(spaces, eq(spaces.id, spaceVersions.spaceId))
    .leftJoin(users, eq(users.id, spaceVersions.authorId))
    .where(and(eq(spaceVersions.id, opts.versionId), eq(spaceVersions.spaceId, opts.spaceId), eq(spaces.ownerId, opts.userId)))
    .limit(1);
  if (!row) {
    await findSpace(opts);
    throw notFound(MESSAGES.versionNotFound);
  }
  return toVersion(row, row.files);
}

async function appendForUser(opts: {
  db: Executor;
  userId: string;
  spaceId: string;
  source: VersionSource;
  prompt: string | null | undefined;
  authorId?: string | undefined;
  restoredFrom?: { id: string | null; createdAt: Date } | undefined;
  files: (tx: Executor) => Promise<readonly FileInput[]>;
}): Promise<VersionChangeResponse> {
  return opts.db.transaction(async (tx) => {
    await findSpace({ db: tx, userId: opts.userId, spaceId: opts.spaceId });
    const files = await opts.files(tx);
    const { version, revision } = await appendVersion({
      tx,
      spaceId: opts.spaceId,
      userId: opts.userId,
      files,
      prompt: opts.prompt,
      source: opts.source,
      authorId: opts.authorId,
      restoredFrom: opts.restoredFrom,
    });
    return { version, revision, files: files.map(toSpaceFile) };
  });
}

/** Who asks for a version change: `userId` is the space's owner (checked here again), `authorId` who acts. */
type VersionChange = { db: Executor; userId: string; spaceId: string; authorId?: string | undefined };

/** 'Save version': snapshots the current files. */
export function saveVersion(opts: VersionChange & { prompt?: string | undefined; source?: 'save' | 'visual' | undefined }) {
  return appendForUser({
    ...opts,
    source: opts.source ?? 'save',
    prompt: opts.prompt,
    files: (tx) => readFiles(tx, opts.spaceId),
  });
}

/** Restoring appends a new version with the old files; nothing is overwritten. */
export async function restoreVersion(opts: VersionChange & { versionId: string }) {
  const old = await getVersion(opts);
  return appendForUser({
    ...opts,
    source: 'restore',
    prompt: old.prompt,
    // Restoring a restore names the first origin: the date a person recognises in the history.
    restoredFrom: {
      id: old.restoredFrom ? old.restoredFrom.versionId : old.id,
      createdAt: new Date(old.restoredFrom?.createdAt ?? old.createdAt),
    },
    files: async () => old.files ?? [],
  });
}

/** Full reset: the default starter page, as a new version. */
export function resetSpace(opts: VersionChange) {
  return appendForUser({ ...opts, source: 'reset', prompt: null, files: async () => defaultStarterFiles });
}
