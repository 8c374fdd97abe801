import type { TextDelta } from './text-delta';

/** Messages the injected runtime script posts to the editor. Anything else is ignored. */
export type PreviewMessage =
  | { type: 'host-ready' }
  | { type: 'ready' }
  | { type: 'patched' }
  | { type: 'patch-failed' }
  | { type: 'error'; phase: 'load' | 'runtime'; message: string }
  | { type: 'select'; selector: string; html: string };

export function parsePreviewMessage(data: unknown): PreviewMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Record<string, unknown>;
  if (message.source !== 'div-preview') return null;
  if (message.type === 'host-ready') return { type: 'host-ready' };
  if (message.type === 'ready') return { type: 'ready' };
  if (message.type === 'patched') return { type: 'patched' };
  if (message.type === 'patch-failed') return { type: 'patch-failed' };
  if (message.type === 'error') {
    return {
      type: 'error',
      phase: message.phase === 'runtime' ? 'runtime' : 'load',
      message: typeof message.message === 'string' ? message.message.slice(0, 500) : 'Error',
    };
  }
  if (message.type === 'select' && typeof message.selector === 'string' && typeof message.html === 'string') {
    return { type: 'select', selector: message.selector.slice(0, 500), html: message.html.slice(0, 5000) };
  }
  return null;
}

/** Accepts a message only when it comes from the editor's own preview frame. */
export function fromOwnFrame(event: Pick<MessageEvent, 'source'>, frame: HTMLIFrameElement | null) {
  return Boolean(frame?.contentWindow) && event.source === frame?.contentWindow;
}

/**
 * What the editor sends a preview frame: a document to render; the source of the document it shows
 * (`rev` names it), kept as the base of edits in place; an edit to apply in place, as a delta from
 * source `base` giving source `rev`; or the inspector on or off.
 */
export type EditorMessage =
  | { type: 'render'; html: string }
  | { type: 'source'; rev: number; html: string }
  | ({ type: 'patch'; base: number; rev: number } & TextDelta)
  | { type: 'inspector'; enabled: boolean };

/** Posts an editor message to a frame, if it is there (its origin is opaque, hence '*'). */
export function sendToFrame(frame: HTMLIFrameElement | null, message: EditorMessage) {
  frame?.contentWindow?.postMessage({ source: 'div-editor', ...message }, '*');
}
