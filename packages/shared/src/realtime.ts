import { z } from 'zod';

/**
 * Editing a space together (issue 25, ADR 0213). One WebSocket per open editor at
 * `/api/realtime/{spaceId}`. Binary frames carry the Yjs protocols (y-protocols sync and awareness,
 * one leading byte naming which); text frames carry the JSON events below. The browser's session
 * token travels as the second WebSocket sub-protocol (`div-realtime`, token): a browser cannot set
 * headers on a WebSocket, and a URL would leave the token in logs.
 */

export const REALTIME_PATH = '/api/realtime/';
export const REALTIME_PROTOCOL = 'div-realtime';

/** The leading byte of a binary frame. */
export const FRAME_SYNC = 0;
export const FRAME_AWARENESS = 1;

/** The shared document: `files` maps each path to a Y.Text with the file's content. */
export const DOC_FILES = 'files';

/** Close codes the browser acts on. */
export const CLOSE = {
  /** The session is missing or expired: sign in again. */
  unauthorized: 4401,
  /** No access to the space (or it is gone): stop reconnecting. */
  forbidden: 4403,
  /** The person's role changed: reconnect with the new one. */
  roleChanged: 4409,
  /** The server is restarting: reconnect. */
  restarting: 1012,
  /** An edit would take the space past its size limit: it was neither stored nor applied (issue 36 #9). */
  tooLarge: 4413,
  /** Presence (awareness) beyond its bounds: a frame too large (issue 36 #3). */
  presenceTooLarge: 1009,
} as const;

/** What each person in the space shows the others (the awareness state). */
export const presenceSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    picture: z.string().nullable(),
    color: z.string(),
    colorLight: z.string(),
  }),
  /** The file the person has open. */
  file: z.string().nullable(),
  /** True while the person's generation runs: the others' prompt bars wait. */
  generating: z.boolean().optional(),
});
export type Presence = z.infer<typeof presenceSchema>;

/** Server to browser. */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  /** Who the connection is (the server decides the role, the browser only shows it). */
  z.object({ type: z.literal('welcome'), role: z.enum(['owner', 'editor', 'viewer']), userId: z.string() }),
  /** The files the browser's edits went into are in the database (`upTo`: its updates so far). */
  z.object({ type: z.literal('saved'), upTo: z.number().int(), revision: z.number().int() }),
  /** The space changed outside the editor (a generation, a restore, a reset, a deploy): refresh. */
  z.object({
    type: z.literal('changed'),
    reason: z.enum(['generation', 'restore', 'reset', 'deploy', 'files']),
    by: z.string().nullable(),
  }),
  /** The document could not be saved (too large, say): the message says why. */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** Browser to server: ask for the files to be saved now (before a generation reads them). */
export const realtimeRequestSchema = z.object({ type: z.literal('flush') });
export type RealtimeRequest = z.infer<typeof realtimeRequestSchema>;

export const REALTIME_MESSAGES = {
  tooLarge: 'El proyecto supera el tamaño máximo; los últimos cambios no se guardaron.',
};

/**
 * The one stretch to change to turn `previous` into `next`: what is common at the start and at the
 * end stays (so the others' cursors outside the change stay put). Null when they are equal.
 */
export function textChange(previous: string, next: string): { start: number; removed: number; inserted: string } | null {
  if (previous === next) return null;
  const shortest = Math.min(previous.length, next.length);
  let start = 0;
  while (start < shortest && previous.charCodeAt(start) === next.charCodeAt(start)) start++;
  let end = 0;
  while (end < shortest - start && previous.charCodeAt(previous.length - 1 - end) === next.charCodeAt(next.length - 1 - end))
    end++;
  return { start, removed: previous.length - start - end, inserted: next.slice(start, next.length - end) };
}
