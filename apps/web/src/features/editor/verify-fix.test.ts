import { describe, expect, it } from 'vitest';
import { createEditorStore } from './editor-store';
import { verifyPreview } from './verify-fix';

describe("'Solucionar problema' checks the fix in the preview", () => {
  it('calls it fixed only after the page loaded and stayed without the error', async () => {
    const store = createEditorStore();
    const verdict = verifyPreview(store.preview, { settleMs: 30, timeoutMs: 1000 });
    for (const watch of store.preview.watchers) watch({ type: 'ready' });
    expect(await verdict).toEqual({ ok: true });
    expect(store.preview.watchers.size).toBe(0);
  });

  it('calls it not fixed when the error comes back after the page loaded', async () => {
    const store = createEditorStore();
    const verdict = verifyPreview(store.preview, { settleMs: 200, timeoutMs: 1000 });
    for (const watch of [...store.preview.watchers]) watch({ type: 'ready' });
    for (const watch of [...store.preview.watchers]) watch({ type: 'error', message: 'x is not defined' });
    expect(await verdict).toEqual({ ok: false, error: 'x is not defined' });
  });

  it('calls it not fixed when the preview never ran the page', async () => {
    const store = createEditorStore();
    expect(await verifyPreview(store.preview, { settleMs: 10, timeoutMs: 40 })).toEqual({ ok: false, error: null });
  });
});
