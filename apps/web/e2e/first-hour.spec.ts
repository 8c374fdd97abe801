import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { createSpace, preview, replaceCode } from './fixtures/editor';
import { continueWithProvider, sessionToken, signIn } from './fixtures/sign-in';

// A new person's first hour (issue 22): each test walks one rough edge as a person would.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Every control whose centre is on screen but under the cookie banner, as "tag: text" lines. */
async function controlsUnderCookieBanner(page: Page) {
  return page.evaluate(() => {
    const banner = document.querySelector('[role="dialog"][aria-labelledby]');
    if (!banner) throw new Error('no cookie banner');
    const covered: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('a[href], button, input, textarea, select, [tabindex="0"]')) {
      if (banner.contains(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && banner.contains(top))
        covered.push(`${element.tagName}: ${element.textContent?.trim() || element.getAttribute('aria-label')}`);
    }
    return covered;
  });
}

test.describe('"Comenzar gratis" signed out leads to sign-in, then to the projects', () => {
  for (const where of ['top bar', 'hero', 'free plan'] as const) {
    test(`from the ${where}`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.addInitScript(() => localStorage.setItem('div_cookie_consent', 'false'));
      if (where === 'free plan') {
        await page.goto('/pricing');
        await page.locator('article[data-plan="free"]').getByRole('button', { name: 'Comenzar gratis' }).click();
      } else {
        await page.goto('/');
        const scope = where === 'top bar' ? page.getByRole('navigation').first() : page.locator('main');
        await scope.getByRole('link', { name: 'Comenzar gratis' }).first().click();
      }
      await expect(page).toHaveURL(/\/login$/);
      await continueWithProvider(page, 'Nueva');
      await expect(page).toHaveURL(/\/spaces$/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Tus proyectos' })).toBeVisible({ timeout: 30_000 });
    });
  }
});

test.describe('the cookie card never covers a control', () => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`editor and projects at ${size.width}x${size.height}`, async ({ page, context }) => {
      await page.setViewportSize(size);
      await signIn(page, 'Galletas');
      const id = await createSpace(page, 'Sitio con galletas');
      // A second tab without the sign-in helper's stored choice: the card shows as for a new person.
      const fresh = await context.newPage();
      await fresh.setViewportSize(size);
      await fresh.goto('/spaces');
      await fresh.evaluate(() => localStorage.removeItem('div_cookie_consent'));
      await fresh.goto(`/space/${id}`);
      await expect(fresh.getByRole('dialog', { name: 'Usamos cookies' })).toBeVisible();
      // The editor is up: at 390 it opens on the preview (issue 43), wider it shows the code too.
      await expect(fresh.getByTestId('code-editor')).toBeAttached({ timeout: 30_000 });
      await expect(fresh.getByTestId('preview-frame')).toBeVisible({ timeout: 30_000 });
      const send = fresh.getByRole('button', { name: 'Enviar' });
      await expect(send).toBeInViewport();
      expect(await controlsUnderCookieBanner(fresh)).toEqual([]);
      await fresh.screenshot({ path: `/tmp/div-22-cookie-editor-${size.width}.png` });

      // A page that scrolls keeps room below its end: its last controls come out from under the card.
      await fresh.goto('/spaces');
      await expect(fresh.getByRole('heading', { name: 'Tus proyectos' })).toBeVisible();
      await expect(fresh.getByRole('contentinfo')).toBeAttached();
      await fresh.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await fresh.waitForTimeout(200);
      expect(await controlsUnderCookieBanner(fresh)).toEqual([]);
    });
  }
});

test('the code editor lets Tab move focus unless "Tab indenta" is on, and says so', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Teclado');
  await createSpace(page, 'Sitio de teclado');
  const code = page.locator('.cm-content');
  const text = () => code.evaluate((element) => element.textContent ?? '');
  const focusInEditor = () => page.evaluate(() => Boolean(document.activeElement?.closest('.cm-editor')));
  const before = await text();

  await expect(page.getByText('Tab pasa al siguiente control.')).toBeVisible();
  await code.click();
  await page.keyboard.press('Tab');
  expect(await focusInEditor()).toBe(false);
  expect(await text()).toBe(before);

  const toggle = page.getByRole('switch', { name: 'Tab indenta' });
  await toggle.check();
  await expect(page.getByText(/Tab indenta\. Para salir del editor con el teclado: Ctrl-M, o Esc y luego Tab\./)).toBeVisible();
  await page.locator('.cm-line').first().click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Tab');
  expect(await focusInEditor()).toBe(true);
  await expect.poll(text).not.toBe(before);

  // Esc, then Tab leaves.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  expect(await focusInEditor()).toBe(false);
  // Ctrl-M, then Tab leaves.
  await code.click();
  await page.keyboard.press('Control+m');
  await page.keyboard.press('Tab');
  expect(await focusInEditor()).toBe(false);

  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Tab indenta' })).toBeChecked({ timeout: 30_000 });
});

