import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { buyPlan, sessionToken, signIn } from './fixtures/sign-in';

// Issue 22, money and plans: the upsell names the plan that unlocks what was refused at its catalogue
// price, and every checkout comes back to a clear success state.
test.describe.configure({ timeout: 240_000 });
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

test('after an upgrade the usage card and the chart count the same messages, named in Spanish; on a phone the chart opens at today', async ({
  page,
}) => {
  await signIn(page, 'Mejora');
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const created = await page.request.post('/api/spaces', {
    headers,
    data: { name: 'Antes de pagar', description: 'Proyecto DIV' },
  });
  const { space } = (await created.json()) as { space: { id: string } };
  for (const prompt of ['Una web para una frutería llamada "Pera"', 'Cambia el color principal a verde']) {
    const answer = await page.request.post('/api/ask-ai/generate-separate-files', {
      headers,
      data: { prompt, spaceId: space.id },
    });
    expect(await answer.text()).toContain('"type":"done"');
  }
  await buyPlan(page, 'medium');

  await page.goto('/usage');
  // The two messages of this period count against the new allowance, as the chart shows them (ADR 0186).
  await expect(page.getByTestId('messages-limit')).toHaveText('1.000');
  await expect(page.getByTestId('messages-used')).toHaveText('2');
  const bars = page.getByTestId('usage-chart').getByTestId('usage-bar');
  await expect(bars).toHaveCount(30);
  const charted = await bars.evaluateAll((all) => all.reduce((sum, bar) => sum + Number(bar.getAttribute('data-value')), 0));
  expect(charted).toBe(2);
  const names = page.getByTestId('feature-name');
  await expect(names.first()).toBeVisible();
  for (const name of await names.allTextContents()) expect(['Crear un sitio con IA', 'Editar con IA']).toContain(name.trim());

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const scroller = page.getByTestId('usage-chart-scroller');
  await expect(bars).toHaveCount(30);
  const view = await scroller.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const labels = [...element.querySelectorAll('[data-testid="usage-label"]')].filter((l) => l.textContent);
    const today = labels.at(-1) as HTMLElement;
    const range = document.createRange();
    range.selectNodeContents(today);
    const text = range.getBoundingClientRect();
    return {
      atEnd: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
      scrolls: element.scrollWidth > element.clientWidth,
      todayInside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5,
      fontPx: Number.parseFloat(getComputedStyle(today).fontSize),
    };
  });
  expect(view).toMatchObject({ atEnd: true, scrolls: true, todayInside: true });
  expect(view.fontPx).toBeGreaterThanOrEqual(12);
});
