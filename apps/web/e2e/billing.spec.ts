import { expect, type Page, test } from '@playwright/test';
import { signIn as signInFixture } from './fixtures/sign-in';

/**
 * Signs in and waits until /spaces has finished its session check: leaving the page while the guard's
 * verify call is in flight aborts it, and the guard then clears the session.
 */
async function signIn(page: Page, name: string) {
  await signInFixture(page, name);
  await expect(page.getByRole('heading', { name: 'Tus proyectos' })).toBeVisible({ timeout: 15_000 });
}

test('a free user buys the medium plan in local billing mode', async ({ page }) => {
  await signIn(page, 'Compradora');
  await page.goto('/pricing');
  const free = page.getByRole('article', { name: 'Gratis' });
  const medium = page.getByRole('article', { name: 'Mediano' });
  await expect(free.getByRole('button', { name: 'Plan actual' })).toBeDisabled();

  await medium.getByRole('button', { name: 'Seleccionar plan' }).click();
  await expect(page).toHaveURL(/\/local\/billing\/checkout\?token=/);
  await expect(page.getByText('Modo local')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plan Mediano' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar y pagar $25' })).toBeVisible();
  // Counts read the Spanish way, as on /pricing (issue 43: '1000' here beside '1.000' there).
  await expect(page.getByText('1.000 mensajes al mes')).toBeVisible();
  await page.screenshot({ path: '/tmp/div-g-checkout.png', fullPage: true });
  await page.getByRole('button', { name: /Confirmar y pagar/ }).click();

  await expect(page).toHaveURL(/\/pricing\?checkout=success&plan=\w+$/);
  await expect(medium.getByRole('button', { name: 'Plan actual' })).toBeDisabled();
  await expect(free.getByRole('button', { name: 'Comenzar gratis' })).toBeEnabled();

  await page.goto('/usage');
  await expect(page.getByTestId('plan-badge')).toHaveText('Mediano');
  await expect(page.getByTestId('messages-limit')).toHaveText('1.000');
  await page.goto('/settings');
  await expect(page.getByTestId('settings-plan')).toHaveText('Mediano');
  await expect(page.getByTestId('settings-messages')).toHaveText('0 / 1.000');
});

test('settings shows the profile, copies the id and opens the local portal', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'Ajustes');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Ajustes');
  await expect(page.getByTestId('profile-email')).toContainText('@example.com');
  const id = (await page.getByTestId('profile-id').textContent()) ?? '';
  expect(id.length).toBeGreaterThan(8);
  await expect(page.getByTestId('settings-plan')).toHaveText('Gratis');
  await expect(page.getByTestId('settings-messages')).toHaveText('0 / 100');

  await page.getByRole('button', { name: 'Copiar ID' }).click();
  await expect(page.getByRole('button', { name: '¡Copiado!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
  await expect(page.getByRole('button', { name: 'Copiar ID' })).toBeVisible({ timeout: 4000 });

  // The domain manager's tabs are exercised in publishing.spec.ts; without projects it says how to start.
  await expect(
    page.getByText('Aún no tienes proyectos. Crea uno en Proyectos y publícalo para tener tu dirección.'),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/div-g-settings.png', fullPage: true });

  await page.getByRole('button', { name: 'Gestionar suscripción' }).click();
  await expect(page).toHaveURL(/\/local\/billing\/portal\?token=/);
  await expect(page.getByText('Modo local')).toBeVisible();
  await expect(page.getByText('No tienes suscripciones activas')).toBeVisible();
  await page.getByRole('link', { name: 'Volver a DIV' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('a failing portal says so', async ({ page }) => {
  await signIn(page, 'Portal');
  await page.route('**/api/payment/portal', (route) =>
    route.fulfill({ status: 502, json: { message: 'upstream', code: 'UPSTREAM' } }),
  );
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Gestionar suscripción' }).click();
  await expect(page.getByText('No se pudo abrir el portal de suscripción')).toBeVisible();
});

test('account deletion needs the typed confirmation and signs out', async ({ page }) => {
  await signIn(page, 'Borrar');
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Eliminar cuenta' }).click();
  const dialog = page.getByRole('alertdialog');
  const confirm = dialog.getByRole('button', { name: 'Eliminar definitivamente' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Confirmación').fill('ELIMINAR');
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings');
  await expect(page).not.toHaveURL(/\/settings$/);
});

test('signing out of all sessions ends this one too', async ({ page }) => {
  await signIn(page, 'Sesiones');
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('div_auth_token'))).toBeNull();
});

test('a developer plan is bought from /developers; signed out, choosing one asks to sign in first', async ({ page }) => {
  await page.goto('/developers');
  await page.getByRole('article', { name: 'Growth' }).getByRole('button', { name: 'Seleccionar plan' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'Desarrolladora');
  await page.goto('/developers');
  const growth = page.getByRole('article', { name: 'Growth' });
  await growth.getByRole('button', { name: 'Seleccionar plan' }).click();
  await expect(page).toHaveURL(/\/local\/billing\/checkout\?token=/);
  await page.getByRole('button', { name: /Confirmar y pagar/ }).click();
  await expect(page).toHaveURL(/\/developers\?checkout=success&plan=\w+$/);
  await expect(growth.getByRole('button', { name: 'Plan actual' })).toBeDisabled();
});
