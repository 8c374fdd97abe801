import { expect as baseExpect, type Page, test } from '@playwright/test';
import { confirmPublishIfAsked } from './fixtures/editor';
import { signIn } from './fixtures/sign-in';

test.describe.configure({ timeout: 120_000 });
// Page loads wait for the session check and lazy chunks; the shared machine is often busy.
const expect = baseExpect.configure({ timeout: 15_000 });

async function createSpace(page: Page, name: string) {
  await page.goto('/spaces');
  await page.getByLabel('Nombre del proyecto').fill(name);
  await page.getByLabel('Nombre del proyecto').press('Enter');
  await expect(page).toHaveURL(/\/space\/[^/?]+$/);
  await expect(page.getByTestId('code-editor')).toBeVisible({ timeout: 30_000 });
  return page.url().split('/space/')[1] ?? '';
}

/**
 * A page for the starter script.js, which expects #saludo and #mensaje: without them it would throw
 * while loading, which the preview counts as a failed attempt.
 */
const site = (body: string, head = '<link rel="stylesheet" href="style.css">') =>
  `<!DOCTYPE html><html><head>${head}</head><body>${body}<button id="saludo" hidden></button><p id="mensaje"></p><script src="script.js"></script></body></html>`;

const preview = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');

/** Replaces the open file's whole text, as a person would by selecting all and pasting. */
async function replaceCode(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
}

async function openFile(page: Page, path: string) {
  await page.getByRole('navigation', { name: 'Archivos' }).getByRole('button', { name: path }).click();
  await expect(page.getByTestId('code-editor')).toHaveAttribute('data-path', path);
}

async function openTools(page: Page, title = 'Herramientas de vista') {
  await page.getByTestId('tools-button').click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
}

test('edit index.html, see the preview change, reload and find it, restore an earlier version', async ({ page }) => {
  await signIn(page, 'Editora');
  await createSpace(page, 'Editar a mano');
  await expect(preview(page).getByRole('heading', { name: 'Tu sitio empieza aquí' })).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');

  await replaceCode(page, site('<h1 id="titulo">Hola desde el editor</h1>'));
  await expect(preview(page).getByRole('heading', { name: 'Hola desde el editor' })).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');
  await page.screenshot({ path: '/tmp/div-f-editor.png' });

  // Reopened directly: space.html's boot script asks for the session check and the space before the
  // app's code loads, and the app adopts those answers (each request is sent once).
  const spaceId = page.url().split('/space/')[1] ?? '';
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/auth/verify' || url.pathname === `/api/spaces/${spaceId}`) sent.push(url.pathname);
  });
  await page.reload();
  await expect(page.locator('.cm-content')).toContainText('Hola desde el editor');
  await expect(preview(page).getByRole('heading', { name: 'Hola desde el editor' })).toBeVisible();
  await expect(page.locator('script[src*="space-boot"]')).toHaveCount(1);
  expect(sent.sort()).toEqual(['/api/auth/verify', `/api/spaces/${spaceId}`]);

  await openTools(page);
  const versions = page.getByTestId('version-item');
  await expect(versions).toHaveCount(1);
  await page.screenshot({ path: '/tmp/div-f-tools.png' });
  await versions.first().getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.getByText('Versión restaurada')).toBeVisible();
  await expect(preview(page).getByRole('heading', { name: 'Tu sitio empieza aquí' })).toBeVisible();
  await expect(page.locator('.cm-content')).toContainText('Tu sitio empieza aquí');
  // Restoring appended a version; nothing was overwritten.
  await expect(versions).toHaveCount(2);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.locator('.cm-content')).toContainText('Tu sitio empieza aquí');
});

