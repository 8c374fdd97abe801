import type { EditorStore } from './editor-store';

export type PreviewVerdict = { ok: true } | { ok: false; error: string | null };

/**
 * Whether the preview ran the fixed page without the error coming back: the next document the
 * frame finishes loading, then `settleMs` without an error from the page. An error, or no load
 * within `timeoutMs`, is a fix that did not work ('Solucionar problema' never claims one it cannot see).
 */
export function verifyPreview(
  preview: Pick<EditorStore['preview'], 'watchers'>,
  options: { settleMs?: number; timeoutMs?: number } = {},
): Promise<PreviewVerdict> {
  const settleMs = options.settleMs ?? 1500;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve) => {
    let settle: ReturnType<typeof setTimeout> | undefined;
    const done = (verdict: PreviewVerdict) => {
      preview.watchers.delete(watch);
      clearTimeout(settle);
      clearTimeout(limit);
      resolve(verdict);
    };
    const watch = (event: { type: 'ready' } | { type: 'error'; message: string }) => {
      if (event.type === 'error') done({ ok: false, error: event.message });
      else if (!settle) settle = setTimeout(() => done({ ok: true }), settleMs);
    };
    const limit = setTimeout(() => done({ ok: false, error: null }), timeoutMs);
    preview.watchers.add(watch);
  });
}
