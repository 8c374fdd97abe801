import fs from 'node:fs';
import { GIT_MESSAGES, type GitPullResponse, type GitPushResponse, type GitResolution } from '@div/shared/git';
import type { FileInput } from '@div/shared/spaces';
import { desc, eq } from 'drizzle-orm';
import { Errors } from 'isomorphic-git';
import type { AppContext } from '../../context';
import { spaces, spaceVersions } from '../../db/schema/spaces';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { SpaceAccess } from '../../lib/space-access';
import { storageOf } from '../../providers/storage/create';
import { listImages } from '../assets/service';
import { readFiles } from '../spaces/service';
import { appendVersion } from '../spaces/versions';
import { type Connection, getStatus, recordSync, remoteOf, requireConnection } from './connection';
import { type Remote, remoteError, remoteOptions } from './remote';
import { fetchBranch, flatten, git, type SpaceContent, spaceFilesOf, spaceTree, theirsRef, treeOf, withRepo } from './repo';

/*
 * Push and pull (issue 41, ADR 0265). Push: the space's files and images as one commit on top of
 * the last synced commit, sent fast-forward only; a remote that moved is never overwritten (409,
 * pull first). Pull: the remote's new commits merged three-way against the last synced commit
 * (isomorphic-git's merge, diff3 per file): different files or different parts of a file merge into
 * a new version "Desde Git: {subject}"; the same lines changed on both sides answer 409 naming the
 * files, and the space stays as it was.
 */

interface Author {
  id: string;
  name: string;
}

interface SpaceState extends SpaceContent {
  revision: number;
  message: string;
}

async function readSpace(ctx: AppContext, spaceId: string): Promise<SpaceState> {
  const [[row], files, images, [latest]] = await Promise.all([
    ctx.db.select({ revision: spaces.revision }).from(spaces).where(eq(spaces.id, spaceId)).limit(1),
    readFiles(ctx.db, spaceId),
    listImages(ctx, spaceId),
    ctx.db
      .select({ prompt: spaceVersions.prompt })
      .from(spaceVersions)
      .where(eq(spaceVersions.spaceId, spaceId))
      .orderBy(desc(spaceVersions.revision))
      .limit(1),
  ]);
  if (!row) throw notFound('Proyecto no encontrado');
  const bodies = await Promise.all(
    images.map(async (image) => ({ name: image.name, body: (await storageOf(ctx).get(image.originalKey))?.body })),
  );
  return {
    revision: row.revision,
    files,
    images: bodies.filter((i): i is { name: string; body: Buffer } => i.body !== undefined),
    message: latest?.prompt?.trim() || GIT_MESSAGES.visualEdit,
  };
}

/** Author and committer of DIV's commits: the person's name and a noreply address, never their email. */
function signature(ctx: AppContext, author: Author) {
  const host = new URL(ctx.config.publicUrl).hostname;
  return { name: author.name || 'DIV', email: `${author.id}@users.noreply.${host}` };
}

/** Runs a sync step, recording its failure's plain message on the connection before passing it on. */
async function recorded<T>(ctx: AppContext, row: Connection, work: (remote: Remote) => Promise<T>): Promise<T> {
  try {
    return await work(remoteOf(ctx, row));
  } catch (error) {
    const failure = remoteError(error);
    // The error's kind only: its text may quote the remote's answer.
    ctx.log.warn({ spaceId: row.spaceId, kind: (error as { code?: string })?.code ?? failure.code }, 'git sync failed');
    await recordSync(ctx, row.spaceId, { error: failure.message });
    throw failure;
  }
}

export async function push(opts: { ctx: AppContext; access: SpaceAccess; author: Author }): Promise<GitPushResponse> {
  const { ctx, access } = opts;
  const row = await requireConnection(ctx, access.spaceId);
  const result = await recorded(ctx, row, (remote) =>
    withRepo(async (dir) => {
      const head = await fetchBranch(dir, remote, row.branch);
      if (head !== null && head !== row.lastSyncedOid) {
        throw new AppError('CONFLICT', row.lastSyncedOid ? GIT_MESSAGES.remoteMoved : GIT_MESSAGES.remoteHasHistory, {
          remoteMoved: true,
        });
      }
      const space = await readSpace(ctx, access.spaceId);
      const tree = await spaceTree(dir, head ? await flatten(dir, head) : new Map(), space);
      if (head && tree === (await treeOf(dir, head))) return { pushed: false, commit: head, revision: space.revision };
      const who = signature(ctx, opts.author);
      const commit = await git.commit({
        fs,
        dir,
        message: space.message,
        author: who,
        committer: who,
        tree,
        parent: head ? [head] : [],
        ref: 'refs/heads/div',
      });
      const sent = await git.push({ fs, dir, ...remoteOptions(remote), ref: 'div', remoteRef: row.branch, force: false });
      if (!sent.ok || sent.refs[`refs/heads/${row.branch}`]?.ok === false) {
        throw new AppError('CONFLICT', GIT_MESSAGES.remoteMoved, { remoteMoved: true });
      }
      return { pushed: true, commit, revision: space.revision };
    }),
  );
  await recordSync(ctx, access.spaceId, { oid: result.commit, revision: result.revision });
  return { pushed: result.pushed, commit: result.commit, status: await getStatus({ ctx, access }) };
}

function sameFiles(a: readonly FileInput[], b: readonly FileInput[]): boolean {
  const byPath = new Map(b.map((f) => [f.path, f.content]));
  return a.length === b.length && a.every((f) => byPath.get(f.path) === f.content);
}

