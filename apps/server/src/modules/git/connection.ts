import fs from 'node:fs';
import { GIT_MESSAGES, type GitConnectBody, type GitSettingsBody, type GitStatus, gitConnectBodySchema } from '@div/shared/git';
import { and, count, eq, gt, max } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { gitConnections } from '../../db/schema/git';
import { spaceVersions } from '../../db/schema/spaces';
import { AppError, badRequest } from '../../lib/errors';
import type { SpaceAccess } from '../../lib/space-access';
import { decryptSecret, encryptSecret } from '../custom-models/secrets';
import { parseRemoteUrl, type Remote, remoteError, remoteOptions } from './remote';
import { fetchBranch, git, remoteHead, withRepo } from './repo';

/*
 * A space's git connection (issue 41, ADR 0263): connect (checked against the remote with the
 * token before anything is stored), status, disconnect. The token is encrypted with the space's id
 * as associated data and is never part of an answer.
 */

export type Connection = typeof gitConnections.$inferSelect;

const DEFAULT_USERNAME = 'x-access-token';
const tokenOwner = (spaceId: string) => `git:${spaceId}`;

export async function findConnection(ctx: AppContext, spaceId: string): Promise<Connection | undefined> {
  const [row] = await ctx.db.select().from(gitConnections).where(eq(gitConnections.spaceId, spaceId)).limit(1);
  return row;
}

export async function requireConnection(ctx: AppContext, spaceId: string): Promise<Connection> {
  const row = await findConnection(ctx, spaceId);
  if (!row) throw new AppError('NOT_FOUND', GIT_MESSAGES.notConnected);
  return row;
}

/** The remote of a stored connection, with its token decrypted. */
export function remoteOf(ctx: AppContext, row: Connection): Remote {
  const token = decryptSecret(ctx.config, row.tokenEncrypted, tokenOwner(row.spaceId));
  if (token === null) throw badRequest('El token guardado ya no se puede leer: vuelve a conectar el repositorio.');
  return { url: row.url, username: row.username, token, allowPrivate: ctx.config.gitAllowPrivate };
}

/**
 * Connects the space to a remote: the URL must pass the address guard and the token must be
 * accepted for pushing (the remote's receive-pack refs are listed with it); only then is it stored.
 * The last synced commit is kept when the same remote and branch are connected again.
 */
