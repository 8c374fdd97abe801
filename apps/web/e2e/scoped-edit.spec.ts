import { expect, type Page, test } from '@playwright/test';
import { formatEditBlocks, formatFileBlock } from '../../../packages/site-engine/src/protocol';
import { contentSteps } from '../../server/src/test/openai-server';
import { type FaultyApp, startFaultyApp } from './fixtures/scripted-upstream';
import { sessionToken, signIn } from './fixtures/sign-in';

/**
 * Scoped AI edits (issue 24, ADR 0201) against a second instance whose model answers are scripted
 * (ADR 0126): with a button selected, "cambia el color a rojo" answered with a rule for every button
 * is not applied until the person confirms it.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const aiPort = Number(process.env.E2E_PORT ?? 3100) + 20;
let app: FaultyApp;
test.use({ baseURL: `http://localhost:${aiPort}` });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  app = await startFaultyApp(aiPort);
});
test.afterAll(async () => {
  await app?.stop();
});

const HTML = `<!DOCTYPE html>
<html lang="es">
<head><meta charset="utf-8"><title>Taller Roble</title><link rel="stylesheet" href="style.css"></head>
<body>
  <h1>Taller Roble</h1>
  <a class="btn" id="presupuesto" href="#contacto">Pide presupuesto</a>
  <a class="btn" href="#obras">Ver obras</a>
</body>
</html>
`;
const CSS = `.btn { display: inline-block; padding: 1rem; background: #444; color: #fff; }\n`;
const prompt = (page: Page) => page.getByLabel('Describe tu sitio o el cambio que quieres');

async function files(page: Page, spaceId: string) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const space = await (await page.request.get(`/api/spaces/${spaceId}`, { headers })).json();
  const profile = await (await page.request.get('/api/user/profile', { headers })).json();
  return {
    css: (space.files as { id: string; content: string }[]).find((f) => f.id === 'style.css')?.content,
    html: (space.files as { id: string; content: string }[]).find((f) => f.id === 'index.html')?.content,
    versions: (space.versions as unknown[]).length,
    messagesUsed: profile.messagesUsed as number,
  };
}

test('an answer that reaches beyond the selected button asks before it is applied', async ({ page }) => {
  await signIn(page, 'Alcance');
  await page.goto('/spaces');
  await page.getByLabel('Nombre del proyecto').fill('Taller Roble');
  await page.getByLabel('Nombre del proyecto').press('Enter');
  await expect(page).toHaveURL(/\/space\/[^/?]+$/);
  const spaceId = page.url().split('/space/')[1] ?? '';
  await expect(page.getByTestId('code-editor')).toBeVisible({ timeout: 30_000 });

  app.upstream.enqueue({
    steps: contentSteps(`${formatFileBlock('index.html', HTML)}\n${formatFileBlock('style.css', CSS)}`, 8),
  });
  await prompt(page).fill('Web de una carpintería');
  await prompt(page).press('Enter');
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await expect(frame.getByRole('link', { name: 'Pide presupuesto' })).toBeVisible({ timeout: 30_000 });

  // Select the first button with the inspector and hand it to the prompt.
  await page.getByTestId('tools-button').click();
  await page.getByRole('dialog', { name: 'Herramientas de vista' }).getByRole('button', { name: 'Inspector' }).click();
  await frame.getByRole('link', { name: 'Pide presupuesto' }).click();
  await expect(page.getByTestId('inspector-panel')).toContainText('<a class="btn" id="presupuesto" href="#contacto">');
  await page.getByRole('button', { name: 'Usar en el prompt' }).click();
  const before = await files(page, spaceId);

  // The model recolours every .btn instead of this one.
  const everyButton = formatEditBlocks('style.css', [{ search: 'background: #444;', replace: 'background: #dc2626;' }]);
  app.upstream.enqueue({ steps: contentSteps(everyButton, 2) });
  await prompt(page).fill('cambia el color a rojo');
  await prompt(page).press('Enter');
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Este cambio también afecta a… style.css: «.btn» también afecta a 1 elemento(s) más');
  await expect(question).toContainText('¿Aplicar igualmente?');
  // The model was told the exact element: its file, lines and source.
  const asked = app.upstream.requests.at(-1)?.body?.messages?.[1]?.content ?? '';
  expect(asked).toContain('(index.html, lines 6-6;');
  expect(asked).toContain('<a class="btn" id="presupuesto" href="#contacto">Pide presupuesto</a>');
  // Nothing applied yet, and the message was given back.
  expect(await files(page, spaceId)).toEqual(before);
  await page.screenshot({ path: '/tmp/div-scope-question.png' });

  await question.getByRole('button', { name: 'Aplicar igualmente' }).click();
  await expect.poll(async () => (await files(page, spaceId)).css).toBe(CSS.replace('#444', '#dc2626'));
  const after = await files(page, spaceId);
  expect(after.html).toBe(HTML);
  expect(after.versions).toBe(before.versions + 1);
  expect(after.messagesUsed).toBe(before.messagesUsed);
  await expect(frame.getByRole('link', { name: 'Ver obras' })).toHaveCSS('background-color', 'rgb(220, 38, 38)');
});
