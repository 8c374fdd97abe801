import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { createSpace, preview } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

// Issue 40, the Revisión's browser checks (ADR 0243): axe-core in every page's own sandboxed frame,
// in light and in the site's dark scheme, the page's console errors and its overflow at 390 px; a
// finding without a line outlines its element in the preview; "Corregir con IA" goes to the model.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const HEAD =
  '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="style.css">';
const SITE = [
  {
    path: 'index.html',
    content: `<!DOCTYPE html>
<html lang="es">
<head>${HEAD}<title>Taller Brisa</title><meta name="description" content="Reparamos bicicletas en Cádiz."></head>
<body>
<header><h1>Taller Brisa</h1><nav><a href="servicios.html">Servicios</a></nav></header>
<main>
<p class="tenue">Abrimos de lunes a sábado.</p>
<button type="button" class="menu"></button>
</main>
<script>console.error('Fallo de prueba en la consola');</script>
</body>
</html>
`,
  },
  {
    path: 'servicios.html',
    content: `<!DOCTYPE html>
<html lang="es">
<head>${HEAD}<title>Servicios · Taller Brisa</title><meta name="description" content="Lo que reparamos."></head>
<body>
<header><h1>Servicios</h1><nav><a href="index.html">Inicio</a></nav></header>
<main>
<p>Revisión completa y ajuste de frenos.</p>
<div class="tabla-ancha">Tarifas por modelo y año</div>
</main>
</body>
</html>
`,
  },
  {
    path: 'style.css',
    content: `body { font-family: sans-serif; margin: 0; background: #ffffff; color: #1f2937; }
.tabla-ancha { width: 640px; padding: 8px; background: #f3f4f6; }
@media (prefers-color-scheme: dark) {
  body { background: #111827; color: #f9fafb; }
  a { color: #93c5fd; }
  .tabla-ancha { background: #1f2937; }
  .tenue { color: #374151; }
}
`,
  },
];

async function seed(page: Page, spaceId: string) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const { revision } = await (await page.request.get(`/api/spaces/${spaceId}`, { headers })).json();
  const saved = await page.request.put(`/api/spaces/${spaceId}/files`, {
    headers,
    data: { revision, files: SITE, replaceAll: true },
  });
  expect(saved.status()).toBe(200);
}

/** The outline the preview draws over a finding's element surrounds that element. */
async function outlines(page: Page, selector: string) {
  const frame = preview(page);
  const mark = frame.locator('[data-div-highlight]');
  await expect(mark).toBeVisible();
  const [box, target] = await Promise.all([mark.boundingBox(), frame.locator(selector).boundingBox()]);
  expect(box && target).toBeTruthy();
  if (!box || !target) return;
  expect(Math.abs(box.x - target.x)).toBeLessThan(4);
  expect(Math.abs(box.y - target.y)).toBeLessThan(4);
  // Its 2 px border is drawn around the element's box.
  expect(box.width - target.width).toBeGreaterThanOrEqual(0);
  expect(box.width - target.width).toBeLessThan(8);
}