export async function connect(opts: { ctx: AppContext; access: SpaceAccess; body: GitConnectBody }): Promise<GitStatus> {
  const { ctx, access } = opts;
  const body = gitConnectBodySchema.parse(opts.body);
  const remote: Remote = {
    url: parseRemoteUrl(body.url, ctx.config.gitAllowPrivate),
    username: body.username ?? DEFAULT_USERNAME,
    token: body.token,
    allowPrivate: ctx.config.gitAllowPrivate,
  };
  try {
    await git.listServerRefs({ ...remoteOptions(remote), forPush: true, protocolVersion: 1, prefix: 'refs/heads/' });
  } catch (error) {
    throw remoteError(error);
  }
  const previous = await findConnection(ctx, access.spaceId);
  const same = previous?.url === remote.url && previous.branch === body.branch;
  const values = {
    url: remote.url,
    branch: body.branch,
    username: remote.username,
    tokenEncrypted: encryptSecret(ctx.config, body.token, tokenOwner(access.spaceId)),
    lastSyncedOid: same ? previous.lastSyncedOid : null,
    syncedRevision: same ? previous.syncedRevision : null,
    lastSyncedAt: same ? previous.lastSyncedAt : null,
    lastError: null,
    // Automatic push follows the remote: another remote starts with it off.
    autoPush: same ? previous.autoPush : false,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(gitConnections)
    .values({ spaceId: access.spaceId, ...values })
    .onConflictDoUpdate({ target: gitConnections.spaceId, set: values });
  return getStatus({ ctx, access });
}

/** Changes the connection's settings: automatic push on or off (ADR 0278). */
export async function updateSettings(opts: { ctx: AppContext; access: SpaceAccess; body: GitSettingsBody }): Promise<GitStatus> {
  const { ctx, access, body } = opts;
  await requireConnection(ctx, access.spaceId);
  // Turning it on pushes only versions made from now on; the ones before wait for "Enviar a Git".
  const [latest] = await ctx.db
    .select({ revision: max(spaceVersions.revision) })
    .from(spaceVersions)
    .where(eq(spaceVersions.spaceId, access.spaceId));
  await ctx.db
    .update(gitConnections)
    .set({ autoPush: body.autoPush, autoPushRevision: latest?.revision ?? null, updatedAt: new Date() })
    .where(eq(gitConnections.spaceId, access.spaceId));
  return getStatus({ ctx, access });
}

export async function disconnect(opts: { ctx: AppContext; access: SpaceAccess }): Promise<void> {
  await opts.ctx.db.delete(gitConnections).where(eq(gitConnections.spaceId, opts.access.spaceId));
}

/** Records the outcome of a push or pull: the new synced commit, or the failure's message. */
export async function recordSync(
  ctx: AppContext,
  spaceId: string,
  outcome: { oid: string; revision: number | null } | { error: string },
): Promise<void> {
  const set =
    'error' in outcome
      ? { lastError: outcome.error, updatedAt: new Date() }
      : {
          lastSyncedOid: outcome.oid,
          lastSyncedAt: new Date(),
          lastError: null,
          updatedAt: new Date(),
          ...(outcome.revision !== null ? { syncedRevision: outcome.revision } : {}),
        };
  await ctx.db.update(gitConnections).set(set).where(eq(gitConnections.spaceId, spaceId));
}

const notConnected: GitStatus = {
  connected: false,
  url: null,
  branch: null,
  lastSyncedCommit: null,
  remoteCommit: null,
  ahead: 0,
  behind: null,
  lastSyncedAt: null,
  lastError: null,
  autoPush: false,
};

/**
 * The status: what is stored, the versions made since the last sync, and the remote branch's
 * commits since it (read from the remote now; when that fails, `behind` is null and `lastError`
 * says why).
 */
export async function getStatus(opts: { ctx: AppContext; access: SpaceAccess }): Promise<GitStatus> {
  const { ctx, access } = opts;
  const row = await findConnection(ctx, access.spaceId);
  if (!row) return notConnected;
  const [versions] = await ctx.db
    .select({ n: count() })
    .from(spaceVersions)
    .where(
      and(
        eq(spaceVersions.spaceId, access.spaceId),
        row.syncedRevision === null ? undefined : gt(spaceVersions.revision, row.syncedRevision),
      ),
    );
  let remoteCommit: string | null = null;
  let behind: number | null = null;
  let lastError = row.lastError;
  try {
    const remote = remoteOf(ctx, row);
    remoteCommit = await remoteHead(remote, row.branch);
    // Only a branch that moved is fetched, to count its new commits.
    behind =
      remoteCommit === null || remoteCommit === row.lastSyncedOid
        ? 0
        : await withRepo(async (dir) => {
            const head = await fetchBranch(dir, remote, row.branch);
            return head ? commitsSince(dir, head, row.lastSyncedOid) : 0;
          });
  } catch (error) {
    lastError = remoteError(error).message;
  }
  return {
    connected: true,
    url: row.url,
    branch: row.branch,
    lastSyncedCommit: row.lastSyncedOid,
    remoteCommit,
    ahead: Number(versions?.n ?? 0),
    behind,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastError,
    autoPush: row.autoPush,
  };
}

/** Commits from `head` back to (not including) `since`; null when `since` is not in its history. */
async function commitsSince(dir: string, head: string, since: string | null): Promise<number | null> {
  if (head === since) return 0;
  const log = await git.log({ fs, dir, ref: head, depth: 1000 });
  if (since === null) return log.length;
  const at = log.findIndex((c) => c.oid === since);
  return at === -1 ? null : at;
}
