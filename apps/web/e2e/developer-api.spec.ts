import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/sign-in';

// The shared machine is often busy: a full-page screenshot or a lazy route can take a while.
test.describe.configure({ timeout: 90_000 });

test('API keys in settings: create once, copy, use, revoke', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page, 'Desarrolladora');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Claves de API' });
  await expect(section).toBeVisible();
  await expect(section.getByText('Aún no tienes claves de API.')).toBeVisible();

  await section.getByLabel('Nombre de la clave').fill('Servidor de producción');
  await section.getByRole('button', { name: 'Crear clave' }).click();
  const fresh = page.getByTestId('fresh-api-key');
  await expect(fresh).toContainText('Tu nueva clave «Servidor de producción»');
  await expect(fresh).toContainText('no volverás a verla');
  const key = (await fresh.locator('code').textContent())?.trim() ?? '';
  expect(key).toMatch(/^div_[A-Za-z0-9_-]{43}$/);

  await fresh.getByRole('button', { name: 'Copiar clave' }).click();
  await expect(fresh.getByRole('button', { name: '¡Copiado!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expect(fresh.getByRole('button', { name: 'Copiar clave' })).toBeVisible({ timeout: 3_000 });
  await page.screenshot({ path: '/tmp/div-k-settings-key.png', fullPage: true });

  // The key works against the API, and the list then shows its prefix and last use.
  const used = await page.request.get('/v1/usage', { headers: { authorization: `Bearer ${key}` } });
  expect(used.status()).toBe(200);
  expect(used.headers()['ratelimit-limit']).toBe('10');
  await fresh.getByRole('button', { name: 'Ya la he guardado' }).click();
  await expect(fresh).toHaveCount(0);
  await page.reload();
  const row = page.getByTestId('api-key-row');
  await expect(row).toContainText('Servidor de producción');
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('Último uso');
  await expect(page.getByText(key)).toHaveCount(0);

  // Revoking asks first; cancelling keeps the key.
  await row.getByRole('button', { name: 'Revocar la clave Servidor de producción' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('¿Revocar la clave «Servidor de producción»?');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toContainText('Activa');
  await row.getByRole('button', { name: 'Revocar la clave Servidor de producción' }).click();
  await page.getByRole('button', { name: 'Revocar clave' }).click();
  await expect(row).toContainText('Revocada');
  const refused = await page.request.get('/v1/usage', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/div-k-settings-dark.png' });
});

test('the API reference at /docs/api lists every /v1 route from the OpenAPI document', async ({ page }) => {
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { level: 1, name: /Referencia de la API/ })).toBeVisible({ timeout: 15_000 });
  // One entry per operation of the OpenAPI document (the reference is built from it, not by hand).
  const document = (await (await page.request.get('/api/openapi.json')).json()) as { paths: Record<string, object> };
  const operations = Object.values(document.paths).flatMap((item) =>
    Object.keys(item).filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key)),
  );
  expect(operations.length).toBeGreaterThan(9);
  const endpoints = page.getByTestId('api-endpoint');
  await expect(endpoints).toHaveCount(operations.length);
  for (const path of [
    '/v1/generate',
    '/v1/spaces/{id}/edit',
    '/v1/spaces/{id}/deploy',
    '/v1/usage',
    '/v1/spaces/{id}/files',
    '/v1/spaces/{id}/submissions',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(path.replace(/[{}/]/g, '\\$&')) }).first()).toBeVisible();
  }
  const generate = page.locator('#post-v1-generate');
  await expect(generate).toContainText('prompt');
  await expect(generate).toContainText('obligatorio');
  await generate.getByText('429').click();
  await expect(generate).toContainText('message');
  await expect(page.getByRole('link', { name: 'Documento OpenAPI 3.1 (JSON)' })).toHaveAttribute('href', '/api/openapi.json');
  // Its headings speak the interface's language, and `code` in the descriptions is code, not backticks.
  for (const name of ['Generación', 'Proyectos', 'Publicación', 'Uso']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Spaces', exact: true })).toHaveCount(0);
  expect(await page.locator('main').innerText()).not.toContain('`');
  await expect(generate.locator('code', { hasText: /^limit$/ }).first()).toBeAttached();
  await page.screenshot({ path: '/tmp/div-k-docs.png', fullPage: false });
  await page
    .getByRole('navigation', { name: 'Contenido' })
    .getByRole('link', { name: /\/v1\/usage/ })
    .click();
  await expect(page).toHaveURL(/#get-v1-usage$/);
});

test('/developers leads to where a key is made: its first step links to the keys in settings, name field focused', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'Integradora');
  await page.goto('/developers');
  // The key it shows starts as a real key starts.
  await expect(page.getByText(/^DIV_API_KEY=div_•+$/)).toBeVisible();
  const create = page.getByRole('link', { name: 'Crear una clave' });
  await create.scrollIntoViewIfNeeded();
  await expect(create).toBeVisible();
  await create.click();
  await expect(page).toHaveURL(/\/settings#api-keys$/);
  const name = page.getByRole('region', { name: 'Claves de API' }).getByLabel('Nombre de la clave');
  await expect(name).toBeFocused({ timeout: 15_000 });
  await expect(name).toBeInViewport();
  // The sections above it load their data afterwards (issue 43: it ended 1150 px below the fold).
  await page.waitForLoadState('networkidle');
  await expect(name).toBeInViewport();
  await name.fill('Mi integración');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('fresh-api-key').locator('code')).toHaveText(/^div_\S{20,}$/);
});
