import type { TextDelta } from './text-delta';

/** Messages the injected runtime script posts to the editor. Anything else is ignored. */
export type PreviewMessage =
  | { type: 'host-ready' }
  | { type: 'ready' }
  /** The document is parsed and styled (DOMContentLoaded), before its images load. */
  | { type: 'painted' }
  | { type: 'patched' }
  | { type: 'patch-failed' }
  /** How far the page is scrolled (sent when a scroll settles), so a reload can keep the place. */
  | { type: 'scrolled'; y: number }
  | PreviewError
  | { type: 'select'; selector: string; html: string; mark?: string }
  | VisualMessage;

/**
 * An error of the page itself: a script's (its message is the browser's), a file that did not load
 * (`message` is the element's tag) or a promise rejected with nobody listening (`message` is its reason).
 */
export interface PreviewError {
  type: 'error';
  phase: 'load' | 'runtime';
  kind: 'script' | 'resource' | 'rejection';
  message: string;
}

/** What the visual edit mode reports (visual-runtime.ts). */
export type VisualMessage =
  | { type: 'visual-select'; selection: VisualSelection }
  | { type: 'visual-text'; mark: string; tag: string; text: string }
  | { type: 'visual-refused'; reason: 'script' }
  | { type: 'visual-key'; key: 'undo' | 'redo' };

/** The element selected in visual edit mode: its source mark and what the panel shows. */
export interface VisualSelection {
  mark: string;
  tag: string;
  editable: boolean;
  text: string;
  styles: Record<string, string>;
  attributes: Record<string, string | null>;
}

const shortText = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
function stringMap<T extends string | null>(value: unknown, nullable: T extends null ? true : false): Record<string, T> {
  const out: Record<string, T> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, 20)) {
    if (typeof item === 'string') out[key.slice(0, 40)] = item.slice(0, 2000) as T;
    else if (nullable && item === null) out[key.slice(0, 40)] = null as T;
  }
  return out;
}

function parseVisualMessage(message: Record<string, unknown>): VisualMessage | null {
  const mark = shortText(message.mark, 300);
  const tag = shortText(message.tag, 40);
  if (message.type === 'visual-select' && mark && tag) {
    return {
      type: 'visual-select',
      selection: {
        mark,
        tag,
        editable: message.editable === true,
        text: shortText(message.text, 200),
        styles: stringMap<string>(message.styles, false),
        attributes: stringMap<string | null>(message.attributes, true),
      },
    };
  }
  if (message.type === 'visual-text' && mark && tag && typeof message.text === 'string') {
    return { type: 'visual-text', mark, tag, text: message.text.slice(0, 20_000) };
  }
  if (message.type === 'visual-refused') return { type: 'visual-refused', reason: 'script' };
  if (message.type === 'visual-key') return { type: 'visual-key', key: message.key === 'redo' ? 'redo' : 'undo' };
  return null;
}

export function parsePreviewMessage(data: unknown): PreviewMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Record<string, unknown>;
  if (message.source !== 'div-preview') return null;
  if (message.type === 'host-ready') return { type: 'host-ready' };
  if (message.type === 'ready') return { type: 'ready' };
  if (message.type === 'painted') return { type: 'painted' };
  if (message.type === 'patched') return { type: 'patched' };
  if (message.type === 'patch-failed') return { type: 'patch-failed' };
  if (message.type === 'scrolled' && typeof message.y === 'number' && Number.isFinite(message.y))
    return { type: 'scrolled', y: Math.max(0, Math.round(message.y)) };
  if (message.type === 'error') {
    return {
      type: 'error',
      phase: message.phase === 'runtime' ? 'runtime' : 'load',
      kind: message.kind === 'resource' || message.kind === 'rejection' ? message.kind : 'script',
      message: typeof message.message === 'string' ? message.message.slice(0, 500) : 'Error',
    };
  }
  if (typeof message.type === 'string' && message.type.startsWith('visual-')) return parseVisualMessage(message);
  if (message.type === 'select' && typeof message.selector === 'string' && typeof message.html === 'string') {
    const mark = shortText(message.mark, 300);
    return {
      type: 'select',
      selector: message.selector.slice(0, 500),
      html: message.html.slice(0, 5000),
      ...(mark ? { mark } : {}),
    };
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
  | { type: 'inspector'; enabled: boolean }
  | { type: 'visual'; enabled: boolean }
  /** Where the page's forms go as test submissions; `{name}` stands for the form's name (ADR 0195). */
  | { type: 'forms'; endpoint: string }
  | { type: 'visual-attribute'; mark: string; name: string; value: string | null }
  /** Selects the element with this source mark (the copy after "Duplicar", the element after a move). */
  | { type: 'visual-select-mark'; mark: string }
  /** Scrolls a document just rendered to where the one it replaces was (a visual edit that reloads). */
  | { type: 'restore-scroll'; y: number }
  /** Outlines the element a Revisión finding names (issue 40). */
  | { type: 'highlight'; selector: string }
  /** Runs the Revisión's browser checks in a checks frame, with axe-core's source (checks-runtime.ts). */
  | { type: 'checks-run'; axe: string };

/** Posts an editor message to a frame, if it is there (its origin is opaque, hence '*'). */
export function sendToFrame(frame: HTMLIFrameElement | null, message: EditorMessage) {
  frame?.contentWindow?.postMessage({ source: 'div-editor', ...message }, '*');
}
