import { CLOSE, FRAME_AWARENESS, FRAME_SYNC, REALTIME_MESSAGES, realtimeRequestSchema } from '@div/shared/realtime';
import { SPACE_MAX_BYTES } from '@div/shared/spaces';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { WebSocket } from 'ws';
import { applyAwarenessUpdate } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { frame, type LiveDoc, MAX_PRESENCE, type Peer } from './live-doc';
import { filesOf } from './store';

/**
 * Presence bounds (issue 36 #3). A browser speaks for one client id (a few across reloads of the same
 * document); a presence frame is a few hundred bytes, a state a user, a colour and a file name; a
 * cursor moves a few times a second at most. Beyond the frame size the connection closes; entries
 * beyond the others are dropped, and so is presence beyond the rate (the next one corrects it).
 */
export const MAX_CLIENTS_PER_CONNECTION = 4;
export const MAX_PRESENCE_FRAME_BYTES = 8 * 1024;
export const MAX_PRESENCE_STATE_CHARS = 2048;
const PRESENCE_PER_SECOND = 20;
const PRESENCE_BURST = 40;

/** A frame the connection refuses by closing with `code` (the browser is told why). */
export class RefusedFrame extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** The characters the document's files hold (UTF-16 units: never more than their bytes). */
function documentChars(live: LiveDoc): number {
  let chars = 0;
  for (const text of filesOf(live.doc).values()) chars += text.length;
  return chars;
}

/** The characters an update would add that the document does not hold yet (deletions not counted). */
function addedChars(live: LiveDoc, update: Uint8Array): number {
  const fresh = Y.diffUpdate(update, Y.encodeStateVector(live.doc));
  let chars = 0;
  for (const struct of Y.decodeUpdate(fresh).structs) if (struct instanceof Y.Item) chars += struct.length;
  return chars;
}

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
  private presenceTokens = PRESENCE_BURST;
  private presenceAt = Date.now();

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
      if (type !== syncProtocol.messageYjsSyncStep2 && type !== syncProtocol.messageYjsUpdate) {
        throw new Error(`unknown sync message ${type}`);
      }
      const update = decoding.readVarUint8Array(decoder);
      // Sized before it is applied or stored (issue 36 #9): an edit that would take the files past
      // the space's limit never reaches the document, the log or the others.
      if (update.length > SPACE_MAX_BYTES || documentChars(live) + addedChars(live, update) > SPACE_MAX_BYTES) {
        this.send(JSON.stringify({ type: 'error', message: REALTIME_MESSAGES.tooLarge }));
        throw new RefusedFrame(CLOSE.tooLarge, 'too large');
      }
      Y.applyUpdate(live.doc, update, this);
      return;
    }
    if (kind === FRAME_AWARENESS) {
      const update = decoding.readVarUint8Array(decoder);
      if (update.length > MAX_PRESENCE_FRAME_BYTES) throw new RefusedFrame(CLOSE.presenceTooLarge, 'presence too large');
      if (!this.presenceAllowed()) return;
      const vouched = this.vouch(update, live);
      if (vouched) applyAwarenessUpdate(live.awareness, vouched, this);
      return;
    }
    throw new Error(`unknown frame ${kind}`);
  }

  /** A token bucket: presence beyond PRESENCE_PER_SECOND (after a burst) is dropped. */
  private presenceAllowed(): boolean {
    const now = Date.now();
    this.presenceTokens = Math.min(PRESENCE_BURST, this.presenceTokens + ((now - this.presenceAt) / 1000) * PRESENCE_PER_SECOND);
    this.presenceAt = now;
    if (this.presenceTokens < 1) return false;
    this.presenceTokens -= 1;
    return true;
  }

  /**
   * Presence says who someone is: the server writes the person's own id, name and picture over
   * whatever the browser claimed, so nobody appears as someone else. A browser speaks only for its
   * own client ids or new ones: an entry naming a client id someone else holds (another browser
   * here or on another instance, or the server's own) is dropped, so nobody can rewrite or remove
   * another person's presence (threats #15).
   */
  private vouch(update: Uint8Array, live: LiveDoc): Uint8Array | undefined {
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    const entries: [number, number, string][] = [];
    let added = 0;
    for (let i = 0; i < count; i++) {
      const clientId = decoding.readVarUint(decoder);
      const clock = decoding.readVarUint(decoder);
      const json = decoding.readVarString(decoder);
      if (json.length > MAX_PRESENCE_STATE_CHARS) continue;
      const state = safeJson(json) as { user?: Record<string, unknown> } | null;
      const own = this.clients.has(clientId);
      const taken = clientId === live.awareness.clientID || (!own && live.awareness.states.has(clientId));
      if (taken) continue;
      if (!own) {
        // A new client id: only with a state (removing one never held is nothing to keep), and
        // within this connection's and the document's bounds (issue 36 #3).
        if (state === null || state === undefined) continue;
        if (this.clients.size + added >= MAX_CLIENTS_PER_CONNECTION) continue;
        if (live.awareness.states.size + added >= MAX_PRESENCE) continue;
        added += 1;
      }
      if (state && typeof state === 'object') {
        const user = state.user && typeof state.user === 'object' ? state.user : {};
        state.user = { ...user, id: this.person.id, name: this.person.name, picture: this.person.picture };
      }
      entries.push([clientId, clock, JSON.stringify(state ?? null)]);
    }
    if (entries.length === 0) return undefined;
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