/** Files sorted by path, with `path` set to `content` (or removed when it is undefined). */
function withFile(files: readonly FileInput[], path: string, content: string | undefined): FileInput[] {
  const rest = files.filter((f) => f.path !== path);
  return (content === undefined ? rest : [...rest, { path, content }]).sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * Pulls; `resolutions` settles the files of an earlier conflict: each enters the merge as the
 * remote has it (so it merges cleanly), and the side chosen is put back into the result.
 */
export async function pull(opts: {
  ctx: AppContext;
  access: SpaceAccess;
  author: Author;
  resolutions?: Record<string, GitResolution> | undefined;
  /** A resolution's view of the conflict: refused (409) when the remote or the space moved since. */
  seen?: { remoteCommit: string; revision: number } | undefined;
}): Promise<GitPullResponse> {
  const chosen = Object.entries(opts.resolutions ?? {});
  const { ctx, access, seen } = opts;
  const row = await requireConnection(ctx, access.spaceId);
  const stale = () => new AppError('CONFLICT', GIT_MESSAGES.staleConflict, { stale: true });
  const merged = await recorded(ctx, row, (remote) =>
    withRepo(async (dir) => {
      const head = await fetchBranch(dir, remote, row.branch);
      if (seen && head !== seen.remoteCommit) throw stale();
      if (head === null || head === row.lastSyncedOid) return null;
      const space = await readSpace(ctx, access.spaceId);
      if (seen && space.revision !== seen.revision) throw stale();
      const base = row.lastSyncedOid ? await flatten(dir, row.lastSyncedOid).catch(() => null) : null;
      const theirs = await flatten(dir, head);
      const theirsFiles = await spaceFilesOf(dir, theirs);
      const theirsText = new Map(theirsFiles.map((f) => [f.path, f.content]));
      const oursText = new Map(space.files.map((f) => [f.path, f.content]));
      if (chosen.length) {
        // A choice only settles a file both sides changed: anything else merges, and choosing a
        // side there would silently drop the other side's change.
        const baseText = new Map((base ? await spaceFilesOf(dir, base) : []).map((f) => [f.path, f.content]));
        const settled = chosen
          .map(([at]) => at)
          .filter((at) => {
            const [o, t, b] = [oursText.get(at), theirsText.get(at), baseText.get(at)];
            return o === t || o === b || t === b;
          });
        if (settled.length) throw badRequest(`${GIT_MESSAGES.notInConflict} ${settled.join(', ')}`);
      }
      const mergeFiles = chosen.reduce((files, [at]) => withFile(files, at, theirsText.get(at)), [...space.files]);
      const ours = await spaceTree(dir, base ?? new Map(), { ...space, files: mergeFiles });
      let tree: string;
      if (base && ours === (await treeOf(dir, row.lastSyncedOid as string))) {
        tree = await treeOf(dir, head);
      } else {
        const who = signature(ctx, opts.author);
        await git.commit({
          fs,
          dir,
          message: space.message,
          author: who,
          committer: who,
          tree: ours,
          parent: base ? [row.lastSyncedOid as string] : [],
          ref: 'refs/heads/div',
        });
        try {
          const result = await git.merge({
            fs,
            dir,
            ours: 'div',
            theirs: theirsRef(row.branch),
            noUpdateBranch: true,
            abortOnConflict: true,
            allowUnrelatedHistories: !base,
            author: who,
            committer: who,
          });
          tree = result.tree ?? (result.oid ? await treeOf(dir, result.oid) : ours);
        } catch (error) {
          if (error instanceof Errors.MergeConflictError) {
            const paths = [...error.data.filepaths].sort();
            throw new AppError('CONFLICT', `${GIT_MESSAGES.conflict} ${paths.join(', ')}`, {
              files: paths,
              conflicts: paths.map((at) => ({ path: at, ours: oursText.get(at) ?? null, theirs: theirsText.get(at) ?? null })),
              remoteCommit: head,
              revision: space.revision,
            });
          }
          if (error instanceof Errors.MergeNotSupportedError) {
            throw new AppError('CONFLICT', `${GIT_MESSAGES.conflict} (archivos binarios)`, {
              files: [],
              conflicts: [],
              remoteCommit: head,
              revision: space.revision,
            });
          }
          throw error;
        }
      }
      const files = chosen.reduce(
        (merged, [at, side]) => withFile(merged, at, (side === 'ours' ? oursText : theirsText).get(at)),
        await spaceFilesOf(dir, await flatten(dir, tree)),
      );
      const { commit } = await git.readCommit({ fs, dir, oid: head });
      const subject = commit.message.split('\n')[0]?.trim() ?? '';
      const upToDate = sameFiles(files, theirsFiles);
      return { head, files, subject, space, upToDate };
    }),
  );
  if (!merged) {
    const [row2] = await ctx.db.select({ revision: spaces.revision }).from(spaces).where(eq(spaces.id, access.spaceId));
    return {
      version: null,
      files: null,
      revision: row2?.revision ?? 0,
      changed: false,
      status: await getStatus({ ctx, access }),
    };
  }
  const { head, files, subject, space, upToDate } = merged;
  if (sameFiles(files, space.files)) {
    await recordSync(ctx, access.spaceId, { oid: head, revision: upToDate ? space.revision : null });
    return { version: null, files: null, revision: space.revision, changed: false, status: await getStatus({ ctx, access }) };
  }
  const { version, revision } = await ctx.db.transaction((tx) =>
    appendVersion({
      tx,
      spaceId: access.spaceId,
      files,
      prompt: `${GIT_MESSAGES.fromGit}: ${subject}`.slice(0, 2000),
      source: 'git',
      userId: access.ownerId,
      authorId: opts.author.id,
      expectedRevision: space.revision,
    }),
  );
  await recordSync(ctx, access.spaceId, { oid: head, revision: upToDate ? revision : null });
  return { version, files, revision, changed: true, status: await getStatus({ ctx, access }) };
}
