import { expect as baseExpect, type Page, test } from '@playwright/test';
import { confirmPublishIfAsked } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

test.describe.configure({ timeout: 120_000 });
// The shared machine is often busy: page loads wait for the session check and lazy chunks.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * A published page whose script tries to read the app's session token and cookies: on its own origin
 * ({slug}.localhost:<port>) it must find nothing.
 */
const sitePage = (title: string) => `<!DOCTYPE html>
<html lang="es"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="style.css"></head>
<body><h1>${title}</h1><a href="/about">Sobre nosotros</a><pre id="robo"></pre>
<script>
  let token = null;
  try { token = localStorage.getItem('div_auth_token'); } catch (e) { token = 'error'; }
  document.getElementById('robo').textContent = JSON.stringify({ token: token, cookie: document.cookie });
</script></body></html>`;

async function createSpace(page: Page, name: string) {
  await page.goto('/spaces');
  await page.getByLabel('Nombre del proyecto').fill(name);
  await page.getByLabel('Nombre del proyecto').press('Enter');
  await expect(page).toHaveURL(/\/space\/[^/?]+$/);
  await expect(page.getByTestId('code-editor')).toBeVisible({ timeout: 30_000 });
  return page.url().split('/space/')[1] ?? '';
}

async function putFiles(page: Page, spaceId: string, files: { path: string; content: string }[]) {
  const token = await sessionToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const detail = await page.request.get(`/api/spaces/${spaceId}`, { headers });
  const { revision } = await detail.json();
  const saved = await page.request.put(`/api/spaces/${spaceId}/files`, { headers, data: { revision, files, replaceAll: true } });
  expect(saved.status()).toBe(200);
}

async function deployFromEditor(page: Page) {
  await page.getByTestId('tools-button').click();
  const dialog = page.getByRole('dialog', { name: 'Herramientas de vista' });
  await expect(dialog).toBeVisible();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/deploy'));
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await confirmPublishIfAsked(page);
  expect((await answered).status()).toBe(200);
  // The toast says so for a few seconds; the header's chip keeps saying it (a busy machine can be
  // slower than the toast).
  await expect(
    page
      .getByText('Sitio publicado', { exact: true })
      .or(page.getByRole('group', { name: 'Sitio publicado' }))
      .first(),
  ).toBeVisible();
}