test('a refused subdomain in settings is explained once', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Subdominio');
  await createSpace(page, 'Sitio con subdominio');
  await page.goto('/settings');
  const field = page.getByLabel('Subdominio', { exact: true });
  for (const [slug, message] of [
    ['www', 'Ese subdominio está reservado. Elige otro.'],
    ['no_vale', 'solo puede tener letras, números y guiones'],
  ] as const) {
    await field.fill(slug);
    // Typed: the rule shows under the field, once.
    await expect(page.getByText(message)).toHaveCount(1);
    // Sent anyway: the server says the same, and it still shows once, as the alert.
    await page.getByRole('button', { name: 'Guardar subdominio' }).click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page.getByText(message)).toHaveCount(1);
  }
});

test("a page's own error is told in the interface's language", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Errores');
  await createSpace(page, 'Sitio con una imagen rota');
  await replaceCode(
    page,
    '<!DOCTYPE html><html><head></head><body><h1>Con imagen rota</h1><img src="no-existe.png" alt="Rota"><button id="saludo" hidden></button><p id="mensaje"></p><script src="script.js"></script></body></html>',
  );
  await expect(preview(page).getByRole('heading', { name: 'Con imagen rota' })).toBeVisible();
  await expect(page.getByText('No se pudo cargar un elemento <img> de la página')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Solucionar problema' })).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');

  await page.evaluate(() => localStorage.setItem('div_language', 'en'));
  await page.reload();
  await expect(page.getByText('A <img> element of the page did not load')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Fix problem' })).toBeVisible();
  await expect(page.getByText(/No se pudo cargar/)).toHaveCount(0);
});

test.describe("the floating tools button leaves the panel tabs and the page's own menu button uncovered", () => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width}x${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'Herramientas');
      await createSpace(page, `Sitio con menú ${size.width}`);
      await replaceCode(
        page,
        // A top bar as sites draw it: the brand on the left, the menu button in the top right corner.
        '<!DOCTYPE html><html><head><style>header{position:fixed;inset:0 0 auto 0;height:56px;background:#fff}' +
          '#menu{position:absolute;top:8px;right:12px;width:40px;height:40px}</style></head>' +
          '<body><header><b>Clínica</b><button id="menu">Menú</button></header><h1>Fisioterapia</h1></body></html>',
      );
      const narrow = size.width < 768;
      if (narrow) await page.getByRole('tab', { name: 'Vista previa' }).click();
      // The page's script error is told in a toast that, however tall, leaves the top bar, the editor's
      // title row, the tabs, the preview's "Editar" and every other control clear.
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Hay un error' });
      await expect(toast).toBeVisible();
      // Once its entrance has played (it slides in), the toast covers none of them.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const told = document.querySelector('[data-sonner-toast]')?.getBoundingClientRect();
              if (!told) return ['sin aviso'];
              const under: string[] = [];
              const bar = document.querySelector('header')?.getBoundingClientRect();
              const overlapping = (b: DOMRect) =>
                told.left < b.right && b.left < told.right && told.top < b.bottom && b.top < told.bottom;
              if (bar && overlapping(bar)) under.push('barra superior');
              for (const control of document.querySelectorAll<HTMLElement>(
                'a[href], button, input, textarea, select, [role="tab"], [tabindex="0"]',
              )) {
                const box = control.getBoundingClientRect();
                if (box.width === 0 || box.height === 0 || control.closest('[data-sonner-toaster]')) continue;
                if (overlapping(box))
                  under.push(`${control.tagName}: ${control.textContent?.trim() || control.getAttribute('aria-label')}`);
              }
              return under;
            }),
          { timeout: 2500 },
        )
        .toEqual([]);
      // Its text is readable in both themes (Sonner's own light-theme red was 4.34:1).
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await seriousViolations(page, '[data-sonner-toaster]')).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(preview(page).getByRole('button', { name: 'Menú' })).toBeVisible();
      const tools = page.getByTestId('tools-button');
      await expect(tools).toBeVisible();
      const menu = await preview(page).getByRole('button', { name: 'Menú' }).boundingBox();
      const box = await tools.boundingBox();
      if (!menu || !box) throw new Error('no boxes');
      // Playwright gives an element's box inside the frame in the page's coordinates.
      const covered: string[] = [];
      const overlaps = (other: { x: number; y: number; width: number; height: number }) =>
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height;
      if (overlaps(menu)) covered.push('menú de la página');
      if (narrow) {
        for (const name of ['Archivos', 'Código', 'Vista previa']) {
          const tab = await page.getByRole('tab', { name }).boundingBox();
          if (tab && overlaps(tab)) covered.push(`pestaña ${name}`);
        }
      }
      expect(covered).toEqual([]);
      await page.screenshot({ path: `/tmp/walk-tools-${size.width}.png` });
      await tools.click();
      await expect(page.getByRole('dialog', { name: 'Herramientas de vista' })).toBeVisible();
      // Every device button has room for its name and size.
      for (const device of await page.locator('[data-device]').all()) {
        const fits = await device.evaluate((el) => el.scrollWidth <= el.clientWidth && el.clientWidth >= 88);
        expect(fits, `${await device.getAttribute('data-device')} fits`).toBe(true);
      }
    });
  }
});

