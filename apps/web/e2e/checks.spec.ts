import { expect as baseExpect, test } from '@playwright/test';
import { createSpace } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

// Issue 40: the "Revisión" walk — generate, open the check, jump to a finding, fix all, undo,
// publish with a warning (at once), and with an error (after the question).
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('generate, open Revisión, jump to a finding, fix all, undo, publish with a warning', async ({ page }) => {
  await signIn(page, 'Revisora');
  const spaceId = await createSpace(page, 'Panadería revisada');
  await page
    .locator('#prompt-input')
    .fill('Una web para la panadería La Espiga en Sevilla, con opiniones de clientes y nuestro equipo. Teléfono 954 123 456');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('DIV ha terminado tu sitio')).toBeVisible({ timeout: 90_000 });

  // The score sits in the header; the panel lists the findings by severity and page.
  await expect(page.getByTestId('checks-score')).toBeVisible();
  await page.getByTestId('checks-button').click();
  const panel = page.getByRole('dialog', { name: 'Revisión' });
  await expect(panel).toBeVisible();
  const findings = panel.getByTestId('checks-finding');
  // The browser checks of the preview (ADR 0243) add theirs once they end.
  const browserDone = () =>
    expect(panel.getByTestId('checks-browser-status')).toHaveText('Revisión en el navegador terminada', { timeout: 120_000 });
  await browserDone();
  await expect(findings.first()).toBeVisible();
  const before = await findings.count();
  await expect(panel.getByRole('heading', { name: /^Avisos \(\d+\)$/ })).toBeVisible();

  // A finding opens its file at its line (keyboard: Enter on the focused finding).
  const first = findings.filter({ hasText: /línea \d+/ }).first();
  const line = Number(/línea (\d+)/.exec((await first.textContent()) ?? '')?.[1]);
  expect(line).toBeGreaterThan(0);
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('code-editor')).toHaveAttribute('data-path', 'index.html');
  await expect(page.locator('.cm-activeLineGutter')).toHaveText(String(line));

  // Fix all: one version, fewer findings, none fixable left.
  await page.getByTestId('checks-button').click();
  await panel.getByRole('button', { name: /^Corregir todo \(\d+\)$/ }).click();
  await expect(page.getByText(/^Correcciones aplicadas: \d+$/)).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Corregir todo/ })).toHaveCount(0);
  await browserDone();
  const after = await findings.count();
  expect(after).toBeLessThan(before);

  // Undo in one step: the version before comes back, and so do its findings.
  await panel.getByRole('button', { name: 'Deshacer las correcciones' }).click();
  await expect(page.getByText('Versión restaurada')).toBeVisible();
  await expect(findings).toHaveCount(before);
  await page.keyboard.press('Escape');

  // A warning does not hold publishing back.
  await page.getByTestId('tools-button').click();
  const tools = page.getByRole('dialog', { name: 'Herramientas de Vista' });
  let deployed = page.waitForResponse((r) => r.url().endsWith('/api/deploy'));
  await tools.getByRole('button', { name: 'Publicar' }).click();
  expect((await deployed).status()).toBe(200);
  await expect(page.getByText('Sitio publicado', { exact: true }).first()).toBeVisible();

  // An error asks first, and "Publicar igualmente" publishes.
  const token = await sessionToken(page);
  const headers = { authorization: `Bearer ${token}` };
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
  await page.getByTestId('tools-button').click();
  await tools.getByRole('button', { name: 'Publicar' }).click();
  const question = page.getByRole('alertdialog', { name: 'La revisión encontró errores' });
  await expect(question).toBeVisible();
  await expect(question.getByTestId('publish-checks-summary')).toContainText('errores');
  deployed = page.waitForResponse((r) => r.url().endsWith('/api/deploy'));
  await question.getByRole('button', { name: 'Publicar igualmente' }).click();
  expect((await deployed).status()).toBe(200);
});
