import { hash } from 'node:crypto';
import { DOC_FILES, textChange } from '@div/shared/realtime';
import { languageOf, SPACE_MAX_BYTES, SPACE_MAX_FILES } from '@div/shared/spaces';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Database } from '../../db/client';
import { spaceDocs, spaceDocUpdates } from '../../db/schema/realtime';
import { spaceFiles, spaces } from '../../db/schema/spaces';

/**
 * The shared document and the space's files, kept in step in one transaction (ADR 0213). Every
 * sync locks the space's row first (the same lock every other writer of files takes by bumping the
 * revision), so whichever instance syncs sees everything stored before it:
 *  1. the log rows other instances stored since this instance last read are applied;
 *  2. this instance's pending updates (from its browsers) are appended to the log;
 *  3. files changed outside the document since the last sync (a generation, a restore, a save by
 *     the REST API) are taken into it — per file, the side that changed it since then wins;
 *  4. the document's files are written as the space's files when they differ (a new revision).
 */

/** Marks changes the document took from the files (step 3). */
export const FROM_FILES = Symbol('from files');
/** Marks updates read from the log (stored by another instance). */
export const FROM_LOG = Symbol('from log');

/** How many log rows a document may have before they are merged into one. */
const COMPACT_AFTER = 200;

export interface SyncTarget {
  spaceId: string;
  doc: Y.Doc;
  /** The last log row this instance has applied. */
  lastLogId: number;
  /** Log rows stored since the last merge, as far as this instance knows. */
  logRows: number;
}

export type SyncResult =
  | { kind: 'gone' }
  | { kind: 'synced'; revision: number; wrote: boolean; absorbed: boolean; tooLarge: boolean };

const digest = (content: string) => hash('sha1', content, 'base64');

export function filesOf(doc: Y.Doc): Y.Map<Y.Text> {
  return doc.getMap<Y.Text>(DOC_FILES);
}

/** The document's files as plain text. */
export function readDocFiles(doc: Y.Doc): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, text] of filesOf(doc)) out.set(path, text.toString());
  return out;
}

/** Turns `text` into `next` with one deletion and one insertion (see textChange). */
export function replaceText(text: Y.Text, next: string): void {
  const change = textChange(text.toString(), next);
  if (!change) return;
  if (change.removed > 0) text.delete(change.start, change.removed);
  if (change.inserted) text.insert(change.start, change.inserted);
}

