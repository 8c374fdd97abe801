import { expect as baseExpect, test } from '@playwright/test';
import { createSpace, preview } from './fixtures/editor';
import { signIn } from './fixtures/sign-in';

// Issue 43: no blank white frame before the first paint of a document in the preview, harsh in the
// dark theme. Until the page is written and styled, the frame shows the editor's own colour; then
// white goes behind the page (a page's default canvas). The host page is held back here, as a busy
// machine holds it, to look at the frame before it.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const background = (element: Element) => getComputedStyle(element).backgroundColor;

for (const scheme of ['dark', 'light'] as const) {
  test(`in the ${scheme} theme the preview shows the editor's colour, not white, until the page paints`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, 'Sin destello');
    await createSpace(page, `Destello ${Math.random().toString(36).slice(2, 7)}`);
    // The host page is held until the frame has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/preview/frame', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const frame = page.getByTestId('preview-frame');
    await expect(frame).toBeAttached();
    const before = await frame.evaluate(background);
    const panel = await page.locator('[data-runtime]').evaluate(background);
    expect(await frame.getAttribute('data-painted')).toBeNull();
    // The editor's own colour (the panel's), never white in the dark theme.
    expect(before).toBe(panel);
    if (scheme === 'dark') expect(before).not.toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: `/tmp/firsthour4-shots/preview-before-paint-1440-${scheme}.png` });
    release();
    // Once painted, white behind the page, as a browser tab has.
    await expect(preview(page).locator('h1')).toBeVisible({ timeout: 30_000 });
    await expect(frame).toHaveAttribute('data-painted', '');
    expect(await frame.evaluate(background)).toBe('rgb(255, 255, 255)');
  });
}
