import type { SpaceImage } from '@div/shared/assets';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Device } from './preview/devices';
import type { EditorMessage, VisualSelection } from './preview/preview-messages';

/** An element picked with the inspector, ready to hand to the prompt bar. */
export interface SelectedElement {
  selector: string;
  html: string;
  /** Its source mark (`index.html:12`), when the preview was marked: the AI edit is then scoped to it. */
  mark?: string;
}

/** Editor-wide UI state shared by the preview, the tools and (later) the prompt bar. */
export interface EditorUiState {
  /** Set by the prompt bar while the AI generates; blocks reset. */
  aiBusy: boolean;
  device: Device;
  inspecting: boolean;
  selectedElement: SelectedElement | null;
  /** The element the prompt bar should change next (handed over from the inspector). */
  promptElement: SelectedElement | null;
  /** A request the prompt bar sends as if typed ("Corregir con IA" of the Revisión); a new nonce sends again. */
  promptRequest: { text: string; nonce: number } | null;
  /** Bumped to force a fresh load of the preview. */
  previewNonce: number;
  /** The visual edit mode ("Editar", issue 24) and the element it has selected. */
  visualEditing: boolean;
  visualSelection: VisualSelection | null;
  /** The page the preview shows (a site's extra page, ADR 0206); null: index.html, else the first page. */
  previewPage: string | null;
  /** The space's own images (issue 24), and the preview's URL of each by name. */
  images: SpaceImage[];
  imageUrls: Readonly<Record<string, string>>;
}

export function createEditorStore(initial?: Partial<EditorUiState>) {
  let state: EditorUiState = {
    aiBusy: false,
    device: 'desktop',
    inspecting: false,
    selectedElement: null,
    promptElement: null,
    promptRequest: null,
    previewNonce: 0,
    visualEditing: false,
    visualSelection: null,
    previewPage: null,
    images: [],
    imageUrls: {},
    ...initial,
  };
  const listeners = new Set<() => void>();
  /**
   * Sends a message to the shown preview frame (set by the preview panel while it is mounted);
   * `watchers` hear each document the frame finished loading and each error the page raised.
   */
  const preview = {
    send: (_message: EditorMessage) => {},
    watchers: new Set<(event: { type: 'ready' } | { type: 'error'; message: string }) => void>(),
  };
  return {
    preview,
    get: () => state,
    set(patch: Partial<EditorUiState> | ((current: EditorUiState) => Partial<EditorUiState>)) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type EditorStore = ReturnType<typeof createEditorStore>;

export const EditorStoreContext = createContext<EditorStore | null>(null);

export function useEditorStore() {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('EditorStoreContext missing');
  return store;
}

export function useEditorUi<T>(select: (state: EditorUiState) => T): T {
  const store = useEditorStore();
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