/** One sync of the document with the database (see above). `pending` is merged and appended. */
export async function syncDocument(db: Database, target: SyncTarget, pending: Uint8Array | null): Promise<SyncResult> {
  const { spaceId, doc } = target;
  return db.transaction(async (tx) => {
    const [space] = await tx.select({ revision: spaces.revision }).from(spaces).where(eq(spaces.id, spaceId)).for('update');
    if (!space) return { kind: 'gone' } as const;
    await tx.insert(spaceDocs).values({ spaceId }).onConflictDoNothing();
    const [state] = await tx
      .select({ revision: spaceDocs.revision, synced: spaceDocs.synced })
      .from(spaceDocs)
      .where(eq(spaceDocs.spaceId, spaceId))
      .for('update');
    if (!state) throw new Error('space_docs row missing');

    // 1. What the other instances stored.
    const stored = await tx
      .select({ id: spaceDocUpdates.id, update: spaceDocUpdates.update })
      .from(spaceDocUpdates)
      .where(and(eq(spaceDocUpdates.spaceId, spaceId), gt(spaceDocUpdates.id, target.lastLogId)))
      .orderBy(asc(spaceDocUpdates.id));
    if (stored.length) {
      Y.transact(
        doc,
        () => {
          for (const row of stored) Y.applyUpdate(doc, row.update, FROM_LOG);
        },
        FROM_LOG,
      );
      target.lastLogId = stored[stored.length - 1]?.id ?? target.lastLogId;
      target.logRows += stored.length;
    }
    const append = async (update: Uint8Array) => {
      const [row] = await tx
        .insert(spaceDocUpdates)
        .values({ spaceId, update: Buffer.from(update) })
        .returning({ id: spaceDocUpdates.id });
      if (row) target.lastLogId = row.id;
      target.logRows += 1;
    };
    // 2. This instance's edits.
    if (pending) await append(pending);

    // 3. Files changed outside the document since the last sync.
    const current = await tx
      .select({ path: spaceFiles.path, content: spaceFiles.content })
      .from(spaceFiles)
      .where(eq(spaceFiles.spaceId, spaceId));
    const onDisk = new Map(current.map((file) => [file.path, file.content]));
    let absorbed = false;
    if (space.revision !== state.revision) {
      const changes: Uint8Array[] = [];
      const collect = (update: Uint8Array, origin: unknown) => {
        if (origin === FROM_FILES) changes.push(update);
      };
      doc.on('update', collect);
      try {
        absorbFiles(doc, onDisk, state.synced);
      } finally {
        doc.off('update', collect);
      }
      if (changes.length) {
        await append(Y.mergeUpdates(changes));
        absorbed = true;
      }
    }

    // 4. The document's files become the space's files.
    const wanted = readDocFiles(doc);
    const changed = [...wanted].filter(([path, content]) => onDisk.get(path) !== content);
    const removed = [...onDisk.keys()].filter((path) => !wanted.has(path));
    let revision = space.revision;
    let tooLarge = false;
    if (changed.length || removed.length) {
      let bytes = 0;
      for (const content of wanted.values()) bytes += Buffer.byteLength(content);
      tooLarge = bytes > SPACE_MAX_BYTES || wanted.size > SPACE_MAX_FILES;
    }
    if (!tooLarge && (changed.length || removed.length)) {
      const now = new Date();
      if (removed.length) {
        await tx.delete(spaceFiles).where(and(eq(spaceFiles.spaceId, spaceId), inArray(spaceFiles.path, removed)));
      }
      if (changed.length) {
        await tx
          .insert(spaceFiles)
          .values(changed.map(([path, content]) => ({ spaceId, path, content, language: languageOf(path), updatedAt: now })))
          .onConflictDoUpdate({
            target: [spaceFiles.spaceId, spaceFiles.path],
            set: { content: sql`excluded.content`, language: sql`excluded.language`, updatedAt: now },
          });
      }
      const [bumped] = await tx
        .update(spaces)
        .set({ revision: sql`${spaces.revision} + 1`, updatedAt: now })
        .where(eq(spaces.id, spaceId))
        .returning({ revision: spaces.revision });
      revision = bumped?.revision ?? revision;
    }
    // The files as written are the base the next sync compares both sides with (too large: as on disk).
    const base = tooLarge ? onDisk : wanted;
    const synced: Record<string, string> = {};
    for (const [path, content] of base) synced[path] = digest(content);
    await tx.update(spaceDocs).set({ revision, synced, updatedAt: new Date() }).where(eq(spaceDocs.spaceId, spaceId));

    if (target.logRows > COMPACT_AFTER) {
      const upTo = target.lastLogId;
      await tx.delete(spaceDocUpdates).where(and(eq(spaceDocUpdates.spaceId, spaceId), lte(spaceDocUpdates.id, upTo)));
      target.logRows = 0;
      await append(Y.encodeStateAsUpdate(doc));
    }
    return { kind: 'synced', revision, wrote: revision !== space.revision, absorbed, tooLarge } as const;
  });
}

/**
 * Takes into the document the files that changed outside it since the last sync (`synced`: their
 * digests then). A file the document also changed since then takes the files' content: what a
 * generation or a restore wrote is what its author asked for.
 */
function absorbFiles(doc: Y.Doc, onDisk: Map<string, string>, synced: Record<string, string>): void {
  const files = filesOf(doc);
  Y.transact(
    doc,
    () => {
      for (const [path, content] of onDisk) {
        const before = synced[path];
        if (before !== undefined && before === digest(content)) continue; // unchanged outside
        const text = files.get(path);
        if (text) replaceText(text, content);
        else files.set(path, new Y.Text(content));
      }
      for (const path of [...files.keys()]) {
        // Deleted outside (it was there at the last sync), or never on disk since the document began.
        if (!onDisk.has(path) && (synced[path] !== undefined || Object.keys(synced).length === 0)) files.delete(path);
      }
    },
    FROM_FILES,
  );
}
