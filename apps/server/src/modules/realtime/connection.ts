import { FRAME_AWARENESS, FRAME_SYNC, realtimeRequestSchema } from '@div/shared/realtime';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { WebSocket } from 'ws';
import { applyAwarenessUpdate } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import { frame, type LiveDoc, type Peer } from './live-doc';

/** Who is on the other end: checked once at connection (realtime.ts). */
export interface Person {
  id: string;
  name: string;
  picture: string | null;
}

/** A browser's WebSocket in one space's document. */
export class Connection implements Peer {
  received = 0;
  readonly clients = new Set<number>();

  constructor(
    private readonly socket: WebSocket,
    readonly person: Person,
    readonly canEdit: boolean,
  ) {}

  send(data: Uint8Array | string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(data, (error) => {
      if (error) this.socket.terminate();
    });
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  /** One frame from the browser. Anything malformed closes the connection. */
  receive(live: LiveDoc, data: Buffer, isBinary: boolean): void {
    if (!isBinary) {
      const request = realtimeRequestSchema.safeParse(safeJson(data.toString('utf8')));
      if (request.success && this.canEdit) live.scheduleSave(true);
      return;
    }
    const decoder = decoding.createDecoder(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    const kind = decoding.readVarUint(decoder);
    if (kind === FRAME_SYNC) {
      const type = decoding.readVarUint(decoder);
      if (type === syncProtocol.messageYjsSyncStep1) {
        const reply = frame(FRAME_SYNC, (e) => syncProtocol.readSyncStep1(decoder, e, live.doc));
        this.send(reply);
        return;
      }
      // Step 2 and updates change the document: only from editors (a viewer's are dropped).
      this.received += 1;
      if (!this.canEdit) return;
      if (type === syncProtocol.messageYjsSyncStep2) syncProtocol.readSyncStep2(decoder, live.doc, this);
      else if (type === syncProtocol.messageYjsUpdate) syncProtocol.readUpdate(decoder, live.doc, this);
      else throw new Error(`unknown sync message ${type}`);
      return;
    }
    if (kind === FRAME_AWARENESS) {
      const update = decoding.readVarUint8Array(decoder);
      applyAwarenessUpdate(live.awareness, this.vouch(update, live), this);
      return;
    }
    throw new Error(`unknown frame ${kind}`);
  }

  /**
   * Presence says who someone is: the server writes the person's own id, name and picture over
   * whatever the browser claimed, so nobody appears as someone else. A browser speaks only for its
   * own client ids or new ones: an entry naming a client id someone else holds (another browser
   * here or on another instance, or the server's own) is dropped, so nobody can rewrite or remove
   * another person's presence (threats #15).
   */
  private vouch(update: Uint8Array, live: LiveDoc): Uint8Array {
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    const entries: [number, number, string][] = [];
    for (let i = 0; i < count; i++) {
      const clientId = decoding.readVarUint(decoder);
      const clock = decoding.readVarUint(decoder);
      const state = safeJson(decoding.readVarString(decoder)) as { user?: Record<string, unknown> } | null;
      const taken = clientId === live.awareness.clientID || (!this.clients.has(clientId) && live.awareness.states.has(clientId));
      if (taken) continue;
      if (state && typeof state === 'object') {
        const user = state.user && typeof state.user === 'object' ? state.user : {};
        state.user = { ...user, id: this.person.id, name: this.person.name, picture: this.person.picture };
      }
      entries.push([clientId, clock, JSON.stringify(state ?? null)]);
    }
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, entries.length);
    for (const [clientId, clock, state] of entries) {
      encoding.writeVarUint(encoder, clientId);
      encoding.writeVarUint(encoder, clock);
      encoding.writeVarString(encoder, state);
    }
    return encoding.toUint8Array(encoder);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
