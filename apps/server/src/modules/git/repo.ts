import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { imageReference } from '@div/shared/assets';
import { type FileInput, isSafeFilePath } from '@div/shared/spaces';
import git, { type TreeEntry } from 'isomorphic-git';
import { type Remote, remoteOptions } from './remote';

/*
 * The git side of a sync (issue 41, ADR 0264): every operation runs in a fresh repository in a
 * temporary folder, removed afterwards, so nothing of a remote outlives the request. Trees are
 * built from objects, never from a work tree: the space's files and images over the remote's tree,
 * which keeps every file DIV does not edit (dotfiles, binaries, images added in a clone) as it was.
 */

export interface Entry {
  oid: string;
  mode: string;
}
/** A commit's files, flat: path → blob. */
export type FlatTree = Map<string, Entry>;

export interface SpaceContent {
  files: readonly FileInput[];
  images: readonly { name: string; body: Buffer }[];
}

/** Runs `work` in a new empty repository, removed afterwards whatever happens. */
export async function withRepo<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'div-git-'));
  try {
    await git.init({ fs, dir, defaultBranch: 'div' });
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The commit the remote branch points at, or null when the branch (or the whole repository) is empty. */
export async function remoteHead(remote: Remote, branch: string): Promise<string | null> {
  const refs = await git.listServerRefs({ ...remoteOptions(remote), prefix: `refs/heads/${branch}`, protocolVersion: 1 });
  return refs.find((r) => r.ref === `refs/heads/${branch}`)?.oid ?? null;
}

/** Fetches the branch into `dir` as `refs/remotes/origin/<branch>`; its commit, or null when it has none. */
export async function fetchBranch(dir: string, remote: Remote, branch: string): Promise<string | null> {
  const head = await remoteHead(remote, branch);
  if (!head) return null;
  await git.addRemote({ fs, dir, remote: 'origin', url: remote.url, force: true });
  const result = await git.fetch({
    fs,
    dir,
    ...remoteOptions(remote),
    remote: 'origin',
    ref: branch,
    singleBranch: true,
    tags: false,
  });
  const oid = result.fetchHead ?? head;
  await git.writeRef({ fs, dir, ref: theirsRef(branch), value: oid, force: true });
  return oid;
}

export const theirsRef = (branch: string) => `refs/remotes/origin/${branch}`;

/** Every file of a commit or tree, by path. */
export async function flatten(dir: string, oid: string, prefix = '', out: FlatTree = new Map()): Promise<FlatTree> {
  const { tree } = await git.readTree({ fs, dir, oid });
  for (const entry of tree) {
    const at = prefix + entry.path;
    if (entry.type === 'tree') await flatten(dir, entry.oid, `${at}/`, out);
    else out.set(at, { oid: entry.oid, mode: entry.mode });
  }
  return out;
}

/** The tree object of a commit. */
export async function treeOf(dir: string, commit: string): Promise<string> {
  return (await git.readCommit({ fs, dir, oid: commit })).commit.tree;
}

/** Writes nested tree objects for a flat tree; the root tree's oid. */
export async function writeFlat(dir: string, flat: FlatTree): Promise<string> {
  const here: TreeEntry[] = [];
  const below = new Map<string, FlatTree>();
  for (const [at, entry] of flat) {
    const slash = at.indexOf('/');
    if (slash === -1) {
      here.push({ mode: entry.mode, path: at, oid: entry.oid, type: entry.mode === '160000' ? 'commit' : 'blob' });
      continue;
    }
    const name = at.slice(0, slash);
    const sub = below.get(name) ?? new Map();
    sub.set(at.slice(slash + 1), entry);
    below.set(name, sub);
  }
  for (const [name, sub] of below) here.push({ mode: '040000', path: name, oid: await writeFlat(dir, sub), type: 'tree' });
  return git.writeTree({ fs, dir, tree: here });
}

/** Whether DIV edits the file at `at` as one of the space's text files (else it is carried over untouched). */
export function isSpacePath(at: string, entry: Entry): boolean {
  return (entry.mode === '100644' || entry.mode === '100755') && !at.startsWith('images/') && isSafeFilePath(at);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a blob, or null when it is not UTF-8 text. */
async function readText(dir: string, oid: string): Promise<string | null> {
  const { blob } = await git.readBlob({ fs, dir, oid });
  if (blob.includes(0)) return null;
  try {
    return utf8.decode(blob);
  } catch {
    return null;
  }
}

/** The space files a tree holds: its UTF-8 text files at paths DIV accepts, by path. */
export async function spaceFilesOf(dir: string, flat: FlatTree): Promise<FileInput[]> {
  const files: FileInput[] = [];
  for (const [at, entry] of [...flat].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!isSpacePath(at, entry)) continue;
    const content = await readText(dir, entry.oid);
    if (content !== null) files.push({ path: at, content });
  }
  return files;
}

/**
 * The tree of the space's content over `base`: base's files DIV does not edit stay, its space files
 * are replaced by the space's (a file deleted in DIV goes), its images by the space's images.
 */
export async function spaceTree(dir: string, base: FlatTree, content: SpaceContent): Promise<string> {
  const flat: FlatTree = new Map();
  for (const [at, entry] of base) {
    // A file DIV would not have read (binary at a text path) stays as it is.
    if (!isSpacePath(at, entry) || (await readText(dir, entry.oid)) === null) flat.set(at, entry);
  }
  for (const file of content.files) {
    const oid = await git.writeBlob({ fs, dir, blob: Buffer.from(file.content, 'utf8') });
    flat.set(file.path, { oid, mode: base.get(file.path)?.mode === '100755' ? '100755' : '100644' });
  }
  for (const image of content.images) {
    const oid = await git.writeBlob({ fs, dir, blob: image.body });
    flat.set(imageReference(image.name), { oid, mode: '100644' });
  }
  return writeFlat(dir, flat);
}

export { git };
