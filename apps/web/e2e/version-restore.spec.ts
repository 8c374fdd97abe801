import { expect as baseExpect, test } from '@playwright/test';
import { createSpace, openTools } from './fixtures/editor';
import { signIn } from './fixtures/sign-in';

// Issue 22: a restore is labelled by where it came from, not like the version it brought back.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('restoring a version adds "Restaurada desde (fecha)", in Spanish and English', async ({ page }) => {
  await signIn(page, 'Restauradora');
  await createSpace(page, 'Historial');
  await openTools(page);
  const versions = page.getByTestId('version-item');
  await expect(versions).toHaveCount(1);
  const original = (await versions.first().getByTestId('version-label').textContent()) ?? '';
  await versions.first().getByRole('button', { name: 'Restaurar' }).click();
  await expect(versions).toHaveCount(2);
  const labels = versions.getByTestId('version-label');
  await expect(labels.first()).toHaveText(/^Restaurada desde \d{1,2}\/\d{1,2}\/\d{2,4},? \d{1,2}:\d{2}$/);
  await expect(labels.nth(1)).toHaveText(original);
  expect(await labels.first().textContent()).not.toBe(original);

  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('div_language', 'en'));
  await page.reload();
  await page.getByTestId('tools-button').click();
  await expect(page.getByTestId('version-label').first()).toHaveText(
    /^Restored from \d{1,2}\/\d{1,2}\/\d{2,4},? \d{1,2}:\d{2}\s?(AM|PM)$/,
  );
});
