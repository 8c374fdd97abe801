import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { type GitServer, startGitServer } from '../../server/src/test/git-server';
import { seriousViolations } from './fixtures/axe';
import { createSpace, openTools } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

// Issue 41: a space connected to a real git server (git http-backend on loopback) from the editor's
// tools: a wrong token refused, connect, push, a clone's commit pulled back, a conflict listed and
// resolved per file.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const INDEX =
  '<!doctype html>\n<html lang="es">\n<head>\n<meta charset="utf-8">\n<title>La Espiga</title>\n</head>\n<body>\n<h1>Panadería La Espiga</h1>\n<p>Pan de masa madre.</p>\n</body>\n</html>\n';

let server: GitServer;

test.beforeAll(async () => {
  server = await startGitServer();
});

test.afterAll(async () => {
  await server?.close();
});

async function commitInClone(dir: string, file: string, content: string, message: string) {
  writeFileSync(path.join(dir, file), content);
  await server.git(dir, 'add', '-A');
  await server.git(dir, 'commit', '-q', '-m', message);
  await server.git(dir, 'push', '-q', 'origin', 'HEAD:main');
}

async function filesOf(page: Page, spaceId: string): Promise<Record<string, string>> {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const detail = await (await page.request.get(`/api/spaces/${spaceId}`, { headers })).json();
  return Object.fromEntries((detail.files as { id: string; content: string }[]).map((f) => [f.id, f.content]));
}

async function saveIndex(page: Page, spaceId: string, content: string, file = 'index.html') {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const { space } = await (await page.request.get(`/api/spaces/${spaceId}`, { headers })).json();
  const saved = await page.request.put(`/api/spaces/${spaceId}/files`, {
    headers,
    data: { revision: space.revision, files: [{ path: file, content }] },
  });
  expect(saved.status()).toBe(200);
}

test('connect, push, pull a commit from a clone, and resolve a conflict', async ({ page }) => {
  server.createRepo('espiga');
  await signIn(page, 'Gitana');
  const spaceId = await createSpace(page, 'Espiga en Git');
  await saveIndex(page, spaceId, INDEX);
  await page.reload();
  await expect(page.getByTestId('code-editor')).toBeAttached();

  await openTools(page);
  const tools = page.getByRole('dialog', { name: 'Herramientas de vista' });
  const git = tools.getByTestId('git-section');
  await git.getByLabel('URL del repositorio').fill(server.url('espiga'));
  await expect(git.getByLabel('Rama')).toHaveValue('main');

  // A wrong token is refused with the reason, and nothing is connected.
  await git.getByLabel('Token de acceso').fill('no-es-el-token');
  await git.getByRole('button', { name: 'Conectar' }).click();
  await expect(git.getByRole('alert')).toContainText('rechazó el token');

  // The right one connects; the form is keyboard-driven (Enter submits).
  await git.getByLabel('Token de acceso').fill(server.token);
  await git.getByLabel('Token de acceso').press('Enter');
  await expect(git.getByText(server.url('espiga'))).toBeVisible();
  await expect(git.getByTestId('git-last-commit')).toHaveText('todavía ninguno');

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Push: the remote gets the files byte for byte.
  await git.getByRole('button', { name: 'Enviar a Git' }).click();
  await expect(page.getByText('Cambios enviados a Git')).toBeVisible();
  const clone = path.join(server.tempDir(), 'espiga');
  await server.git(path.dirname(clone), 'clone', '-q', server.url('espiga'), clone);
  const files = await filesOf(page, spaceId);
  for (const [file, content] of Object.entries(files)) {
    expect(readFileSync(path.join(clone, file), 'utf8')).toBe(content);
  }
  await expect(git.getByTestId('git-last-commit')).not.toHaveText('todavía ninguno');

  // A commit made in the clone comes back with "Traer de Git" as a new version.
  await commitInClone(clone, 'horario.html', '<h1>Horario</h1>\n', 'Añade el horario');
  await git.getByRole('button', { name: 'Traer de Git' }).click();
  await expect(page.getByText('Cambios traídos de Git')).toBeVisible();
  await expect(tools.getByText('Desde Git: Añade el horario')).toBeVisible();
  expect((await filesOf(page, spaceId))['horario.html']).toBe('<h1>Horario</h1>\n');

  // The same lines changed on both sides of two files: the files are listed and the space stays as it was.
  await commitInClone(clone, 'index.html', INDEX.replace('Pan de masa madre.', 'Pan de centeno.'), 'Centeno');
  await commitInClone(clone, 'horario.html', '<h1>Horario de verano</h1>\n', 'Horario de verano');
  await saveIndex(page, spaceId, INDEX.replace('Pan de masa madre.', 'Pan de espelta.'));
  await saveIndex(page, spaceId, '<h1>Horario de invierno</h1>\n', 'horario.html');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByTestId('code-editor')).toBeAttached();
  await openTools(page);
  await git.getByRole('button', { name: 'Traer de Git' }).click();
  await expect(git.getByText('Conflicto: no se ha cambiado nada')).toBeVisible();
  await expect(git.getByTestId('git-conflict-files')).toHaveText('horario.htmlindex.html');
  expect((await filesOf(page, spaceId))['index.html']).toContain('Pan de espelta.');

  // Each file's two sides in the diff view: DIV's line removed, the repository's added, the rest kept once.
  const indexDiff = git.getByRole('region', { name: 'Diferencias de index.html' });
  await expect(indexDiff.locator('[data-kind="removed"]')).toHaveText(['−En DIV: <p>Pan de espelta.</p>']);
  await expect(indexDiff.locator('[data-kind="added"]')).toHaveText(['+En el repositorio: <p>Pan de centeno.</p>']);
  await expect(indexDiff.locator('[data-kind="same"]').filter({ hasText: '<h1>Panadería La Espiga</h1>' })).toHaveCount(1);
  const hoursDiff = git.getByRole('region', { name: 'Diferencias de horario.html' });
  await expect(hoursDiff.locator('[data-kind="added"]')).toContainText('Horario de verano');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Resolved in the browser, by keyboard: DIV's index, the repository's hours. The result is a new
  // version, and the next push carries it.
  const resolve = git.getByRole('button', { name: 'Resolver y traer' });
  await expect(resolve).toBeDisabled();
  const indexChoice = git.getByRole('group', { name: 'index.html' });
  await indexChoice.getByRole('radio', { name: 'Mantener la de DIV' }).focus();
  await page.keyboard.press('Space');
  await expect(resolve).toBeDisabled();
  await git.getByRole('group', { name: 'horario.html' }).getByRole('radio', { name: 'Usar la del repositorio' }).check();
  await expect(resolve).toBeEnabled();
  await resolve.focus();
  await page.keyboard.press('Enter');
  await expect(git.getByText('Conflicto: no se ha cambiado nada')).toBeHidden();
  await expect(page.getByText('Conflicto resuelto en una versión nueva: envía para llevarla al repositorio')).toBeVisible();
  await expect(tools.getByText('Desde Git: Horario de verano')).toBeVisible();
  const resolved = await filesOf(page, spaceId);
  expect(resolved['index.html']).toContain('Pan de espelta.');
  expect(resolved['horario.html']).toBe('<h1>Horario de verano</h1>\n');
  await git.getByRole('button', { name: 'Enviar a Git' }).click();
  await expect(page.getByText('Cambios enviados a Git')).toBeVisible();
  await server.git(clone, 'pull', '-q', '--ff-only', 'origin', 'main');
  expect(readFileSync(path.join(clone, 'index.html'), 'utf8')).toContain('Pan de espelta.');
  expect(readFileSync(path.join(clone, 'horario.html'), 'utf8')).toBe('<h1>Horario de verano</h1>\n');
});

