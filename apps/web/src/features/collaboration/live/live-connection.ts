import { CLOSE, FRAME_AWARENESS, FRAME_SYNC, REALTIME_PATH, REALTIME_PROTOCOL, type RealtimeEvent } from '@div/shared/realtime';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type * as Y from 'yjs';

export type LiveStatus = 'connecting' | 'synced' | 'offline' | 'refused';

/** Reconnection waits grow to this (and start again from short once connected). */
const MAX_BACKOFF_MS = 5000;

function frame(kind: number, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, kind);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/**
 * The browser's end of a space's document (ADR 0213): a WebSocket speaking y-protocols, which
 * comes back by itself after the network drops. The document lives on meanwhile, so edits made
 * offline travel in the sync that follows the reconnection.
 */
export class LiveConnection {
  readonly awareness: Awareness;
  status: LiveStatus = 'connecting';
  private socket: WebSocket | null = null;
  private sent = 0;
  private savedUpTo = 0;
  /** Edits made while disconnected: they go out in the sync after reconnecting. */
  private offlineEdits = false;
  private backoff = 250;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private destroyed = false;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: RealtimeEvent) => void>();

  constructor(
    private readonly doc: Y.Doc,
    private readonly spaceId: string,
    private readonly token: () => string | null,
  ) {
    this.awareness = new Awareness(doc);
    doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
    window.addEventListener('online', this.reconnectNow);
    this.connect();
  }

  /** True while some of this browser's edits are not yet in the database. */
  get unsaved(): boolean {
    return this.offlineEdits || this.savedUpTo < this.sent;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onEvent(listener: (event: RealtimeEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Resolves once everything typed so far is saved (asks the server to save now). */
  flush(timeoutMs = 5000): Promise<boolean> {
    if (!this.unsaved) return Promise.resolve(true);
    this.socket?.readyState === WebSocket.OPEN && this.socket.send(JSON.stringify({ type: 'flush' }));
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stop();
        resolve(false);
      }, timeoutMs);
      const stop = this.subscribe(() => {
        if (this.unsaved) return;
        clearTimeout(timer);
        stop();
        resolve(true);
      });
    });
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.retry);
    window.removeEventListener('online', this.reconnectNow);
    this.doc.off('update', this.onDocUpdate);
    this.awareness.off('update', this.onAwarenessUpdate);
    removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    this.socket?.close();
    this.awareness.destroy();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  private setStatus(status: LiveStatus) {
    if (this.status === status) return;
    this.status = status;
    this.emit();
  }

  private connect() {
    const token = this.token();
    if (!token || this.destroyed) return this.setStatus('refused');
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}${REALTIME_PATH}${encodeURIComponent(this.spaceId)}`, [
      REALTIME_PROTOCOL,
      token,
    ]);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    // A new connection counts its update frames from zero, as the server does.
    this.sent = 0;
    this.savedUpTo = 0;
    socket.onopen = () => {
      this.backoff = 250;
      socket.send(frame(FRAME_SYNC, (e) => syncProtocol.writeSyncStep1(e, this.doc)));
      if (this.awareness.getLocalState()) this.sendAwareness([this.doc.clientID]);
    };
    socket.onmessage = (message) => this.receive(message.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // Others' presence from this connection is stale now; it comes back with the next sync.
      const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.doc.clientID);
      removeAwarenessStates(this.awareness, others, this);
      if (this.destroyed) return;
      if (event.code === CLOSE.unauthorized || event.code === CLOSE.forbidden) return this.setStatus('refused');
      this.setStatus('offline');
      const wait = event.code === CLOSE.roleChanged ? 0 : this.backoff;
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
      this.retry = setTimeout(() => this.connect(), wait);
    };
  }

  private reconnectNow = () => {
    if (this.socket || this.destroyed || this.status === 'refused') return;
    clearTimeout(this.retry);
    this.connect();
  };

  private receive(data: unknown) {
    if (typeof data === 'string') {
      const event = JSON.parse(data) as RealtimeEvent;
      if (event.type === 'saved') {
        this.savedUpTo = Math.max(this.savedUpTo, event.upTo);
        if (this.sent > 0 && this.savedUpTo >= this.sent) this.offlineEdits = false;
        this.emit();
      }
      for (const listener of this.eventListeners) listener(event);
      return;
    }
    const decoder = decoding.createDecoder(new Uint8Array(data as ArrayBuffer));
    const kind = decoding.readVarUint(decoder);
    if (kind === FRAME_SYNC) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, FRAME_SYNC);
      const type = syncProtocol.readSyncMessage(decoder, encoder, this.doc, this);
      if (type === syncProtocol.messageYjsSyncStep1) this.send(encoding.toUint8Array(encoder));
      if (type === syncProtocol.messageYjsSyncStep2) this.setStatus('synced');
    } else if (kind === FRAME_AWARENESS) {
      applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this);
    }
  }

  /** Counts what changes the document (the server counts the same in `saved.upTo`). */
  private send(data: Uint8Array) {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    this.sent += 1;
    this.emit();
    this.socket.send(data);
  }

  private onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this) return;
    if (this.socket?.readyState !== WebSocket.OPEN) {
      this.offlineEdits = true;
      this.emit();
      return;
    }
    this.send(frame(FRAME_SYNC, (e) => syncProtocol.writeUpdate(e, update)));
  };

  private onAwarenessUpdate = (change: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    if (origin === this) return;
    this.sendAwareness([...change.added, ...change.updated, ...change.removed]);
  };

  private sendAwareness(clients: number[]) {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    const update = encodeAwarenessUpdate(this.awareness, clients);
    this.socket.send(frame(FRAME_AWARENESS, (e) => encoding.writeVarUint8Array(e, update)));
  }
}
