/**
 * Unsaved edits kept in localStorage until the server has them, so nothing typed is lost on a
 * reload, a navigation or a rejected (409) save.
 */
export interface Draft {
  /** The space revision the edits were made on. */
  baseRevision: number;
  files: Record<string, string>;
  updatedAt: number;
}

const key = (spaceId: string) => `div_editor_draft:${spaceId}`;

export function readDraft(spaceId: string, storage: Pick<Storage, 'getItem'> = localStorage): Draft | null {
  try {
    const raw = storage.getItem(key(spaceId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    if (typeof draft?.baseRevision !== 'number' || !draft.files || typeof draft.files !== 'object') return null;
    return Object.keys(draft.files).length > 0 ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(spaceId: string, draft: Draft, storage: Pick<Storage, 'setItem'> = localStorage) {
  try {
    storage.setItem(key(spaceId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(spaceId: string, storage: Pick<Storage, 'removeItem'> = localStorage) {
  try {
    storage.removeItem(key(spaceId));
  } catch {}
}

export interface EditableFile {
  path: string;
  content: string;
}

export type DraftResolution =
  /** No draft, or it matches the server already. */
  | { kind: 'none' }
  /** Made on the current revision: reapply it and save. */
  | { kind: 'apply'; files: EditableFile[]; dirty: string[] }
  /** Made on an older revision: ask the person whether to recover it. */
  | { kind: 'conflict'; draft: Draft };

/** Decides what to do with a stored draft when the server's files arrive. */
export function resolveDraft(serverFiles: EditableFile[], revision: number, draft: Draft | null): DraftResolution {
  if (!draft) return { kind: 'none' };
  const server = new Map(serverFiles.map((file) => [file.path, file.content]));
  const changed = Object.entries(draft.files).filter(([path, content]) => server.get(path) !== content);
  if (changed.length === 0) return { kind: 'none' };
  if (draft.baseRevision !== revision) return { kind: 'conflict', draft };
  return { kind: 'apply', files: applyEdits(serverFiles, draft.files), dirty: changed.map(([path]) => path) };
}

/** The files with the given contents replacing (or adding) theirs; order kept, new ones appended. */
export function applyEdits(files: EditableFile[], edits: Record<string, string>): EditableFile[] {
  const seen = new Set<string>();
  const next = files.map((file) => {
    seen.add(file.path);
    return file.path in edits ? { path: file.path, content: edits[file.path] ?? file.content } : file;
  });
  for (const [path, content] of Object.entries(edits)) if (!seen.has(path)) next.push({ path, content });
  return next;
}