test('an edit is shown by the standby frame, already loaded, and a new standby takes its place', async ({ page }) => {
  await signIn(page, 'Editora');
  await createSpace(page, 'Marco en espera');
  await expect(preview(page).getByRole('heading', { name: 'Tu sitio empieza aquí' })).toBeVisible();
  // Once the preview is ready, a hidden standby frame loads the host page for the next document.
  const standby = page.getByTestId('preview-standby-frame');
  await expect(standby).toHaveCount(1);
  await expect(standby).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-modals');
  await expect(standby).toHaveAttribute('aria-hidden', 'true');
  await expect
    .poll(async () => {
      const frame = await (await standby.elementHandle())?.contentFrame();
      return frame?.evaluate(() => document.readyState).catch(() => null);
    })
    .toBe('complete');
  await standby.evaluate((element) => {
    (element as HTMLIFrameElement & { waited?: boolean }).waited = true;
  });

  await replaceCode(page, site('<h1>Sin esperar al marco</h1>'));
  await expect(preview(page).getByRole('heading', { name: 'Sin esperar al marco' })).toBeVisible();
  // The frame showing the edit is the one that was waiting: no new frame was loaded first.
  expect(
    await page.getByTestId('preview-frame').evaluate((element) => (element as HTMLIFrameElement & { waited?: boolean }).waited),
  ).toBe(true);
  await expect(page.locator('iframe[data-testid="preview-frame"]')).toHaveCount(1);
  await expect(standby).toHaveCount(1);
  await replaceCode(page, site('<h1>Segundo cambio</h1>'));
  await expect(preview(page).getByRole('heading', { name: 'Segundo cambio' })).toBeVisible();
});

test('a text edit lands in the shown page in place; a new structure or a node its script changed loads anew', async ({
  page,
}) => {
  await signIn(page, 'Retocadora');
  await createSpace(page, 'Retoques en vivo');
  const long = (title: string, extra = '') =>
    site(`<div style="height: 3000px">arriba</div><h2 id="abajo" class="pie">${title}</h2>${extra}`);
  await replaceCode(page, long('Primer título'));
  await expect(preview(page).getByRole('heading', { name: 'Primer título' })).toBeVisible();
  const shown = page.getByTestId('preview-frame');
  const frameOf = async () => (await (await shown.elementHandle())?.contentFrame()) ?? null;
  await expect.poll(async () => (await frameOf())?.evaluate(() => document.readyState)).toBe('complete');
  await (await frameOf())?.evaluate(() => window.scrollTo(0, 2000));
  // A mark on the shown frame element tells the same frame (an edit in place) from a new one.
  type Marked = HTMLIFrameElement & { mark?: string };
  const setMark = (value: string) =>
    shown.evaluate((element, text) => {
      (element as Marked).mark = text;
    }, value);
  const mark = () => shown.evaluate((element) => (element as Marked).mark ?? null);
  await setMark('mismo marco');

  // Text and an attribute change: the same frame and document show it, scrolled where they were.
  await replaceCode(page, long('Título retocado').replace('class="pie"', 'class="pie nuevo"'));
  await expect(preview(page).getByRole('heading', { name: 'Título retocado' })).toBeVisible();
  await expect(preview(page).locator('#abajo')).toHaveClass('pie nuevo');
  await expect(page.locator('[data-runtime]')).toHaveAttribute('data-runtime', 'ready');
  expect(await mark()).toBe('mismo marco');
  expect(await (await frameOf())?.evaluate(() => window.scrollY)).toBe(2000);
  // A second edit builds on the first one applied in place.
  await replaceCode(page, long('Título final').replace('class="pie"', 'class="pie nuevo"'));
  await expect(preview(page).getByRole('heading', { name: 'Título final' })).toBeVisible();
  await expect(preview(page).locator('#abajo')).toHaveClass('pie nuevo');
  await expect(page.locator('[data-runtime]')).toHaveAttribute('data-runtime', 'ready');
  expect(await mark()).toBe('mismo marco');

  // A new element: the document is loaded anew, in another frame.
  await replaceCode(page, long('Título retocado', '<p>Párrafo nuevo</p>'));
  await expect(preview(page).getByText('Párrafo nuevo')).toBeVisible();
  expect(await mark()).toBeNull();

  // The page's own script rewrote this node: editing its source text loads the page anew, and the
  // script's result is what shows.
  const scripted = (text: string) => site(`<p id="cambiante">${text}</p><script>cambiante.textContent = 'Del script';</script>`);
  await replaceCode(page, scripted('Original'));
  await expect(preview(page).getByText('Del script')).toBeVisible();
  await expect(page.locator('[data-runtime]')).toHaveAttribute('data-runtime', 'ready');
  await setMark('con script');
  await replaceCode(page, scripted('Editado'));
  await expect.poll(mark).toBeNull();
  await expect(preview(page).getByText('Del script')).toBeVisible();

  // A template's content is not part of the page's tree: editing it loads the page anew, so the
  // page's script stamps out the new content.
  const templated = (text: string) =>
    site(
      `<template id="molde"><p class="copia">${text}</p></template><div id="destino"></div><script>destino.append(molde.content.cloneNode(true));</script>`,
    );
  await replaceCode(page, templated('Plantilla uno'));
  await expect(preview(page).getByText('Plantilla uno')).toBeVisible();
  await expect(page.locator('[data-runtime]')).toHaveAttribute('data-runtime', 'ready');
  await setMark('con plantilla');
  await replaceCode(page, templated('Plantilla dos'));
  await expect(preview(page).getByText('Plantilla dos')).toBeVisible();
  expect(await mark()).toBeNull();
});

