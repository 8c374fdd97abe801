import { expect as baseExpect, test } from '@playwright/test';
import { createSpace } from './fixtures/editor';
import { signIn } from './fixtures/sign-in';

// A new user's second walk (issue 43): every screen names itself, the editor is a full-screen app,
// and buttons that look alike say which is which.
const expect = baseExpect.configure({ timeout: 15_000 });

test('each screen has its own title; the editor names its project', async ({ page }) => {
  await signIn(page, 'Titulos');
  await expect(page).toHaveTitle('Tus proyectos — DIV');
  await createSpace(page, 'Panadería Titular');
  await expect(page).toHaveTitle('Panadería Titular — DIV');
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Precios — DIV');
  await page.goto('/login');
  await expect(page).toHaveTitle(/^(Iniciar sesión|Tus proyectos) — DIV$/);
});

test('the editor has no marketing footer under it to scroll to or tab through', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Sin pie');
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await createSpace(page, 'Sin pie de página');
  await expect(page.getByTestId('code-editor')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.mouse.move(100, 500);
  await page.mouse.wheel(0, 3000);
  expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeLessThanOrEqual(0);
});

test('the three plan buttons on /pricing name their plan', async ({ page }) => {
  await page.goto('/pricing');
  for (const name of ['Pequeño', 'Mediano', 'Pro']) {
    await expect(page.getByRole('button', { name: `Seleccionar plan: ${name}`, exact: true })).toBeVisible();
  }
});
