import { expect, type Page, test } from '@playwright/test';
import { sessionToken, signIn } from './fixtures/sign-in';

/**
 * AI generation with the local composer (the e2e server has no AI key): describe a site and watch it
 * stream in, ask for a colour change and see only that change, stop a generation and keep the
 * previous version, reach the free limit and see the PRO upsell.
 */
test.describe.configure({ timeout: 240_000 });
// Run with E2E_COMPOSER_PACE=3000 (see playwright.config.ts) for a stream slow enough to watch and stop
// midway; at the default pace the stop lands before the first code arrives, which keeps the test valid.

const preview = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');

async function createSpace(page: Page, name: string) {
  await page.goto('/spaces');
  await page.getByLabel('Nombre del proyecto').fill(name);
  await page.getByLabel('Nombre del proyecto').press('Enter');
  await expect(page).toHaveURL(/\/space\/[^/?]+$/);
  await expect(page.getByTestId('code-editor')).toBeVisible({ timeout: 20_000 });
  return page.url().split('/space/')[1] ?? '';
}

async function spaceFiles(page: Page, spaceId: string) {
  const token = await sessionToken(page);
  const response = await page.request.get(`/api/spaces/${spaceId}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as {
    files: { id: string; content: string }[];
    versions: { id: string; prompt: string | null }[];
  };
  return { files: Object.fromEntries(body.files.map((f) => [f.id, f.content])), versions: body.versions };
}

function changedLines(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  let n = Math.abs(a.length - b.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) n++;
  return n;
}

const prompt = (page: Page) => page.getByLabel('Describe tu sitio o el cambio que quieres');

test('describe a site, change a colour, stop a generation, reach the free limit', async ({ page }) => {
  await signIn(page, 'Generadora');
  const spaceId = await createSpace(page, 'Café Aurora');

  // Blank prompts cannot be sent.
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();

  // 1. A new site streams into the preview.
  // At the default pace the whole site takes about a second, less than a busy machine may take to
  // poll for an element, so what appears while it streams is recorded by the page itself.
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { seenWhileStreaming: Set<string> }).seenWhileStreaming = seen;
    const look = () => {
      for (const id of ['generation-status', 'streaming-preview']) {
        const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
        if (el && el.getClientRects().length > 0 && getComputedStyle(el).visibility === 'visible') seen.add(id);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await prompt(page).fill('Una web para una cafetería llamada Café Aurora con menú, galería y contacto');
  await prompt(page).press('Enter');
  await expect(prompt(page)).toBeDisabled();
  await expect(page.getByText('DIV ha terminado tu sitio')).toBeVisible({ timeout: 30_000 });
  // The status showed during the generation, and so did the streamed preview once the page's styles
  // were whole (ADR 0173).
  const seen = await page.evaluate(() => [...(window as unknown as { seenWhileStreaming: Set<string> }).seenWhileStreaming]);
  expect(seen.sort()).toEqual(['generation-status', 'streaming-preview']);
  await expect(prompt(page)).toHaveValue('');
  await expect(preview(page).getByText('Café Aurora').first()).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: '/tmp/div-gen-done.png' });
  const first = await spaceFiles(page, spaceId);
  expect(first.versions).toHaveLength(2);

  // 2. A colour change lands as exactly that change, highlighted in the editor.
  await prompt(page).fill('Cambia el color principal a verde');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('DIV ha terminado tu sitio').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await spaceFiles(page, spaceId)).versions.length, { timeout: 10_000 }).toBe(3);
  const second = await spaceFiles(page, spaceId);
  const changed = Object.keys(second.files).filter((path) => second.files[path] !== first.files[path]);
  expect(changed.length).toBeGreaterThan(0);
  let total = 0;
  for (const path of changed) total += changedLines(first.files[path] ?? '', second.files[path] ?? '');
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(12);
  expect(second.files['index.html']).toBe(first.files['index.html']);
  await page.getByRole('navigation', { name: 'Archivos' }).getByRole('button', { name: changed[0] }).click();
  await expect(page.locator('.cm-div-updated').first()).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: '/tmp/div-gen-highlight.png' });
  // The rest runs in the dark theme (the bar, the settings and the upsell must read well there too).
  await page.getByRole('button', { name: 'Oscuro' }).click();
  await page.getByRole('button', { name: 'Ajustes de IA' }).click();
  await expect(page.getByLabel('Modelo')).toHaveValue('div-local-composer');
  await page.screenshot({ path: '/tmp/div-gen-dark-settings.png' });
  await page.keyboard.press('Escape');

  // 3. Stopping a generation midway keeps the previous version.
  await prompt(page).fill('Crea una web nueva para un estudio de yoga llamado Loto Azul con horarios y precios');
  await prompt(page).press('Enter');
  // Pressed as soon as it shows: at the default pace the whole site takes about two seconds, and the
  // button is re-rendered as the phase moves from sending to streaming.
  await page.getByRole('button', { name: 'Detener generación' }).dispatchEvent('click');
  await expect(page.getByText('Generación detenida')).toBeVisible();
  await expect(prompt(page)).toBeEnabled();
  await page.screenshot({ path: '/tmp/div-gen-stopped.png' });
  await expect(preview(page).getByText('Café Aurora').first()).toBeVisible({ timeout: 10_000 });
  const third = await spaceFiles(page, spaceId);
  expect(third.versions).toHaveLength(3);
  expect(third.files).toEqual(second.files);

  // 4. The free limit: the remaining messages are used through the same API (short follow-ups), then the UI shows PRO.
  const token = await sessionToken(page);
  const profile = async () =>
    (await (await page.request.get('/api/user/profile', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      messagesUsed: number;
      messagesLimit: number;
    };
  const start = await profile();
  expect(start.messagesUsed).toBe(2);
  const colours = ['rojo', 'azul', 'naranja', 'morado'];
  for (let i = start.messagesUsed; i < start.messagesLimit; i++) {
    const answer = await page.request.post('/api/ask-ai/generate-separate-files', {
      headers: { authorization: `Bearer ${token}` },
      data: { prompt: `Cambia el color principal a ${colours[i % colours.length]}`, spaceId },
    });
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain('"type":"done"');
  }
  expect((await profile()).messagesUsed).toBe(start.messagesLimit);
  await prompt(page).fill('Cambia el título a Café Aurora Norte');
  await prompt(page).press('Enter');
  const upsell = page.getByTestId('pro-dialog');
  await expect(upsell).toBeVisible();
  // The upsell explains this refusal and names the cheapest plan that lifts it, at its catalogue price (ADR 0185).
  await expect(upsell).toContainText('Has usado los 100 mensajes de este mes de tu plan Gratis.');
  await expect(upsell).toContainText('Mejora al plan Pequeño');
  await expect(upsell).toContainText('$10/mes');
  await page.screenshot({ path: '/tmp/div-gen-pro.png' });
  await upsell.getByRole('link', { name: 'Comparar todos los planes' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});