test('text typed just before leaving is kept as a draft and saved on return', async ({ page }) => {
  await signIn(page, 'Borrador');
  await createSpace(page, 'Sin perder nada');
  await openFile(page, 'style.css');
  await page.route('**/api/spaces/*/files', (route) => route.abort());
  await replaceCode(page, 'body { background: rgb(1, 2, 3); }');
  // The save cannot reach the server; leave right away.
  await page.waitForTimeout(400);
  await page.unroute('**/api/spaces/*/files');
  await page.reload();
  await openFile(page, 'style.css');
  await expect(page.locator('.cm-content')).toContainText('rgb(1, 2, 3)');
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');
  // Without the draft, the edit must come from the server.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('div_editor_draft:')) localStorage.removeItem(key);
  });
  await page.reload();
  await openFile(page, 'style.css');
  await expect(page.locator('.cm-content')).toContainText('rgb(1, 2, 3)');
});

test('device sizes change the frame and the inspector selects an element', async ({ page }) => {
  await signIn(page, 'Disenadora');
  await createSpace(page, 'Dispositivos');
  const box = page.getByTestId('preview-frame-box');
  const frame = page.getByTestId('preview-frame');

  for (const [device, label, width, height] of [
    ['mobile', 'Móvil', 375, 667],
    ['tablet', 'Tablet', 768, 1024],
    ['ultrawide', 'Ultrawide', 2560, 1080],
    ['tv', 'TV', 1920, 1080],
  ] as const) {
    await openTools(page);
    await page.getByRole('radio', { name: new RegExp(label) }).click();
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('data-device', device);
    await expect(frame).toHaveCSS('width', `${width}px`);
    await expect(frame).toHaveCSS('height', `${height}px`);
    // Scaled to fit the panel, keeping the proportions.
    const outer = await box.boundingBox();
    const panel = await page.getByTestId('preview-panel').boundingBox();
    expect(outer && panel).toBeTruthy();
    if (outer && panel) {
      expect(outer.width).toBeLessThanOrEqual(panel.width + 1);
      expect(outer.height).toBeLessThanOrEqual(panel.height + 1);
      expect(Math.abs(outer.width / outer.height - width / height)).toBeLessThan(0.02);
    }
    if (device === 'mobile') await page.screenshot({ path: '/tmp/div-f-mobile.png' });
  }
  await openTools(page);
  await page.getByRole('radio', { name: /Escritorio/ }).click();
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('data-device', 'desktop');

  await openTools(page);
  await page.getByRole('button', { name: 'Inspector' }).click();
  await expect(page.getByTestId('inspector-panel')).toBeVisible();
  await preview(page).getByRole('heading', { name: 'Tu sitio empieza aquí' }).hover();
  await preview(page).getByRole('heading', { name: 'Tu sitio empieza aquí' }).click();
  await expect(page.getByTestId('inspector-selector')).toHaveText('body > main > h1');
  await expect(page.getByTestId('inspector-panel')).toContainText('<h1>Tu sitio empieza aquí</h1>');
  await page.screenshot({ path: '/tmp/div-f-inspector.png' });
  await page.getByRole('button', { name: 'Usar en el prompt' }).click();
  await expect(page.getByTestId('prompt-element')).toContainText('body > main > h1');
});