test('push after every saved version: on by choice, never over a moved remote', async ({ page }) => {
  server.createRepo('auto');
  await signIn(page, 'Automática');
  const spaceId = await createSpace(page, 'Envío automático');
  await openTools(page);
  const tools = page.getByRole('dialog', { name: 'Herramientas de vista' });
  const git = tools.getByTestId('git-section');
  await git.getByLabel('URL del repositorio').fill(server.url('auto'));
  await git.getByLabel('Token de acceso').fill(server.token);
  await git.getByRole('button', { name: 'Conectar' }).click();
  const auto = git.getByRole('checkbox', { name: 'Enviar cada versión a Git' });
  await expect(auto).not.toBeChecked();
  await auto.focus();
  await page.keyboard.press('Space');
  await expect(auto).toBeChecked();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // A saved version reaches the remote on its own.
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const head = async () =>
    (await server.git(server.tempDir(), 'ls-remote', server.url('auto'), 'refs/heads/main')).split('\t')[0];
  await saveIndex(page, spaceId, INDEX);
  expect((await page.request.post(`/api/spaces/${spaceId}/versions`, { headers, data: { prompt: 'La portada' } })).status()).toBe(
    201,
  );
  await expect.poll(head, { timeout: 30_000 }).not.toBe('');
  const clone = path.join(server.tempDir(), 'auto');
  await server.git(path.dirname(clone), 'clone', '-q', server.url('auto'), clone);
  expect(readFileSync(path.join(clone, 'index.html'), 'utf8')).toBe(INDEX);

  // The remote moves; the next version is not pushed over it, and the status says why.
  await commitInClone(clone, 'notas.txt', 'Hornear a las 5.\n', 'Notas');
  const moved = await head();
  await saveIndex(page, spaceId, INDEX.replace('Pan de masa madre.', 'Pan de espelta.'));
  expect((await page.request.post(`/api/spaces/${spaceId}/versions`, { headers, data: { prompt: 'Espelta' } })).status()).toBe(
    201,
  );
  const gitStatus = async () => (await page.request.get(`/api/spaces/${spaceId}/git`, { headers })).json();
  await expect
    .poll(async () => JSON.stringify(await gitStatus()), { timeout: 30_000 })
    .toContain('"lastError":"El envío automático no se hizo.');
  expect(await head()).toBe(moved);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByTestId('code-editor')).toBeAttached();
  await openTools(page);
  await expect(git.getByText(/Último error: El envío automático no se hizo\./)).toBeVisible();
});
