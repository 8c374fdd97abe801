import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { createSpace } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

// Issue 40, "Publishing": "Publicar" waits for the server's check only (ADR 0261), never for the
// browser's (axe, console, overflow: seconds of offscreen frames). An error only the browser finds
// neither holds publishing back nor asks; a server error asks, with the summary, and publishes anyway.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const page = (body: string) => `<!DOCTYPE html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Taller Cierzo</title><meta name="description" content="Reparamos bicicletas en Zaragoza."></head>
<body>
<header><h1>Taller Cierzo</h1></header>
<main>
${body}
</main>
</body>
</html>
`;
/** Clean for the server; the browser finds an error (the page's console). */
const BROWSER_ONLY = page(`<p>Abrimos de lunes a sábado.</p>\n<script>console.error('Fallo solo del navegador');</script>`);
/** A link to a page that does not exist: an error the server finds. */
const SERVER_ERROR = page('<p>Mira nuestros <a href="precios.html">precios</a>.</p>');

async function seed(p: Page, spaceId: string, content: string) {
  const headers = { authorization: `Bearer ${await sessionToken(p)}` };
  const { revision } = await (await p.request.get(`/api/spaces/${spaceId}`, { headers })).json();
  const saved = await p.request.put(`/api/spaces/${spaceId}/files`, {
    headers,
    data: { revision, files: [{ path: 'index.html', content }], replaceAll: true },
  });
  expect(saved.status()).toBe(200);
  const checks = await (await p.request.get(`/api/spaces/${spaceId}/checks`, { headers })).json();
  return (checks.findings as { severity: string; rule: string }[]).filter((f) => f.severity === 'error');
}

test('publishing waits for the server check only: a browser-only error publishes at once, a server error asks first', async ({
  page: p,
}) => {
  await signIn(p, 'Publica revisado');
  const spaceId = await createSpace(p, `Cierzo ${Math.random().toString(36).slice(2, 7)}`);
  expect(await seed(p, spaceId, BROWSER_ONLY)).toEqual([]);
  await p.reload();
  await expect(p.getByTestId('code-editor')).toBeVisible();

  // The browser's check finds the console error (the Revisión counts it as an error)…
  await p.getByTestId('checks-button').click();
  const panel = p.getByRole('dialog', { name: 'Revisión' });
  await expect(panel.getByTestId('checks-browser-status')).toHaveText('Revisión en el navegador terminada', {
    timeout: 120_000,
  });
  await expect(panel.getByRole('region', { name: /^Errores/ }).locator('[data-rule="console-error"]')).toContainText(
    'Fallo solo del navegador',
  );
  await p.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // …yet "Publicar" publishes at once: no question, and no browser check started for it.
  const frames: number[] = [];
  const watch = setInterval(
    () =>
      void p
        .getByTestId('checks-frame')
        .count()
        .then((n) => frames.push(n)),
    50,
  );
  const deployed = p.waitForResponse((r) => r.url().endsWith('/api/deploy'));
  await p.getByRole('button', { name: 'Publicar', exact: true }).click();
  expect((await deployed).status()).toBe(200);
  clearInterval(watch);
  await expect(p.getByRole('alertdialog')).toHaveCount(0);
  expect(Math.max(0, ...frames)).toBe(0);

  // A server error asks first, with the summary; nothing of the browser's runs meanwhile.
  expect((await seed(p, spaceId, SERVER_ERROR)).map((f) => f.rule)).toContain('broken-link');
  await p.reload();
  await expect(p.getByTestId('code-editor')).toBeVisible();
  // Published once: the header's button now says there are changes to publish.
  await p.getByRole('button', { name: 'Publicar cambios', exact: true }).click();
  const question = p.getByRole('alertdialog', { name: 'La revisión encontró errores' });
  await expect(question).toBeVisible();
  // In words a person reads: one error, never "1 errores".
  await expect(question.getByTestId('publish-checks-summary')).toHaveText('1 error · 0 avisos · 0 notas');
  await expect(question).toContainText('Hay un error que los visitantes pueden notar.');
  await expect(p.getByTestId('checks-frame')).toHaveCount(0);
  for (const width of [1440, 390]) {
    await p.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(p, '[data-testid="publish-checks-dialog"]')).toEqual([]);
      await p.screenshot({ path: `/tmp/firsthour4-shots/publish-question-${width}-${scheme}.png` });
    }
  }
  const again = p.waitForResponse((r) => r.url().endsWith('/api/deploy'));
  await question.getByRole('button', { name: 'Publicar igualmente' }).click();
  expect((await again).status()).toBe(200);
});
