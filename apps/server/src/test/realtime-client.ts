import {
  DOC_FILES,
  FRAME_AWARENESS,
  FRAME_SYNC,
  REALTIME_PATH,
  REALTIME_PROTOCOL,
  type RealtimeEvent,
} from '@div/shared/realtime';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

/**
 * A browser's side of the realtime protocol in Node, for tests and the bench: a Yjs document kept
 * in step with a space over the real WebSocket, with presence.
 */
export interface TestEditor {
  doc: Y.Doc;
  awareness: Awareness;
  socket: WebSocket;
  events: RealtimeEvent[];
  /** Update frames sent (the server's `saved.upTo` counts the same). */
  sent(): number;
  /** Resolves once the first sync with the server is done. */
  synced: Promise<void>;
  text(path: string): string;
  insert(path: string, index: number, content: string): void;
  /** Resolves when the server says everything sent so far is in the database. */
  saved(): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

const frame = (kind: number, write: (e: encoding.Encoder) => void) => {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, kind);
  write(encoder);
  return encoding.toUint8Array(encoder);
};

export function connectEditor(options: {
  baseUrl: string;
  spaceId: string;
  token: string | null;
  doc?: Y.Doc;
  origin?: string;
}): TestEditor {
  const url = `${options.baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}${options.spaceId}`;
  const protocols = options.token ? [REALTIME_PROTOCOL, options.token] : [REALTIME_PROTOCOL];
  const socket = new WebSocket(url, protocols, options.origin ? { origin: options.origin } : {});
  const doc = options.doc ?? new Y.Doc();
  const awareness = new Awareness(doc);
  const events: RealtimeEvent[] = [];
  const listeners = new Set<() => void>();
  let sentCount = 0;
  let syncedResolve: () => void = () => {};
  const synced = new Promise<void>((resolve) => {
    syncedResolve = resolve;
  });
  const send = (data: Uint8Array) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(data);
  };
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === socket) return;
    sentCount += 1;
    send(frame(FRAME_SYNC, (e) => syncProtocol.writeUpdate(e, update)));
  });
  awareness.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
    if (origin === socket) return;
    const changed = [...(added ?? []), ...(updated ?? []), ...(removed ?? [])];
    const update = encodeAwarenessUpdate(awareness, changed);
    send(frame(FRAME_AWARENESS, (e) => encoding.writeVarUint8Array(e, update)));
  });
  socket.on('open', () => {
    send(frame(FRAME_SYNC, (e) => syncProtocol.writeSyncStep1(e, doc)));
    if (awareness.getLocalState()) {
      send(frame(FRAME_AWARENESS, (e) => encoding.writeVarUint8Array(e, encodeAwarenessUpdate(awareness, [doc.clientID]))));
    }
  });
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary) {
      events.push(JSON.parse(data.toString('utf8')));
      for (const listener of listeners) listener();
      return;
    }
    const decoder = decoding.createDecoder(new Uint8Array(data));
    const kind = decoding.readVarUint(decoder);
    if (kind === FRAME_SYNC) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, FRAME_SYNC);
      const type = syncProtocol.readSyncMessage(decoder, encoder, doc, socket);
      if (type === syncProtocol.messageYjsSyncStep1) {
        sentCount += 1; // the step 2 it answers with
        send(encoding.toUint8Array(encoder));
      }
      if (type === syncProtocol.messageYjsSyncStep2) syncedResolve();
    } else if (kind === FRAME_AWARENESS) {
      applyAwarenessUpdate(awareness, decoding.readVarUint8Array(decoder), socket);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    socket.on('error', () => {});
  });
  const files = () => doc.getMap<Y.Text>(DOC_FILES);
  return {
    doc,
    awareness,
    socket,
    events,
    sent: () => sentCount,
    synced,
    text: (path) => files().get(path)?.toString() ?? '',
    insert(path, index, content) {
      const text = files().get(path);
      if (!text) throw new Error(`no file ${path}`);
      text.insert(index, content);
    },
    saved() {
      const target = sentCount;
      return new Promise<void>((resolve) => {
        const check = () => {
          if (events.some((event) => event.type === 'saved' && event.upTo >= target)) {
            listeners.delete(check);
            resolve();
          }
        };
        listeners.add(check);
        check();
      });
    },
    closed,
    close: () => socket.close(),
  };
}