test("a script error raises the toast once and never uses up the preview's attempts", async ({ page }) => {
  await signIn(page, 'Errores');
  await createSpace(page, 'Con errores');
  await openFile(page, 'script.js');
  // An error after load: the toast, no lock.
  await replaceCode(page, "document.getElementById('saludo').addEventListener('click', () => { noExiste(); });");
  // Saved means the new document (re-rendered 300 ms after the edit) is in the frame.
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');
  await expect(page.locator('[data-runtime="ready"]')).toBeVisible();
  await preview(page).getByRole('button', { name: 'Saludar' }).click();
  await expect(page.getByText('¡Hay un error, pero podemos tratar de corregirlo!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Solucionar problema' })).toBeVisible();
  await expect(page.getByTestId('preview-error')).toHaveCount(0);

  // An error while the page loads: the page still renders and no attempt is used up (issue 22).
  await replaceCode(page, "throw new Error('falla al cargar');");
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');
  await expect(preview(page).getByRole('heading', { name: 'Tu sitio empieza aquí' })).toBeVisible();
  await expect(page.getByText('¡Hay un error, pero podemos tratar de corregirlo!')).toHaveCount(1);
  // Longer than the automatic retry delay: nothing retried, nothing locked.
  await page.waitForTimeout(2_000);
  await expect(page.locator('[data-runtime="ready"]')).toBeVisible();
  await expect(page.getByTestId('preview-error')).toHaveCount(0);
});

test('a preview that fails to load is retried three times, then locked', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'Sin vista');
  await createSpace(page, 'Vista caída');
  // The preview's host page cannot be reached: each attempt times out.
  await page.route('**/preview/frame', (route) => route.abort());
  await page.reload();
  await expect(page.getByTestId('preview-error')).toContainText(/\(Intento [12]\/3\)/, { timeout: 25_000 });
  await expect(page.getByTestId('preview-error')).toContainText(
    'Demasiados intentos fallidos. Espera 30 segundos antes de intentar nuevamente.',
    { timeout: 45_000 },
  );
  await expect(page.getByTestId('preview-error')).toContainText('(Intento 3/3)');
  await expect(page.locator('[data-runtime="locked"]')).toBeVisible();
  await page.screenshot({ path: '/tmp/div-f-locked.png' });
});

test("a generated page's script cannot read the app's localStorage", async ({ page, context }) => {
  await signIn(page, 'Seguridad');
  await createSpace(page, 'Intento de robo');
  expect(await page.evaluate(() => localStorage.getItem('div_auth_token'))).toBeTruthy();
  await replaceCode(
    page,
    `<!DOCTYPE html><html><head></head><body><button id="saludo"></button><p id="mensaje"></p><p id="out">esperando</p><script>
      const out = document.getElementById('out');
      const results = [];
      try { results.push('own:' + localStorage.getItem('div_auth_token')); } catch (e) { results.push('own:blocked'); }
      try { results.push('parent:' + window.parent.localStorage.getItem('div_auth_token')); } catch (e) { results.push('parent:blocked'); }
      try { results.push('top:' + window.top.document.cookie); } catch (e) { results.push('top:blocked'); }
      out.textContent = results.join(' ');
    </script></body></html>`,
  );
  await expect(preview(page).locator('#out')).toHaveText('own:blocked parent:blocked top:blocked');

  // Opened in a new window, the site is still sandboxed (opaque origin) and runs its scripts.
  await openTools(page);
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Abrir en ventana nueva' }).click();
  const opened = await popup;
  await expect(opened.locator('#out')).toHaveText(/^own:blocked parent:/);
  expect(await opened.evaluate(() => window.opener)).toBeNull();
  await expect(page.getByTestId('preview-frame')).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-forms allow-popups allow-modals',
  );
});

test('export downloads the file', async ({ page }) => {
  await signIn(page, 'Exporta');
  await createSpace(page, 'Para exportar');
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.html$/);
});

