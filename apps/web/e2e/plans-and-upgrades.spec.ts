import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { signIn } from './fixtures/sign-in';

// Issue 22, money and plans: the upsell names the plan that unlocks what was refused at its catalogue
// price, and every checkout comes back to a clear success state.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A new project from /spaces, up to its prompt bar (the code editor may load later on a busy machine). */
async function newProject(page: Page, name: string) {
  await page.goto('/spaces');
  await page.getByLabel('Nombre del proyecto').fill(name);
  await page.getByLabel('Nombre del proyecto').press('Enter');
  await expect(page).toHaveURL(/\/space\/[^/?]+$/, { timeout: 30_000 });
}

const useDark = (page: Page) => page.evaluate(() => document.documentElement.classList.add('dark'));

test('a free user refused a redesign is offered Mediano at $25, buys it and lands on a success state', async ({ page }) => {
  await signIn(page, 'Rediseño');
  await newProject(page, 'Mi tienda');
  await page.getByRole('button', { name: 'Rediseñar desde una URL' }).click({ timeout: 60_000 });

  const dialog = page.getByTestId('pro-dialog');
  await expect(dialog.getByRole('heading', { name: 'Mejora al plan Mediano' })).toBeVisible();
  await expect(dialog).toContainText('Rediseñar un sitio desde una URL no está incluido en tu plan Gratis.');
  await expect(page.getByTestId('upsell-unlocks')).toHaveText('Rediseño desde cualquier URL');
  await expect(page.getByTestId('upsell-price')).toHaveText('$25');
  await expect(dialog).not.toContainText('$9');
  await expect(dialog).not.toContainText('3000');
  expect(await seriousViolations(page, '[data-testid="pro-dialog"]')).toEqual([]);
  await useDark(page);
  expect(await seriousViolations(page, '[data-testid="pro-dialog"]')).toEqual([]);

  // The keyboard reaches the offer; it starts that plan's checkout.
  const buy = dialog.getByRole('button', { name: 'Mejorar a Mediano por $25/mes' });
  await buy.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/local\/billing\/checkout\?token=/);
  await expect(page.getByRole('heading', { name: 'Plan Mediano' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar y pagar $25' }).click();

  await expect(page).toHaveURL(/\/pricing\?checkout=success&plan=medium$/);
  const result = page.getByTestId('checkout-result');
  await expect(result.getByRole('heading', { name: '¡Listo! Ya tienes el plan Mediano' })).toBeVisible();
  await expect(result).toContainText('1.000 mensajes al mes');
  await expect(result.getByRole('heading')).toBeFocused();
  expect(await seriousViolations(page, '[data-testid="checkout-result"]')).toEqual([]);
  await useDark(page);
  expect(await seriousViolations(page, '[data-testid="checkout-result"]')).toEqual([]);
  await result.getByRole('link', { name: 'Ir a mis proyectos' }).click();
  await expect(page).toHaveURL(/\/spaces$/);
});

test('the English interface explains the refusal and the offer in English', async ({ page }) => {
  await signIn(page, 'Inglés');
  await newProject(page, 'Shop');
  await page.evaluate(() => localStorage.setItem('div_language', 'en'));
  await page.reload();
  await page.getByRole('button', { name: 'Redesign from a URL' }).click({ timeout: 60_000 });
  const dialog = page.getByTestId('pro-dialog');
  await expect(dialog.getByRole('heading', { name: 'Upgrade to the Mediano plan' })).toBeVisible();
  await expect(dialog).toContainText('Redesigning a site from a URL is not included in your Gratis plan.');
  await expect(dialog.getByRole('button', { name: 'Upgrade to Mediano for $25/month' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
});

test('a Stripe return before the webhook waits for the plan; a cancelled checkout says nothing was charged', async ({ page }) => {
  await signIn(page, 'Retorno');
  // Back from Stripe's page before its webhook arrived: the account is still free, so no "done" yet.
  await page.goto('/pricing?checkout=success&plan=pro');
  const result = page.getByTestId('checkout-result');
  await expect(result.getByRole('heading', { name: 'Confirmando el pago del plan Pro…' })).toBeVisible();
  await expect(result).not.toContainText('¡Listo!');

  await page.goto('/developers?checkout=cancel');
  await expect(page.getByTestId('checkout-result').getByRole('heading', { name: 'Pago cancelado' })).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar aviso' }).click();
  await expect(page.getByTestId('checkout-result')).toBeHidden();
  await expect(page).toHaveURL(/\/developers$/);
});

test('buying a developer plan names it and its requests', async ({ page }) => {
  await signIn(page, 'Desarrolladora');
  await page.goto('/developers');
  await page.locator('[data-plan="growth"]').getByRole('button').first().click();
  await expect(page).toHaveURL(/\/local\/billing\/checkout\?token=/);
  await page.getByRole('button', { name: /Confirmar y pagar/ }).click();
  await expect(page).toHaveURL(/\/developers\?checkout=success&plan=growth$/);
  const result = page.getByTestId('checkout-result');
  await expect(result.getByRole('heading', { name: '¡Listo! Ya tienes el plan Growth' })).toBeVisible();
  await expect(result).toContainText('10.000 solicitudes al mes');
});
