import { type FileInput, MESSAGES, remixName, type SharedView, SPACE_DESCRIPTION, type SpaceSummary } from '@div/shared/spaces';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deploymentFiles, sites } from '../../db/schema/publishing';
import { spaces } from '../../db/schema/spaces';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { findSpaceAccess } from '../../lib/space-access';
import { bodyOf, isInternalFile } from '../hosting/stored-files';
import { findSpace, readFiles } from './service';
import { appendVersion, getVersion } from './versions';

/*
 * Sharing and remixing (issue 25, ADR 0210). A space shares nothing unless its owner says so: marked
 * public, anyone with its link sees its current files; with remixing allowed, its live site's files
 * (already public on the site's address) may be viewed and remixed. A private space answers 404 to
 * everyone but its owner and members, exactly as one that does not exist.
 */

/** What a space shares with anyone (no session): its files and how to name it, or undefined. */
export async function findShared(db: Database, spaceId: string): Promise<SharedView | undefined> {
  const [row] = await db
    .select({
      id: spaces.id,
      name: spaces.name,
      owner: users.name,
      isPublic: spaces.isPublic,
      allowRemix: spaces.allowRemix,
      remixCount: spaces.remixCount,
      updatedAt: spaces.updatedAt,
      liveDeploymentId: sites.liveDeploymentId,
    })
    .from(spaces)
    .innerJoin(users, eq(users.id, spaces.ownerId))
    .leftJoin(sites, and(eq(sites.spaceId, spaces.id), isNotNull(sites.liveDeploymentId)))
    .where(eq(spaces.id, spaceId))
    .limit(1);
  if (!row) return undefined;
  const base = {
    id: row.id,
    name: row.name,
    owner: row.owner,
    remixCount: row.remixCount,
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.isPublic) return { ...base, kind: 'space', files: await readFiles(db, row.id) };
  if (row.allowRemix && row.liveDeploymentId) {
    return { ...base, kind: 'site', files: await readDeployment(db, row.liveDeploymentId) };
  }
  return undefined;
}

async function readDeployment(db: Database, deploymentId: string): Promise<FileInput[]> {
  const rows = await db
    .select({ path: deploymentFiles.path, body: deploymentFiles.body, gzip: deploymentFiles.gzip })
    .from(deploymentFiles)
    .where(eq(deploymentFiles.deploymentId, deploymentId))
    .orderBy(deploymentFiles.path);
  // The site's own files only: DIV's `_div/` files (its forms' fields, its images' hashes) stay inside.
  const own = rows.filter((r) => !isInternalFile(r.path));
  return Promise.all(own.map(async (r) => ({ path: r.path, content: (await bodyOf(r)).toString('utf8') })));
}

/**
 * The files a person may remix from `spaceId`: any version of a space they own or are a member of,
 * else what the space shares with anyone (current files only). 404 otherwise.
 */
async function remixSource(opts: { db: Database; userId: string; spaceId: string; versionId?: string | undefined }) {
  const { db, userId, spaceId, versionId } = opts;
  const access = await findSpaceAccess(db, userId, spaceId);
  if (access) {
    const space = await findSpace({ db, userId: access.ownerId, spaceId });
    const files = versionId
      ? ((await getVersion({ db, userId: access.ownerId, spaceId, versionId })).files ?? [])
      : await readFiles(db, spaceId);
    return { name: space.name, files };
  }
  const shared = versionId ? undefined : await findShared(db, spaceId);
  if (!shared) throw notFound(MESSAGES.shareNotFound);
  return { name: shared.name, files: shared.files };
}

/**
 * Copies every file of the source (or of one of its versions) into a new space of `userId`, named
 * "{name} (remix)", with its origin recorded and the source's remix count raised, in one transaction.
 */
export async function remixSpace(opts: {
  db: Database;
  userId: string;
  spaceId: string;
  versionId?: string | undefined;
}): Promise<SpaceSummary> {
  const source = await remixSource(opts);
  if (source.files.length === 0) throw notFound(MESSAGES.noFiles);
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(spaces)
      .values({
        ownerId: opts.userId,
        name: remixName(source.name),
        description: SPACE_DESCRIPTION,
        revision: 0,
        remixedFromId: opts.spaceId,
        remixedFromName: source.name,
      })
      .returning({ id: spaces.id });
    if (!row) throw new Error('space not created');
    await appendVersion({ tx, spaceId: row.id, files: source.files, prompt: null, source: 'remix', authorId: opts.userId });
    await tx
      .update(spaces)
      .set({ remixCount: sql`${spaces.remixCount} + 1` })
      .where(eq(spaces.id, opts.spaceId));
    return findSpace({ db: tx, userId: opts.userId, spaceId: row.id });
  });
}
