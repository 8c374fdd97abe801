import { expect, type Page, test } from '@playwright/test';
import { contentSteps, type OpenAiTestServer, startOpenAiTestServer } from '../../server/src/test/openai-server';
import { signIn } from './fixtures/sign-in';

/**
 * Custom models (Pro): a person who is not Pro sees the section locked; after buying Pro they add
 * their own OpenAI-compatible endpoint in settings (a real local server started here, which the app
 * may reach because it only serves localhost), test the connection, pick its model in the prompt
 * bar and generate a site with it.
 */
test.describe.configure({ timeout: 120_000 });

const PAGE = '<!DOCTYPE html>\n<html lang="es"><body><h1>Vivero Helecho</h1><p>Plantas de interior</p></body></html>\n';
const KEY = 'sk-e2e-propia-4c2d';

let upstream: OpenAiTestServer;
test.beforeAll(async () => {
  upstream = await startOpenAiTestServer();
  upstream.fallback = () => ({ steps: contentSteps(`Aquí está.\n\n\`\`\`html index.html\n${PAGE}\`\`\`\n`, 24) });
});
test.afterAll(async () => {
  await upstream.close();
});

async function buyPro(page: Page) {
  await page.goto('/pricing');
  await page.locator('article[data-plan="pro"]').getByRole('button', { name: 'Seleccionar plan' }).click();
  await expect(page).toHaveURL(/\/local\/billing\/checkout\?token=/);
  await page.getByRole('button', { name: /Confirmar y pagar/ }).click();
  await expect(page).toHaveURL(/\/pricing\?checkout=success&plan=\w+$/);
}

test('a Pro user adds an endpoint, tests it and generates with its model', async ({ page }) => {
  await signIn(page, 'Modelista');
  const section = page.getByTestId('custom-models');

  // Not Pro: locked, with the way to the plans.
  await page.goto('/settings');
  await expect(section.getByText('Los modelos personalizados están incluidos en el plan Pro.')).toBeVisible();
  await expect(section.getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', '/pricing');
  await expect(section.getByRole('button', { name: 'Añadir endpoint' })).toHaveCount(0);

  await buyPro(page);
  await page.goto('/settings');
  await expect(section.getByText('Aún no has añadido ningún endpoint.')).toBeVisible();
  await section.getByRole('button', { name: 'Añadir endpoint' }).click();
  await section.getByLabel('Nombre').fill('Mi vLLM');
  await section.getByLabel('URL base').fill(upstream.url);
  await section.getByLabel('Clave de API').fill(KEY);
  await section.getByLabel('Modelos').fill('helecho-7b, otro:latest');
  await section.getByRole('button', { name: 'Guardar' }).click();

  const row = section.getByTestId('custom-endpoint-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Mi vLLM')).toBeVisible();
  await expect(row.getByText('Clave ••••4c2d')).toBeVisible();
  await expect(row.getByText(KEY)).toHaveCount(0);
  await expect(row.getByRole('listitem')).toHaveText(['helecho-7b', 'otro:latest']);

  await row.getByRole('button', { name: 'Probar la conexión con Mi vLLM' }).click();
  await expect(row.getByTestId('custom-endpoint-test')).toContainText(/Conexión correcta: helecho-7b respondió en \d+ ms/);
  await page.screenshot({ path: '/tmp/div-custom-models-settings.png', fullPage: true });

  // The prompt bar lists the endpoint's models, grouped, and generates with the one chosen.
  await page.goto('/spaces');
  await page.getByLabel('Nombre del proyecto').fill('Vivero');
  await page.getByLabel('Nombre del proyecto').press('Enter');
  await expect(page).toHaveURL(/\/space\/[^/?]+$/);
  await page.getByRole('button', { name: 'Ajustes de IA' }).click();
  const select = page.getByLabel('Modelo', { exact: true });
  await expect(select.locator('optgroup[label="Modelos personalizados"] option')).toHaveText([
    'helecho-7b · Mi vLLM',
    'otro:latest · Mi vLLM',
  ]);
  await select.selectOption({ label: 'helecho-7b · Mi vLLM' });
  await expect(page.getByText('Se genera con tu propio endpoint')).toBeVisible();
  await page.keyboard.press('Escape');

  const before = upstream.requests.length;
  const prompt = page.getByLabel('Describe tu sitio o el cambio que quieres');
  await prompt.fill('Una web para un vivero llamado Vivero Helecho');
  await prompt.press('Enter');
  await expect(page.getByText('DIV ha terminado tu sitio')).toBeVisible({ timeout: 30_000 });
  await expect(page.frameLocator('[data-testid="preview-frame"]').getByText('Vivero Helecho')).toBeVisible({ timeout: 10_000 });
  const sent = upstream.requests.slice(before).find((r) => r.body?.stream === true);
  expect(sent?.body?.model).toBe('helecho-7b');
  expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
});