test('publish from the editor, visit the site on its own *.localhost origin, deploy again, roll back', async ({
  page,
  context,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  await signIn(page, 'Publicadora');
  const name = `Mi Sitio ${Math.random().toString(36).slice(2, 7)}`;
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const spaceId = await createSpace(page, name);
  await putFiles(page, spaceId, [
    { path: 'index.html', content: sitePage('Primera versión') },
    { path: 'about.html', content: '<!DOCTYPE html><html><body><h1>Sobre nosotros</h1></body></html>' },
    { path: 'style.css', content: 'h1 { color: rgb(200, 30, 30); }' },
  ]);
  await deployFromEditor(page);
  const siteUrl = `http://${slug}.localhost:${port}/`;
  await expect(page.getByText(siteUrl)).toBeVisible();

  // The toast's action opens the published site in a new tab, on its own origin.
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Abrir sitio' }).first().click();
  const site = await opened;
  await expect(site).toHaveURL(siteUrl);
  await expect(site.getByRole('heading', { name: 'Primera versión' })).toBeVisible();
  await expect(site.getByRole('heading', { name: 'Primera versión' })).toHaveCSS('color', 'rgb(200, 30, 30)');
  // The app's token and cookies are not reachable from the published site.
  await expect(site.locator('#robo')).toHaveText('{"token":null,"cookie":""}');
  expect(await page.evaluate(() => localStorage.getItem('div_auth_token'))).toBeTruthy();
  await site.screenshot({ path: '/tmp/div-j-site.png' });
  await site.getByRole('link', { name: 'Sobre nosotros' }).click();
  await expect(site).toHaveURL(`${siteUrl}about`);
  await expect(site.getByRole('heading', { name: 'Sobre nosotros' })).toBeVisible();
  const missing = await site.goto(`${siteUrl}no-existe`);
  expect(missing?.status()).toBe(404);
  await expect(site.getByText('Página no encontrada')).toBeVisible();

  // A second deploy replaces the live content.
  await putFiles(page, spaceId, [
    { path: 'index.html', content: sitePage('Segunda versión') },
    { path: 'style.css', content: 'h1 { color: rgb(30, 30, 200); }' },
  ]);
  await page.keyboard.press('Escape');
  await deployFromEditor(page);
  await site.goto(siteUrl);
  await expect(site.getByRole('heading', { name: 'Segunda versión' })).toBeVisible();

  // Roll back from the domain manager in /settings.
  await page.goto('/settings');
  await expect(page.getByTestId('site-address')).toHaveText(`${slug}.localhost:${port}`);
  // Each option names the project, where it is published and when it was last edited (ADR 0187).
  const picker = page.getByRole('combobox', { name: 'Proyecto' });
  const option = picker.locator('option', { hasText: `${name} — ${slug}.localhost:${port} · editado` });
  await picker.selectOption((await option.getAttribute('value')) ?? '');
  await page.getByRole('button', { name: 'Volver a esta versión' }).first().click();
  await expect(page.getByText('Publicación restaurada')).toBeVisible();
  await site.reload();
  await expect(site.getByRole('heading', { name: 'Primera versión' })).toBeVisible();

  // An unknown subdomain gets a 404 page.
  const nobody = await site.goto(`http://nadie-${slug}.localhost:${port}/`);
  expect(nobody?.status()).toBe(404);
  await expect(site.getByText('Sitio no encontrado')).toBeVisible();
});

test('domain manager: rename the subdomain with the server rule, DNS help, custom domains need a paid plan', async ({
  page,
  context,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'Dominios');
  const spaceId = await createSpace(page, `Renombrable ${Math.random().toString(36).slice(2, 7)}`);
  await deployFromEditor(page);

  await page.goto('/settings');
  const field = page.getByLabel('Subdominio', { exact: true });
  await expect(field).toBeVisible();
  await field.fill('www');
  await expect(page.getByText('Ese subdominio está reservado. Elige otro.')).toBeVisible();
  await field.fill('no_vale');
  await expect(page.getByText(/solo puede tener letras, números y guiones/)).toBeVisible();
  const fresh = `nuevo-${Math.random().toString(36).slice(2, 7)}`;
  await field.fill(fresh);
  await page.getByRole('button', { name: 'Guardar subdominio' }).click();
  await expect(page.getByTestId('site-address')).toHaveText(`${fresh}.localhost:${port}`);
  await page.screenshot({ path: '/tmp/div-j-subdomain.png', fullPage: true });

  const token = await sessionToken(page);
  const refused = await page.request.put(`/api/sites/${spaceId}/slug`, {
    headers: { authorization: `Bearer ${token}` },
    data: { slug: 'admin' },
  });
  expect(refused.status()).toBe(400);

  const site = await context.newPage();
  await site.goto(`http://${fresh}.localhost:${port}/`);
  await expect(site.getByRole('heading', { name: 'Tu sitio empieza aquí' })).toBeVisible();

  await page.getByRole('tab', { name: 'Dominio personalizado' }).click();
  await expect(page.getByRole('tabpanel').getByText('Disponible en los planes Mediano y Pro')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', '/pricing');

  await page.getByRole('tab', { name: 'Configuración DNS' }).click();
  await expect(page.getByText('La propagación DNS puede tardar hasta 24 horas.')).toBeVisible();
  const records = page.getByTestId('dns-record');
  await expect(records).toHaveCount(2);
  await expect(records.nth(1)).toContainText(`${fresh}.localhost`);
  await records
    .nth(0)
    .getByRole('button', { name: /Copiar 127\.0\.0\.1/ })
    .click();
  await expect(records.nth(0).getByText('¡Copiado!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('127.0.0.1');
  await page.screenshot({ path: '/tmp/div-j-dns.png', fullPage: true });
  await expect(records.nth(0).getByText('¡Copiado!')).toBeHidden({ timeout: 4000 });
});

test('a medium-plan user adds a custom domain, edits SEO and sees the visits of the published site', async ({
  page,
  context,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  await signIn(page, 'Mediana');
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Mediano' }).getByRole('button', { name: 'Seleccionar plan' }).click();
  await page.getByRole('button', { name: /Confirmar y pagar/ }).click();
  await expect(page).toHaveURL(/\/pricing\?checkout=success&plan=\w+$/);

  const name = `Con Dominio ${Math.random().toString(36).slice(2, 7)}`;
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  await createSpace(page, name);
  await deployFromEditor(page);

  await page.goto('/settings');
  await page.getByLabel('Título').fill('Mi negocio en línea');
  await page.getByLabel('Descripción').fill('Pan recién hecho cada mañana');
  await page.getByRole('button', { name: 'Guardar SEO' }).click();
  await expect(page.getByText('SEO guardado')).toBeVisible();
  // Advanced SEO is for pro: the fields are there but disabled.
  await expect(page.getByLabel('URL canónica')).toBeDisabled();

  // SEO applies at the next deploy; then visits are counted (no cookies).
  await page.goto('/spaces');
  await page.getByText(name).click();
  await expect(page.getByTestId('code-editor')).toBeVisible({ timeout: 30_000 });
  await deployFromEditor(page);
  const site = await context.newPage();
  for (let i = 0; i < 3; i += 1) await site.goto(`http://${slug}.localhost:${port}/`);
  await expect(site).toHaveTitle('Mi negocio en línea');
  expect(await site.evaluate(() => document.cookie)).toBe('');

  await page.goto('/settings');
  await expect(page.getByTestId('analytics-total')).toHaveText('3 visitas en los últimos 30 días');
  await page.getByRole('tab', { name: 'Dominio personalizado' }).click();
  const field = page.getByLabel('Dominio', { exact: true });
  await expect(page.getByRole('button', { name: 'Añadir dominio' })).toBeDisabled();
  await field.fill('no es un dominio');
  await page.getByRole('button', { name: 'Añadir dominio' }).click();
  await expect(page.getByText('Escribe un dominio válido, por ejemplo www.midominio.com.')).toBeVisible();
  const domain = `${slug}.example.com`;
  await field.fill(domain);
  await page.getByRole('button', { name: 'Añadir dominio' }).click();
  const item = page.getByTestId('custom-domain');
  await expect(item).toContainText(domain);
  await expect(item).toContainText('Pendiente');

  await page.getByRole('tab', { name: 'Configuración DNS' }).click();
  const records = page.getByTestId('dns-record');
  await expect(records.nth(0)).toContainText(`_div-verify.${domain}`);
  await expect(records.nth(0)).toContainText('div-verify=');
  await expect(records.nth(1)).toContainText('CNAME');
  await page.getByRole('button', { name: 'Oscuro' }).click();
  await page.getByRole('heading', { name: 'Dominios' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/div-j-domains-dark.png', fullPage: true });
});