test('browser checks: axe in light and dark, a console error, overflow at 390 px; a finding outlines its element; "Corregir con IA" shows the refusal', async ({
  page,
}) => {
  await signIn(page, 'Revisora del navegador');
  const spaceId = await createSpace(page, 'Taller Brisa');
  await seed(page, spaceId);
  await page.reload();
  await expect(page.getByTestId('code-editor')).toBeVisible();

  await page.getByTestId('checks-button').click();
  const panel = page.getByRole('dialog', { name: 'Revisión' });
  await expect(panel.getByTestId('checks-browser-status')).toHaveText('Revisión en el navegador terminada', {
    timeout: 120_000,
  });
  // The frames the pages were checked in are gone once the check ends.
  await expect(page.getByTestId('checks-frame')).toHaveCount(0);

  const errors = panel.getByRole('region', { name: /^Errores/ });
  // axe: the unnamed button (critical: an error), in Spanish, on its page.
  const unnamed = errors.locator('[data-rule="axe"]', { hasText: '[button-name]' });
  await expect(unnamed).toHaveCount(1);
  await expect(unnamed).toContainText('Los botones deben tener texto discernible');
  // axe in the dark scheme only: the dim paragraph passes in light and fails in dark.
  await expect(errors.locator('[data-rule="axe"]', { hasText: '(tema oscuro)' })).toContainText('Abrimos de lunes a sábado.');
  await expect(errors.locator('[data-rule="axe"]', { hasText: '[color-contrast]' })).toHaveCount(1);
  // The page's console.error.
  await expect(errors.locator('[data-rule="console-error"]')).toContainText('Fallo de prueba en la consola');
  // The overflow at 390 px of the second page, named by its element.
  const overflow = panel.locator('[data-rule="overflow"]');
  await expect(overflow).toHaveCount(1);
  await expect(overflow).toContainText('tabla-ancha');
  // The score counts the browser's findings with the server's (the header's and the panel's agree).
  const scores = await page.getByTestId('checks-score').allTextContents();
  const shown = scores.map((text) => Number(/(\d+)$/.exec(text.trim())?.[1]));
  expect(shown).toHaveLength(2);
  expect(shown[0]).toBe(shown[1]);
  expect(shown[0]).toBeLessThanOrEqual(100 - 3 * 12 - 4);

  // The panel itself is clean under axe, in both themes.
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(page, '[data-testid="checks-panel"]')).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The overflow opens its page in the preview, at a phone's width, and outlines the wide element.
  await overflow.click();
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('preview-frame-box')).toHaveAttribute('data-device', 'mobile');
  await expect(preview(page).getByText('Tarifas por modelo y año')).toBeVisible();
  await outlines(page, '.tabla-ancha');

  // The unnamed button, on the home page, by keyboard.
  await page.getByTestId('checks-button').click();
  await expect(panel.getByTestId('checks-browser-status')).toHaveText('Revisión en el navegador terminada', {
    timeout: 120_000,
  });
  await unnamed.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expect(preview(page).getByText('Abrimos de lunes a sábado.')).toBeVisible();
  await outlines(page, 'button.menu');

  // "Corregir con IA": what the fixes cannot repair goes to the model through the prompt bar.
  await page.getByTestId('checks-button').click();
  await expect(panel.getByTestId('checks-browser-status')).toHaveText('Revisión en el navegador terminada', {
    timeout: 120_000,
  });
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const used = async () => (await (await page.request.get('/api/user/profile', { headers })).json()).messagesUsed as number;
  const usedBefore = await used();
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/ask-ai/generate-separate-files') && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/ask-ai/generate-separate-files'));
  await panel.getByRole('button', { name: 'Corregir con IA' }).click();
  await expect(panel).toBeHidden();
  const prompt: string = (await asked).postDataJSON().prompt;
  expect(prompt).toMatch(/^Corrige estos problemas que encontró la revisión/);
  expect(prompt).toContain('- index.html (elemento button): Los botones deben tener texto discernible');
  expect(prompt).toContain('Fallo de prueba en la consola');
  expect(prompt).toMatch(/- servicios\.html \(elemento [^)]+\): A 390 px de ancho .*tabla-ancha/);
  await expect(page.locator('#prompt-input')).toHaveValue(prompt);
  expect(prompt).not.toContain('[button-name]');
  // Without a model the local composer answers; it refuses this request, and its refusal is shown,
  // with nothing charged (the generation path's rule: a message only when the answer lands).
  // (Refused before anything streamed, the answer is a plain 4xx; after, an 'error' event of the stream.)
  const response = await answered;
  const body = await response.text();
  const refusal: string = response.ok()
    ? (body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; message?: string })
        .find((event) => event.type === 'error')?.message ?? '')
    : JSON.parse(body).message;
  expect(refusal.length).toBeGreaterThan(10);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: refusal })).toBeVisible();
  expect(await used()).toBe(usedBefore);
});
