import { expect as baseExpect, test } from '@playwright/test';
import { createSpace, replaceCode } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

// A new user's second walk (issue 43): every screen names itself, the editor is a full-screen app,
// and buttons that look alike say which is which.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

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

test('"Publicar" sits in the editor header; once live, a chip keeps the address, its time and whether changes wait', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Publicadora');
  await createSpace(page, 'Estudio Cabecera');
  await expect(page.getByTestId('published-chip')).toHaveCount(0);
  await page.getByTestId('publish-button').click();
  const chip = page.getByRole('group', { name: 'Sitio publicado' });
  const link = chip.getByRole('link', { name: /^Abrir .+\.localhost:\d+ en una pestaña nueva$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const url = (await link.getAttribute('href')) ?? '';
  expect(url).toMatch(/^http:\/\/[a-z0-9-]+\.localhost:\d+\/$/);
  await expect(chip).toContainText('Publicado');
  await chip.getByRole('button', { name: 'Copiar la dirección del sitio' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // An edit saved after publishing: the chip says the live site is behind, and the button offers to catch up.
  await replaceCode(
    page,
    '<!DOCTYPE html><html lang="es"><head><title>Nueva</title></head><body><h1>Cambiado</h1></body></html>',
  );
  await expect(page.getByTestId('save-status')).toHaveText('Guardado', { timeout: 20_000 });
  await expect(chip).toContainText('Hay cambios sin publicar');
  await page.screenshot({ path: '/tmp/div-publish-header-1440-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/div-publish-header-390-dark.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Publicar cambios' }).click();
  await expect(chip).not.toContainText('Hay cambios sin publicar', { timeout: 30_000 });
  // Chromium resolves *.localhost to loopback (Node's resolver does not).
  const site = await context.newPage();
  await site.goto(url);
  await expect(site.getByRole('heading', { name: 'Cambiado' })).toBeVisible();
});

test('closing a dialog gives focus back to the control that opened it (WCAG 2.4.3)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Foco de vuelta');
  const spaceId = await createSpace(page, 'Foco devuelto');

  // "Herramientas de vista", opened from its floating button by keyboard and closed with Esc.
  const toolsButton = page.getByTestId('tools-button');
  await toolsButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Herramientas de vista' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Herramientas de vista' })).toBeHidden();
  await expect(toolsButton).toBeFocused();

  // The Revisión panel, from its score button.
  const checksButton = page.getByTestId('checks-button');
  await checksButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Revisión' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(checksButton).toBeFocused();

  // The question before publishing a site with errors, from the header's "Publicar", cancelled with Esc.
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const { revision } = await (await page.request.get(`/api/spaces/${spaceId}`, { headers })).json();
  const broken =
    '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Rota</title></head><body><h1>Rota</h1><a href="precios.html">Precios</a></body></html>';
  const saved = await page.request.put(`/api/spaces/${spaceId}/files`, {
    headers,
    data: { revision, files: [{ path: 'index.html', content: broken }] },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('code-editor')).toBeVisible();
  const publish = page.getByTestId('publish-button');
  await publish.focus();
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog', { name: 'La revisión encontró errores' });
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(publish).toBeFocused();
});

test('the preview is one tab stop until entered: its links stay out of the way to the tools button', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Teclado');
  await createSpace(page, 'Muchos enlaces');
  const links = Array.from({ length: 40 }, (_, i) => `<a href="#s${i}">Sección ${i}</a>`).join(' ');
  await replaceCode(
    page,
    `<!DOCTYPE html><html lang="es"><head><title>Enlaces</title></head><body><h1>Enlaces</h1><nav>${links}</nav></body></html>`,
  );
  await expect(page.getByTestId('save-status')).toHaveText('Guardado', { timeout: 20_000 });
  const inPreview = page.frameLocator('[data-testid="preview-frame"]');
  await expect(inPreview.getByRole('link', { name: 'Sección 39' })).toBeAttached();

  // From the "Tab indenta" switch to the tools button, without walking through forty links.
  await page.getByRole('switch', { name: 'Tab indenta' }).focus();
  let presses = 0;
  const tools = page.getByTestId('tools-button');
  while (!(await tools.evaluate((el) => el === document.activeElement)) && presses < 40) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  expect(presses).toBeLessThan(15);

  // The stop before the preview says how to go in; Enter goes in and Tab walks the site's links.
  const enter = page.getByTestId('preview-enter');
  await enter.focus();
  await expect(enter).toBeVisible();
  await expect(enter).toHaveText(/Entrar en la vista previa/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('preview-frame')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(inPreview.getByRole('link', { name: 'Sección 0' })).toBeFocused();
});
