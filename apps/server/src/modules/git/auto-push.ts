import { GIT_MESSAGES } from '@div/shared/git';
import { roleAllows } from '@div/shared/members';
import { and, desc, eq, gt, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { gitConnections } from '../../db/schema/git';
import { spaces, spaceVersions } from '../../db/schema/spaces';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { findSpaceAccess } from '../../lib/space-access';
import { recordSync } from './connection';
import { push } from './sync';

/*
 * Push after every saved version (issue 41, ADR 0278): each instance looks every
 * GIT_AUTO_PUSH_POLL_MS for connections with automatic push on whose space has a version newer than
 * the last synced one and than the last one tried. A conditional UPDATE claims that revision, so each
 * is tried once, by one instance. The push is the ordinary one (fast-forward only): a remote that
 * moved is never overwritten, and the failure stays in the status in plain Spanish until the next
 * push or pull.
 */

const BATCH = 20;

/** Pushes the spaces whose newest version is not pushed or tried yet; how many were tried. */
export async function runAutoPushes(ctx: AppContext, inFlight: Set<string> = new Set()): Promise<number> {
  // A join, not a subquery: drizzle writes a one-table query's columns unqualified, which would
  // leave a subquery uncorrelated.
  const latest = max(spaceVersions.revision);
  const due = await ctx.db
    .select({ spaceId: gitConnections.spaceId, revision: latest })
    .from(gitConnections)
    .innerJoin(spaceVersions, eq(spaceVersions.spaceId, gitConnections.spaceId))
    .where(eq(gitConnections.autoPush, true))
    .groupBy(gitConnections.spaceId, gitConnections.syncedRevision, gitConnections.autoPushRevision)
    .having(
      and(
        gt(latest, sql`coalesce(${gitConnections.syncedRevision}, -1)`),
        gt(latest, sql`coalesce(${gitConnections.autoPushRevision}, -1)`),
      ),
    )
    .limit(BATCH);
  let tried = 0;
  for (const { spaceId, revision } of due) {
    if (revision === null) continue;
    // One push per space at a time on this instance: a second would see the first's commit as a moved remote.
    if (inFlight.has(spaceId)) continue;
    const [claimed] = await ctx.db
      .update(gitConnections)
      .set({ autoPushRevision: revision })
      .where(
        and(
          eq(gitConnections.spaceId, spaceId),
          eq(gitConnections.autoPush, true),
          or(isNull(gitConnections.autoPushRevision), lt(gitConnections.autoPushRevision, revision)),
        ),
      )
      .returning({ spaceId: gitConnections.spaceId });
    if (!claimed) continue;
    inFlight.add(spaceId);
    tried++;
    try {
      await pushAsAuthor(ctx, spaceId);
    } catch (error) {
      const message = error instanceof AppError ? error.message : GIT_MESSAGES.failed;
      await recordSync(ctx, spaceId, { error: `${GIT_MESSAGES.autoPushFailed} ${message}` });
      ctx.log.info({ spaceId, code: (error as { code?: string })?.code }, 'git auto push refused');
    } finally {
      inFlight.delete(spaceId);
    }
  }
  return tried;
}

/**
 * Pushes as the newest version's author while they may still edit the space (else as the owner):
 * the commit carries their name and noreply address, as a push they made would.
 */
async function pushAsAuthor(ctx: AppContext, spaceId: string): Promise<void> {
  const [[latest], [space]] = await Promise.all([
    ctx.db
      .select({ authorId: spaceVersions.authorId })
      .from(spaceVersions)
      .where(eq(spaceVersions.spaceId, spaceId))
      .orderBy(desc(spaceVersions.revision))
      .limit(1),
    ctx.db.select({ ownerId: spaces.ownerId }).from(spaces).where(eq(spaces.id, spaceId)).limit(1),
  ]);
  for (const userId of new Set([latest?.authorId, space?.ownerId])) {
    if (!userId) continue;
    const access = await findSpaceAccess(ctx.db, userId, spaceId);
    if (!access || !roleAllows(access.role, 'editor')) continue;
    const [user] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    await push({ ctx, access, author: { id: userId, name: user?.name ?? 'DIV' } });
    return;
  }
}

/** Starts the background loop of automatic pushes on this instance; it stops when the app closes. */
export function startGitAutoPush(app: FastifyInstance, ctx: AppContext): void {
  const inFlight = new Set<string>();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runAutoPushes(ctx, inFlight)
      .catch((err) => ctx.log.warn({ err }, 'git auto push sweep failed'))
      .finally(() => {
        running = false;
      });
  }, ctx.config.GIT_AUTO_PUSH_POLL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
