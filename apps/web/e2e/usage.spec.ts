import type { UsageResponse } from '@div/shared/usage';
import { expect, type Page, test } from '@playwright/test';
import { sessionToken, signIn as signInFixture } from './fixtures/sign-in';

/**
 * Signs in and waits until /spaces has finished its session check: leaving the page while the guard's
 * verify call is in flight aborts it, and the guard then clears the session.
 */
async function signIn(page: Page, name: string) {
  await signInFixture(page, name);
  await expect(page.getByRole('heading', { name: 'Tus proyectos' })).toBeVisible({ timeout: 15_000 });
}

/**
 * A usage answer with history in every period, for the display rules (bar scaling, labels, colours):
 * the product cannot back-date its own events, so this answer is given to the page. That real events
 * reach every period is shown by 'generations the person makes appear in all three periods' below, and
 * the SQL that computes the series by apps/server/src/modules/usage/service.test.ts.
 */
function seeded(): UsageResponse {
  const day = 86_400_000;
  const today = Date.UTC(2026, 10, 20);
  return {
    currentPlan: 'small',
    developerPlan: 'starter',
    messagesUsed: 2160,
    messagesLimit: 3000,
    resetDate: new Date(Date.now() + 3.5 * day).toISOString(),
    successRate: 93.456,
    actions: 60,
    succeeded: 56,
    refusals: 4,
    apiCalls: 17,
    averageResponseTime: 1234,
    topFeatures: [
      { feature: 'generate', usage: 40, percentage: 66.7 },
      { feature: 'edit', usage: 19, percentage: 31.7 },
      { feature: 'fix-error', usage: 1, percentage: 1.7 },
    ],
    dailyUsage: Array.from({ length: 30 }, (_, i) => ({
      date: new Date(today - (29 - i) * day).toISOString().slice(0, 10),
      messages: i === 29 ? 12 : i === 28 ? 1 : 0,
    })),
    weeklyUsage: Array.from({ length: 12 }, (_, i) => ({
      week: new Date(Date.UTC(2026, 10, 16) - (11 - i) * 7 * day).toISOString().slice(0, 10),
      messages: i * 3,
    })),
    monthlyUsage: Array.from({ length: 12 }, (_, i) => ({
      month: `${i < 2 ? 2025 : 2026}-${String(((i + 10) % 12) + 1).padStart(2, '0')}`,
      messages: i === 11 ? 90 : 10,
    })),
    imageStorage: { usedBytes: 3.4 * 1024 * 1024, limitBytes: 500 * 1024 * 1024 },
  };
}

async function serveSeeded(page: Page) {
  await page.route('**/api/user/usage**', (route) => route.fulfill({ json: seeded() }));
}

