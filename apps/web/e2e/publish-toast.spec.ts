import { expect as baseExpect, test } from '@playwright/test';
import { confirmPublishIfAsked, createSpace } from './fixtures/editor';
import { signIn } from './fixtures/sign-in';

// Issue 43: the "Abrir sitio" link of the publish toast is reached with Tab from "Publicar", and the
// toast waits for it (a toast that goes while a keyboard user walks to it was never reachable).
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test('after publishing, Tab from "Publicar" reaches "Abrir sitio" in the toast, which waits for it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Teclado publica');
  await createSpace(page, `Teclado ${Math.random().toString(36).slice(2, 7)}`);
  const publish = page.getByRole('button', { name: 'Publicar', exact: true });
  await publish.focus();
  await page.keyboard.press('Enter');
  await confirmPublishIfAsked(page);
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Sitio publicado' });
  await expect(toast).toBeVisible();
  // A keyboard user takes a while: the toast is still there after Sonner's usual 4 s.
  await page.waitForTimeout(6000);
  await expect(toast).toBeVisible();
  const open = toast.getByRole('button', { name: 'Abrir sitio' });
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await open.evaluate((element) => element === document.activeElement);
  }
  expect(reached).toBe(true);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `/tmp/firsthour4-shots/publish-toast-1440-${scheme}.png` });
  }
  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  expect(new URL((await popup).url()).hostname).toMatch(/\.localhost$/);
});