test('reset asks for confirmation and brings back the starter page; deploy shows the server message', async ({ page }) => {
  await signIn(page, 'Reinicio');
  await createSpace(page, 'Para reiniciar');
  await replaceCode(page, site('<h1>Algo distinto</h1>'));
  await expect(preview(page).getByRole('heading', { name: 'Algo distinto' })).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');

  await openTools(page);
  await page.getByRole('button', { name: 'Reinicio completo' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Vas a reiniciar el editor. ¿Estás seguro?');
  await page.getByRole('button', { name: 'Reiniciar' }).click();
  await expect(preview(page).getByRole('heading', { name: 'Tu sitio empieza aquí' })).toBeVisible();
  await openTools(page);
  await expect(page.getByTestId('version-item')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /Compartir/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: /Invitar/ })).toBeEnabled();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await confirmPublishIfAsked(page);
  // The publishing issue answers with the site's address, or with its message when it cannot.
  await expect(page.getByText(/^(Sitio publicado|No se pudo publicar el sitio)$/).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Deployment (successful|failed)/)).toHaveCount(0);

  // The English interface keeps the English messages (issue 22).
  await page.evaluate(() => localStorage.setItem('div_language', 'en'));
  await page.reload();
  await openTools(page, 'View Tools');
  await page.getByRole('button', { name: 'Full reset' }).click();
  await expect(page.getByRole('alertdialog')).toContainText("You're about to reset the editor. Are you sure?");
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  if (!(await page.getByRole('dialog', { name: 'View Tools' }).isVisible())) await openTools(page, 'View Tools');
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(page.getByText(/Deployment (successful|failed)/).first()).toBeVisible({ timeout: 15_000 });
});

test('the layout resizes by keyboard, keeps its sizes after a reload, and switches by tabs below 1024 px', async ({ page }) => {
  await signIn(page, 'Paneles');
  await createSpace(page, 'Paneles');
  const sidebar = page.getByTestId('file-sidebar');
  const before = (await sidebar.boundingBox())?.width ?? 0;
  const separator = page.getByRole('separator', { name: 'Cambiar el ancho de la barra de archivos' });
  await separator.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(Math.min(400, before + 48));
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(400);
  await page.reload();
  await expect(page.getByTestId('code-editor')).toBeVisible();
  await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(400);

  await page.getByRole('button', { name: 'Oscuro' }).click();
  await page.screenshot({ path: '/tmp/div-f-editor-dark.png' });

  await page.setViewportSize({ width: 800, height: 900 });
  const tabs = page.getByRole('tablist', { name: 'Paneles del editor' });
  await expect(tabs).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Vista previa' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Código' }).click();
  await expect(page.getByTestId('code-editor')).toBeVisible();
  await tabs.getByRole('tab', { name: 'Vista previa' }).click();
  await expect(preview(page).getByRole('heading', { name: 'Tu sitio empieza aquí' })).toBeVisible();
  await expect(page.getByTestId('code-editor')).toBeHidden();
  await page.screenshot({ path: '/tmp/div-f-narrow.png' });
  await tabs.getByRole('tab', { name: 'Archivos' }).click();
  await page.getByRole('navigation', { name: 'Archivos' }).getByRole('button', { name: 'style.css' }).click();
  await tabs.getByRole('tab', { name: 'Código' }).click();
  await expect(page.getByTestId('code-editor')).toHaveAttribute('data-path', 'style.css');
});

test('a stale save gets a clear conflict message and the text can be recovered on top of the latest version', async ({
  page,
  context,
}) => {
  await signIn(page, 'Conflicto');
  const id = await createSpace(page, 'Dos pestañas');
  const other = await context.newPage();
  await other.goto(`/space/${id}`);
  await expect(other.getByTestId('code-editor')).toBeVisible({ timeout: 30_000 });

  // The other tab saves first.
  await openFile(other, 'style.css');
  await replaceCode(other, 'body { color: rgb(9, 9, 9); }');
  await expect(other.getByTestId('save-status')).toHaveText('Guardado');

  // This tab still has the old revision: its save is refused, nothing is overwritten.
  await openFile(page, 'script.js');
  await replaceCode(page, "console.log('mi cambio');");
  await expect(page.getByText('Este proyecto cambió en otra pestaña o dispositivo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recuperar borrador' })).toBeVisible();
  await openFile(page, 'style.css');
  await expect(page.locator('.cm-content')).toContainText('rgb(9, 9, 9)');

  await page.getByRole('button', { name: 'Recuperar borrador' }).click();
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');
  await page.reload();
  await openFile(page, 'script.js');
  await expect(page.locator('.cm-content')).toContainText("console.log('mi cambio');");
  await openFile(page, 'style.css');
  await expect(page.locator('.cm-content')).toContainText('rgb(9, 9, 9)');
});
