import { expect, type Page, test } from '@playwright/test';
import { type FaultyApp, faults, page as goodPage, startFaultyApp } from './fixtures/scripted-upstream';
import { sessionToken, signIn } from './fixtures/sign-in';

/**
 * The AI upstream slow, failing or cutting its stream (issue 9): for each fault the prompt bar
 * leaves its thinking/coding state, a clear Spanish error shows, the prompt stays for a retry, the
 * message is given back, the previous version of the site is intact, and a retry once the upstream
 * answers again works. Runs against a second app instance whose upstream is scripted (ADR 0126).
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const aiPort = Number(process.env.E2E_PORT ?? 3100) + 1;
let app: FaultyApp;

test.use({ baseURL: `http://localhost:${aiPort}` });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  app = await startFaultyApp(aiPort);
});
test.afterAll(async () => {
  await app?.stop();
});

const prompt = (page: Page) => page.getByLabel('Describe tu sitio o el cambio que quieres');
const preview = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');

async function account(page: Page, spaceId: string) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const profile = (await (await page.request.get('/api/user/profile', { headers })).json()) as { messagesUsed: number };
  const space = (await (await page.request.get(`/api/spaces/${spaceId}`, { headers })).json()) as {
    files: { id: string; content: string }[];
    versions: unknown[];
  };
  return {
    messagesUsed: profile.messagesUsed,
    versions: space.versions.length,
    index: space.files.find((f) => f.id === 'index.html')?.content ?? '',
  };
}

/** Sends the prompt and waits until the bar is idle again (no "Pensando…", no "Escribiendo código…"). */
async function send(page: Page, text: string) {
  const asked = app.upstream.requests.length;
  await prompt(page).fill(text);
  await prompt(page).press('Enter');
  await idleAfterUpstreamAsked(page, asked);
}

/** The request reached the upstream, then the bar went back to idle (fast faults never show "Pensando…" long). */
async function idleAfterUpstreamAsked(page: Page, asked: number) {
  await expect.poll(() => app.upstream.requests.length, { timeout: 10_000 }).toBe(asked + 1);
  await expect(page.getByTestId('generation-status')).toBeHidden({ timeout: 20_000 });
  await expect(prompt(page)).toBeEnabled();
}

test('every upstream fault ends with a clear error, the message given back and a working retry', async ({ page }) => {
  await signIn(page, 'Fallos');
  await page.goto('/spaces');
  await page.getByLabel('Nombre del proyecto').fill('Panadería Trigo');
  await page.getByLabel('Nombre del proyecto').press('Enter');
  await expect(page).toHaveURL(/\/space\/[^/?]+$/);
  const spaceId = page.url().split('/space/')[1] ?? '';
  await expect(page.getByTestId('code-editor')).toBeVisible({ timeout: 20_000 });

  // A good answer first: the site that every fault must leave intact.
  app.upstream.enqueue(goodPage('Panadería Trigo'));
  await send(page, 'Una web para la panadería Trigo');
  await expect(page.getByText('DIV ha terminado tu sitio').first()).toBeVisible();
  await expect(preview(page).getByRole('heading', { name: 'Panadería Trigo' })).toBeVisible({ timeout: 10_000 });
  expect(app.upstream.requests.at(-1)?.body?.model).toBe('e2e/modelo-de-pruebas');

  const scenarios = [
    { name: 'slow first token, then a stall', script: faults.slowThenStall, error: 'El proveedor de IA dejó de responder.' },
    { name: 'a plan, then a stall', script: faults.thinkThenStall, error: 'El proveedor de IA dejó de responder.' },
    { name: 'no first token at all', script: faults.silent, error: 'El proveedor de IA dejó de responder.' },
    { name: 'HTTP 500', script: faults.serverError, error: 'El proveedor de IA no responde. Inténtalo de nuevo más tarde.' },
    {
      name: 'HTTP 429',
      script: faults.rateLimited,
      error: 'El proveedor de IA está recibiendo demasiadas solicitudes. Inténtalo de nuevo en unos segundos.',
    },
    { name: 'HTTP 401', script: faults.badKey, error: 'El proveedor de IA rechazó la clave configurada.' },
    {
      name: 'connection cut mid-stream',
      script: faults.cut,
      error: 'La respuesta de la IA se cortó antes de terminar (se perdió la conexión)',
    },
  ];
  let title = 'Panadería Trigo';
  for (const [i, scenario] of scenarios.entries()) {
    await test.step(scenario.name, async () => {
      const before = await account(page, spaceId);
      const text = `Cambia el título a Trigo ${i + 1}`;
      app.upstream.enqueue(scenario.script);
      await send(page, text);

      // A clear error, the prompt kept for a retry, the message given back, the site as it was.
      await expect(page.getByText(scenario.error).first()).toBeVisible();
      await expect(prompt(page)).toHaveValue(text);
      await expect(page).toHaveURL(new RegExp(`/space/${spaceId}$`));
      expect(await account(page, spaceId)).toEqual(before);
      await expect(preview(page).getByRole('heading', { name: title })).toBeVisible({ timeout: 10_000 });
      // No plan of the failed attempt and no half-streamed code left behind.
      await expect(page.getByTestId('thinking-panel')).toBeHidden();
      await expect(page.getByTestId('code-editor')).toContainText(`<h1>${title}</h1>`);
      await page.screenshot({ path: `/tmp/div-ai-fault-${i + 1}.png` });

      // The upstream recovers: sending the same prompt again works.
      title = `Trigo ${i + 1}`;
      app.upstream.enqueue(goodPage(title));
      const asked = app.upstream.requests.length;
      await page.getByRole('button', { name: 'Enviar' }).click();
      await idleAfterUpstreamAsked(page, asked);
      await expect(prompt(page)).toHaveValue('');
      await expect(preview(page).getByRole('heading', { name: title })).toBeVisible({ timeout: 10_000 });
      const after = await account(page, spaceId);
      expect(after.messagesUsed).toBe(before.messagesUsed + 1);
      expect(after.versions).toBe(before.versions + 1);
      expect(after.index).toContain(`<h1>${title}</h1>`);
    });
  }
  // Every upstream request the faults opened was closed (stalls included): nothing left hanging.
  await expect.poll(() => app.upstream.requests.every((r) => r.isClosed), { timeout: 5_000 }).toBe(true);
});
