import { expect, test } from '@playwright/test';

test('home page loads and an unknown path shows home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/DIV/);
  await page.goto('/no-such-page');
  await expect(page.locator('#root')).not.toBeEmpty();
});