test('the usage page shows the summary and the seeded history in all three periods', async ({ page }) => {
  await signIn(page, 'Métricas');
  await serveSeeded(page);
  await page.goto('/usage');
  await expect(page.getByText('Panel de uso')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Uso y métricas', level: 1 })).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveText('Pequeño');
  // Numbers and percentages as Spanish writes them (issue 43): grouped thousands, a decimal comma.
  await expect(page.getByTestId('card-messages')).toContainText('2.160 / 3.000');
  await expect(page.getByTestId('card-messages')).toContainText('72,0 % usado');
  await expect(page.getByTestId('card-messages').getByRole('progressbar')).toHaveAttribute('data-color', 'yellow');
  await expect(page.getByTestId('card-reset')).toContainText('4 días');
  await expect(page.getByTestId('card-success')).toContainText('93,5 %');
  // What was asked, in three slices: refusals are their own.
  const outcomes = page.getByRole('list', { name: 'Lo pedido en 30 días' });
  await expect(outcomes.getByRole('listitem')).toHaveText(['56 hechas', '4 rechazadas', '4 fallidas']);
  await expect(page.getByTestId('success-warning')).toBeVisible();
  await expect(page.getByText('1.234 ms')).toBeVisible();
  await expect(page.getByTestId('card-storage')).toContainText('3,4 MB / 500 MB');
  await expect(page.getByTestId('card-storage')).toContainText('0,7 % usado');
  await expect(page.getByRole('heading', { name: 'Funciones más usadas' })).toBeVisible();
  await expect(page.getByText('Crear un sitio con IA')).toBeVisible();
  await expect(page.getByText('40 usos · 66,7 %')).toBeVisible();
  await expect(page.getByText('1 uso · 1,7 %')).toBeVisible();

  const chart = page.getByTestId('usage-chart');
  const bars = chart.getByTestId('usage-bar');
  await expect(bars).toHaveCount(30);
  const tallest = bars.nth(29);
  const smallest = bars.nth(28);
  expect((await tallest.boundingBox())?.height).toBeCloseTo(200, 0);
  expect((await smallest.boundingBox())?.height).toBeGreaterThanOrEqual(20);
  // The chart reads without hovering: a value over each bar, and an axis at 0, half and the maximum.
  await expect(chart.getByTestId('usage-bar-value')).toHaveText(['1', '12']);
  await expect(page.getByTestId('usage-axis-tick')).toHaveText(['12', '6', '0']);
  await smallest.focus();
  await expect(chart.getByRole('tooltip').filter({ hasText: /^1$/ })).toBeVisible();
  await tallest.hover();
  await expect(chart.getByRole('tooltip').filter({ hasText: /^12$/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/div-g-usage-daily.png', fullPage: true });

  await page.getByRole('button', { name: 'Semanal' }).click();
  await expect(chart).toHaveAttribute('data-period', 'weekly');
  await expect(bars).toHaveCount(12);
  await expect(page.getByText('Sem 16/11')).toBeVisible();
  await expect(bars.nth(11)).toHaveAttribute('data-value', '33');

  await page.getByRole('button', { name: 'Mensual' }).click();
  await expect(chart).toHaveAttribute('data-period', 'monthly');
  await expect(bars).toHaveCount(12);
  await expect(bars.nth(11)).toHaveAttribute('data-value', '90');
  await expect(page.getByText('sept 2026').or(page.getByText('sep 2026'))).toBeVisible();

  const more = page.getByRole('region', { name: '¿Necesitas más recursos?' });
  await expect(more.getByRole('link', { name: 'Actualizar plan' })).toHaveAttribute('href', '/pricing');
  await expect(more.getByRole('link', { name: 'API para Desarrolladores' })).toHaveAttribute('href', '/developers');
  await expect(more.getByRole('link', { name: 'Configuración' })).toHaveAttribute('href', '/settings');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: '/tmp/div-g-usage-dark.png', fullPage: true });

  // English writes its own numbers and plurals.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('card-messages')).toContainText('2,160 / 3,000');
  await expect(page.getByTestId('card-messages')).toContainText('72.0% used');
  await expect(page.getByRole('list', { name: 'What you asked in 30 days' }).getByRole('listitem')).toHaveText([
    '56 done',
    '4 refused',
    '4 failed',
  ]);
  await expect(page.getByText('1 use · 1.7%')).toBeVisible();
});

test('generations the person makes appear in all three periods', async ({ page }) => {
  await signIn(page, 'Generadora');
  const token = await sessionToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/spaces', { headers, data: { name: 'Uso real', description: 'Proyecto DIV' } });
  expect(created.status()).toBe(201);
  const { space } = (await created.json()) as { space: { id: string } };
  for (const prompt of ['Una web para una panadería llamada "Miga"', 'Cambia el color principal a verde']) {
    const answer = await page.request.post('/api/ask-ai/generate-separate-files', {
      headers,
      data: { prompt, spaceId: space.id },
    });
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain('"type":"done"');
  }
  // A prompt the composer declines charges nothing, and shows as refused (not as a success).
  const declined = await page.request.post('/api/ask-ai/generate-separate-files', {
    headers,
    data: { prompt: 'añade un chat con inteligencia artificial que responda a los clientes', spaceId: space.id },
  });
  expect(await declined.text()).toContain('He entendido que quieres');

  await page.goto('/usage');
  await expect(page.getByTestId('card-messages')).toContainText('2 / 100');
  await expect(page.getByTestId('card-messages')).toContainText('2,0 % usado');
  await expect(page.getByTestId('card-success')).toContainText('66,7 %');
  await expect(page.getByRole('list', { name: 'Lo pedido en 30 días' }).getByRole('listitem')).toHaveText([
    '2 hechas',
    '1 rechazada',
    '0 fallidas',
  ]);
  const chart = page.getByTestId('usage-chart');
  const bars = chart.getByTestId('usage-bar');
  await expect(bars).toHaveCount(30);
  await expect(bars.nth(29)).toHaveAttribute('data-value', '2');
  await page.getByRole('button', { name: 'Semanal' }).click();
  await expect(chart).toHaveAttribute('data-period', 'weekly');
  await expect(bars.nth(11)).toHaveAttribute('data-value', '2');
  await page.getByRole('button', { name: 'Mensual' }).click();
  await expect(chart).toHaveAttribute('data-period', 'monthly');
  await expect(bars.nth(11)).toHaveAttribute('data-value', '2');
});

test('the real usage of a new user is zero-filled', async ({ page }) => {
  await signIn(page, 'Nueva');
  await page.goto('/usage');
  await expect(page.getByTestId('plan-badge')).toHaveText('Gratis');
  await expect(page.getByTestId('card-messages')).toContainText('0 / 100');
  await expect(page.getByTestId('card-messages')).toContainText('0,0 % usado');
  await expect(page.getByText('Aún no has pedido nada en 30 días.')).toBeVisible();
  await expect(page.getByTestId('card-storage')).toContainText('0 KB / 50 MB');
  await expect(page.getByTestId('usage-bar')).toHaveCount(30);
  await expect(page.getByText('Aún no hay mensajes en este periodo.')).toBeVisible();
  await expect(page.getByTestId('success-good')).toBeVisible();
});

test('refresh disables the button while it reloads', async ({ page }) => {
  await signIn(page, 'Recarga');
  let release: () => void = () => {};
  let calls = 0;
  await page.route('**/api/user/usage**', async (route) => {
    calls += 1;
    if (calls === 2) await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  await page.goto('/usage');
  const refresh = page.getByRole('button', { name: 'Actualizar' });
  await expect(refresh).toBeEnabled();
  await refresh.click();
  await expect(refresh).toBeDisabled();
  release();
  await expect(refresh).toBeEnabled();
  expect(calls).toBe(2);
});

test('the error view retries', async ({ page }) => {
  await signIn(page, 'Errores');
  let fail = true;
  await page.route('**/api/user/usage**', (route) =>
    fail ? route.fulfill({ status: 503, json: { message: 'down', code: 'UNAVAILABLE' } }) : route.continue(),
  );
  await page.goto('/usage');
  await expect(page.getByText('Error al cargar datos')).toBeVisible();
  await expect(page.getByText('Failed to fetch usage data')).toBeVisible();
  await page.screenshot({ path: '/tmp/div-g-usage-error.png' });
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByTestId('plan-badge')).toHaveText('Gratis');
  await expect(page.getByText('Error al cargar datos')).toHaveCount(0);
});
