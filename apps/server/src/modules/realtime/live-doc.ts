import { FRAME_AWARENESS, FRAME_SYNC, REALTIME_MESSAGES, type RealtimeEvent } from '@div/shared/realtime';
import * as encoding from 'lib0/encoding';
import { Awareness, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { Database } from '../../db/client';
import type { Fanout } from './fanout';
import { FROM_FILES, type SyncResult, syncDocument } from './store';

/** Marks updates and awareness that came from another instance. */
export const REMOTE = Symbol('remote');

/** What the document needs of a browser's connection. */
export interface Peer {
  readonly canEdit: boolean;
  /** Update frames received from this browser so far (it counts the ones it sent the same way). */
  received: number;
  /** Awareness client ids this browser speaks for (removed when it leaves). */
  readonly clients: Set<number>;
  send(data: Uint8Array | string): void;
}

/** People present in one document at most (each browser's state; issue 36 #3). */
export const MAX_PRESENCE = 128;

/** Waits this long after the last edit before saving the files, and never longer than the most. */
const SAVE_DELAY_MS = 250;
const SAVE_MAX_DELAY_MS = 1000;
/** While people are in it, the document also reads the log this often (a fan-out message may be lost). */
const CATCH_UP_MS = 10_000;
/** After a failed sync (the database away), the next try waits this long. */
const RETRY_MS = 2000;

export function frame(kind: number, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, kind);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

const toBase64 = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');

/**
 * One space's document on this instance: the Yjs document, who is in it (awareness), the browsers
 * connected here, and the edits not yet in the database (saved shortly after they stop).
 */
export class LiveDoc {
  readonly doc = new Y.Doc();
  readonly awareness = new Awareness(this.doc);
  readonly peers = new Set<Peer>();
  lastLogId = 0;
  logRows = 0;
  private pending: Uint8Array[] = [];
  private firstPendingAt = 0;
  private saveTimer: NodeJS.Timeout | undefined;
  private catchUp: NodeJS.Timeout;
  private syncing: Promise<SyncResult | undefined> | null = null;
  private again = false;
  private retryAt = 0;
  closed = false;

  constructor(
    readonly spaceId: string,
    private readonly db: Database,
    private readonly fanout: Fanout,
    private readonly onError: (error: unknown) => void,
  ) {
    // The server speaks for no one.
    this.awareness.setLocalState(null);
    this.doc.on('update', (update: Uint8Array, origin: unknown) => this.onUpdate(update, origin));
    this.awareness.on('update', (change: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
      const changed = [...change.added, ...change.updated, ...change.removed];
      if (origin && typeof origin === 'object' && 'clients' in origin) {
        const peer = origin as Peer;
        for (const id of change.added) peer.clients.add(id);
        for (const id of change.removed) peer.clients.delete(id);
      }
      this.forgetAbsent();
      const update = encodeAwarenessUpdate(this.awareness, changed);
      const message = frame(FRAME_AWARENESS, (e) => encoding.writeVarUint8Array(e, update));
      for (const peer of this.peers) if (peer !== origin) peer.send(message);
      if (origin !== REMOTE) this.fanout.publish({ kind: 'awareness', spaceId: this.spaceId, data: toBase64(update) });
    });
    this.catchUp = setInterval(() => {
      if (this.peers.size > 0) void this.save();
    }, CATCH_UP_MS);
    this.catchUp.unref();
  }

  private onUpdate(update: Uint8Array, origin: unknown) {
    const message = frame(FRAME_SYNC, (e) => syncProtocol.writeUpdate(e, update));
    for (const peer of this.peers) if (peer !== origin) peer.send(message);
    const fromPeer = origin !== null && typeof origin === 'object' && this.peers.has(origin as Peer);
    if (fromPeer || origin === FROM_FILES) {
      this.fanout.publish({ kind: 'update', spaceId: this.spaceId, data: toBase64(update) });
    }
    if (fromPeer) {
      if (this.pending.length === 0) this.firstPendingAt = Date.now();
      this.pending.push(update);
      this.scheduleSave();
    }
  }

  /**
   * Awareness keeps a clock for every client id it ever saw, present or not; past a bound, those of
   * the absent are forgotten, so the document's memory does not grow with people coming and going.
   */
  private forgetAbsent(): void {
    const meta = this.awareness.meta;
    if (meta.size <= MAX_PRESENCE * 2) return;
    for (const id of meta.keys()) if (!this.awareness.states.has(id)) meta.delete(id);
  }

  /** Presence entries the document holds (states and clocks), for metrics and tests. */
  presenceEntries(): number {
    return this.awareness.meta.size;
  }

  /** Everything the document holds, for a browser that joins (sync step 1 and who is here). */
  greet(peer: Peer): void {
    peer.send(frame(FRAME_SYNC, (e) => syncProtocol.writeSyncStep1(e, this.doc)));
    const present = [...this.awareness.getStates().keys()];
    if (present.length) {
      const update = encodeAwarenessUpdate(this.awareness, present);
      peer.send(frame(FRAME_AWARENESS, (e) => encoding.writeVarUint8Array(e, update)));
    }
  }

  leave(peer: Peer): void {
    this.peers.delete(peer);
    if (peer.clients.size) removeAwarenessStates(this.awareness, [...peer.clients], null);
  }

  /** Sends an event to every browser connected here. */
  tell(event: RealtimeEvent): void {
    const text = JSON.stringify(event);
    for (const peer of this.peers) peer.send(text);
  }

  scheduleSave(now = false): void {
    clearTimeout(this.saveTimer);
    const waited = this.pending.length ? Date.now() - this.firstPendingAt : 0;
    const delay = now ? 0 : Math.max(0, Math.min(SAVE_DELAY_MS, SAVE_MAX_DELAY_MS - waited));
    this.saveTimer = setTimeout(() => void this.save(), delay);
  }

  /**
   * Syncs with the database (store.ts), one sync at a time; a request made during one runs once
   * more after it. Tells each browser which of its edits are saved.
   */
  save(): Promise<SyncResult | undefined> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    clearTimeout(this.saveTimer);
    const run = (async () => {
      const taken = this.pending;
      this.pending = [];
      const marks = new Map([...this.peers].map((peer) => [peer, peer.received]));
      try {
        const result = await syncDocument(this.db, this, taken.length ? Y.mergeUpdates(taken) : null);
        if (result.kind === 'synced') {
          for (const [peer, upTo] of marks) {
            if (peer.canEdit) peer.send(JSON.stringify({ type: 'saved', upTo, revision: result.revision }));
          }
          if (result.tooLarge) this.tell({ type: 'error', message: REALTIME_MESSAGES.tooLarge });
        }
        return result;
      } catch (error) {
        // Kept for the next try: nothing typed is dropped because the database was busy or away.
        this.pending = [...taken, ...this.pending];
        this.onError(error);
        this.retryAt = Date.now() + RETRY_MS;
        this.again = true;
        return undefined;
      }
    })();
    this.syncing = run;
    void run.finally(() => {
      this.syncing = null;
      if (this.again && !this.closed) {
        this.again = false;
        clearTimeout(this.saveTimer);
        this.saveTimer = setTimeout(() => void this.save(), Math.max(0, this.retryAt - Date.now()));
      }
    });
    return run;
  }

  hasPending(): boolean {
    return this.pending.length > 0 || this.syncing !== null;
  }

  destroy(): void {
    this.closed = true;
    clearTimeout(this.saveTimer);
    clearInterval(this.catchUp);
    this.awareness.destroy();
    this.doc.destroy();
  }
}
