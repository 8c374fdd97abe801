import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { createSpace, openFile, openTools, preview, replaceCode } from './fixtures/editor';
import { signIn } from './fixtures/sign-in';

/**
 * Share and remix (issue 25): the owner makes a multi-file space public from "Compartir", another
 * person opens the link read-only and remixes it into a space of their own that opens with every
 * file and a working preview; the owner sees the remix count; private again, the link shows nothing.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function openShare(page: Page) {
  await openTools(page);
  await page.getByRole('button', { name: 'Compartir' }).click();
  await expect(page.getByRole('dialog', { name: 'Compartir proyecto' })).toBeVisible();
}

test('share a space by link, remix it as someone else with every file, see the count, make it private', async ({ browser }) => {
  const owner = await browser.newPage();
  await signIn(owner, 'Ana');
  await createSpace(owner, 'Panadería Sol');
  await replaceCode(
    owner,
    '<!DOCTYPE html><html><head><link rel="stylesheet" href="style.css"></head><body><h1 class="titulo">Pan del día</h1><button id="saludo" hidden></button><p id="mensaje"></p><script src="script.js"></script></body></html>',
  );
  await openFile(owner, 'style.css');
  await replaceCode(owner, '.titulo { color: rgb(200, 30, 60); }');
  await expect(preview(owner).getByRole('heading', { name: 'Pan del día' })).toHaveCSS('color', 'rgb(200, 30, 60)');
  await expect(owner.getByTestId('save-status')).toHaveText('Guardado');

  await openShare(owner);
  const dialog = owner.getByRole('dialog', { name: 'Compartir proyecto' });
  await expect(dialog.getByText('El enlace solo funciona mientras')).toBeVisible();
  const makePublic = dialog.getByRole('switch', { name: 'Cualquiera con el enlace puede verlo y remixarlo' });
  await makePublic.click();
  await expect(makePublic).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByText('El enlace solo funciona mientras')).toHaveCount(0);
  for (const theme of ['light', 'dark']) {
    await owner.emulateMedia({ colorScheme: theme as 'light' | 'dark' });
    expect(await seriousViolations(owner, '[role="dialog"]')).toEqual([]);
  }
  const link = await dialog.getByLabel('Enlace para compartir').inputValue();
  expect(link).toMatch(/\/share\/[^/]+$/);
  await owner.keyboard.press('Escape');

  // Someone signed out sees the read-only view; remixing asks them to sign in first.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Panadería Sol' })).toBeVisible();
  await expect(visitor.frameLocator('iframe[title="Vista previa"]').getByRole('heading', { name: 'Pan del día' })).toBeVisible();
  await visitor.getByRole('navigation', { name: 'Archivos' }).getByRole('button', { name: 'style.css' }).click();
  await expect(visitor.getByTestId('shared-code')).toContainText('rgb(200, 30, 60)');
  for (const theme of ['light', 'dark']) {
    await visitor.emulateMedia({ colorScheme: theme as 'light' | 'dark' });
    expect(await seriousViolations(visitor, 'main')).toEqual([]);
  }
  await visitor.getByRole('button', { name: 'Remixar' }).click();
  await expect(visitor).toHaveURL(/\/login$/);
  await visitorContext.close();

  // Bruno, signed in, remixes it: a new space of his with every file and a working preview.
  const brunoContext = await browser.newContext();
  const bruno = await brunoContext.newPage();
  await signIn(bruno, 'Bruno');
  await bruno.goto(link);
  await bruno.getByRole('button', { name: 'Remixar' }).click();
  await expect(bruno.getByText('Contenido del remix cargado.')).toBeVisible();
  await expect(bruno).toHaveURL(/\/space\/[^/?]+$/);
  await expect(bruno.getByRole('heading', { name: 'Panadería Sol (remix)' })).toBeVisible();
  await expect(bruno.getByTestId('remixed-from')).toHaveText('Remix de Panadería Sol');
  await expect(preview(bruno).getByRole('heading', { name: 'Pan del día' })).toHaveCSS('color', 'rgb(200, 30, 60)');
  const files = bruno.getByRole('navigation', { name: 'Archivos' }).getByRole('list').first().getByRole('button');
  await expect(files).toHaveText(['index.html', 'style.css', 'script.js']);
  await bruno.goto('/spaces');
  await expect(bruno.getByTestId('space-card')).toHaveText(/Panadería Sol \(remix\)/);

  // The owner sees the count; private again, the link shows nothing.
  await owner.reload();
  await openShare(owner);
  await expect(owner.getByTestId('remix-count')).toHaveText('Remixado 1 vez');
  await owner.getByRole('switch', { name: 'Cualquiera con el enlace puede verlo y remixarlo' }).click();
  await expect(owner.getByRole('switch', { name: 'Cualquiera con el enlace puede verlo y remixarlo' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await bruno.goto(link);
  await expect(bruno.getByText('Este proyecto no existe o no está compartido.')).toBeVisible();
  await brunoContext.close();
});

test('?remix= in the editor remixes that space into a new one and drops the parameter', async ({ page }) => {
  await signIn(page, 'Remezcla');
  const source = await createSpace(page, 'Original');
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');
  await page.goto(`/space/${source}?remix=${source}`);
  await expect(page.getByText('Contenido del remix cargado.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Original (remix)' })).toBeVisible();
  await expect(page).toHaveURL(/\/space\/[^/?]+$/);
  expect(page.url()).not.toContain(source);
  await expect(preview(page).getByRole('heading', { name: 'Tu sitio empieza aquí' })).toBeVisible();

  await page.goto(`/space/${source}?remix=no-existe`);
  await expect(page.getByText('No se pudo cargar el contenido del remix.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/space/${source}$`));
});
