/** Panel sizes of the editor layout (spec section 9) and their persistence in localStorage. */
export const SIDEBAR_MIN = 200;
export const SIDEBAR_MAX = 400;
export const PANEL_MIN = 100;
export const MOBILE_BREAKPOINT = 1024;
const STORAGE_KEY = 'div_editor_layout';

export interface LayoutSizes {
  /** Sidebar width in px. */
  sidebar: number;
  /** Share of the space right of the sidebar given to the code editor (0..1). */
  editorRatio: number;
}

export const defaultSizes: LayoutSizes = { sidebar: 240, editorRatio: 0.5 };

export function clampSidebar(width: number) {
  return Math.round(Math.min(SIDEBAR_MAX, Math.max(SIDEBAR_MIN, width)));
}

/** Keeps both the editor and the preview at least PANEL_MIN wide in `available` px. */
export function clampRatio(ratio: number, available: number) {
  if (!Number.isFinite(ratio)) return defaultSizes.editorRatio;
  if (available <= PANEL_MIN * 2) return 0.5;
  const min = PANEL_MIN / available;
  return Math.min(1 - min, Math.max(min, ratio));
}

export function loadSizes(storage: Pick<Storage, 'getItem'> = localStorage): LayoutSizes {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return defaultSizes;
    const parsed = JSON.parse(raw) as Partial<LayoutSizes>;
    return {
      sidebar: typeof parsed.sidebar === 'number' ? clampSidebar(parsed.sidebar) : defaultSizes.sidebar,
      editorRatio:
        typeof parsed.editorRatio === 'number' && parsed.editorRatio > 0 && parsed.editorRatio < 1
          ? parsed.editorRatio
          : defaultSizes.editorRatio,
    };
  } catch {
    return defaultSizes;
  }
}

export function saveSizes(sizes: LayoutSizes, storage: Pick<Storage, 'setItem'> = localStorage) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(sizes));
  } catch {}
}