test('at 390x844 the subdomain field in settings keeps room to type, clear of its suffix and button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'Subdominio móvil');
  await createSpace(page, 'Sitio estrecho');
  await page.goto('/settings');
  const field = page.getByLabel('Subdominio', { exact: true });
  await field.scrollIntoViewIfNeeded();
  await expect(field).toBeVisible();
  const suffix = page.getByText(/^\.localhost:\d+$/);
  const save = page.getByRole('button', { name: 'Guardar subdominio' });
  const [fieldBox, suffixBox, saveBox] = await Promise.all([field.boundingBox(), suffix.boundingBox(), save.boundingBox()]);
  if (!fieldBox || !suffixBox || !saveBox) throw new Error('no boxes');
  await page.screenshot({ path: '/tmp/walk-subdomain-390.png' });
  expect(fieldBox.width).toBeGreaterThanOrEqual(120);
  // The suffix ends before the button starts, or the button is on a line of its own.
  expect(suffixBox.x + suffixBox.width <= saveBox.x || saveBox.y >= suffixBox.y + suffixBox.height).toBe(true);
  expect(saveBox.x + saveBox.width).toBeLessThanOrEqual(390);
  await field.fill('clinica-estrecha');
  await save.click();
  await expect(page.getByTestId('site-address')).toHaveText(/^clinica-estrecha\.localhost:\d+$/);
});

test("the forms inbox names a site's usual English fields in Spanish, and keeps any other name as sent", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Bandeja');
  const spaceId = await createSpace(page, 'Clínica con formulario');
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const answer = await page.request.get(`/api/spaces/${spaceId}/forms/preview-token`, { headers });
  expect(answer.status()).toBe(200);
  const { token } = (await answer.json()) as { token: string };
  const sent = await page.request.post(`/preview/forms/contacto?token=${encodeURIComponent(token)}`, {
    form: {
      name: 'Carlos Pérez',
      email: 'carlos@example.com',
      phone: '600111222',
      message: 'Quiero pedir cita',
      plan_elegido: 'Bono 5',
      _div_page: '/',
    },
  });
  expect(sent.status()).toBe(200);
  await page.goto(`/space/${spaceId}/forms`);
  const item = page.getByTestId('submission');
  await expect(item).toHaveCount(1);
  await expect(item.locator('dt')).toHaveText(['Nombre', 'Correo electrónico', 'Teléfono', 'Mensaje', 'plan_elegido']);
  await expect(item.locator('dd')).toHaveText(['Carlos Pérez', 'carlos@example.com', '600111222', 'Quiero pedir cita', 'Bono 5']);
});

test('at 390x844 the editor opens on the site, shows it after a generation, and the code is one tap away', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'Móvil');
  await createSpace(page, 'Fisioterapia en el móvil');
  // A phone opens on the site, not on its code (issue 43).
  await expect(page.getByRole('tab', { name: 'Vista previa' })).toHaveAttribute('aria-selected', 'true');
  await page
    .locator('#prompt-input')
    .fill('Una web para Fisioterapia Turia, una clínica de fisioterapia en Valencia, con teléfono 963 123 456');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('DIV ha terminado tu sitio')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('tab', { name: 'Vista previa' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('preview-frame')).toBeInViewport();
  await expect(preview(page).getByRole('heading', { level: 1 })).toContainText('Fisioterapia Turia');
  // The code is one tap away, as before.
  await page.getByRole('tab', { name: 'Código' }).click();
  await expect(page.getByTestId('code-editor')).toBeVisible();
});
