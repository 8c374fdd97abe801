import { expect as baseExpect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { preview } from './fixtures/editor';
import { sessionToken } from './fixtures/sign-in';
import { accept, addressFor, codeOf, ownerWithSpace, person, typeAt } from './fixtures/team';

/**
 * Together in real time (issue 25): Olga (Pro) invites Ana as editor and Vera as viewer; they
 * accept; each sees where the others are; Ana generates while Olga watches (her prompt bar waits,
 * her preview and files follow); Olga and Ana type into the same file at the same time and both
 * sets of keystrokes end up in every editor and in the saved files; Ana sees Olga's cursor; Vera
 * sees it all and cannot change anything. With Ana's network cut, what she and Olga type meanwhile
 * merges when it returns.
 */

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

type Seen = { text: string; disabled: boolean }[];
/** Records every status the prompt bar shows (a local generation may last under a second). */
async function watchPromptBar(page: Page) {
  await page.evaluate(() => {
    const seen: { text: string; disabled: boolean }[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="generation-status"]')?.textContent;
      const input = document.querySelector<HTMLTextAreaElement>('#prompt-input');
      if (status) seen.push({ text: status, disabled: input?.disabled ?? false });
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { seen: Seen }).seen);
}

test('invite, accept, see each other, watch a generation, co-edit one file at once, viewer reads only', async ({ browser }) => {
  const olga = await person(browser, 'Olga');
  const anaEmail = addressFor('Ana');
  const veraEmail = addressFor('Vera');
  const { spaceId, links } = await ownerWithSpace(olga, 'Taller compartido', [
    { email: anaEmail, role: 'editor' },
    { email: veraEmail, role: 'viewer' },
  ]);
  const ana = await person(browser, 'Ana', undefined, anaEmail);
  await accept(ana, links[0] ?? '');
  const vera = await person(browser, 'Vera', undefined, veraEmail);
  await accept(vera, links[1] ?? '');
  // Olga's space has members now: reopened, it is edited together.
  await olga.reload();

  // Each sees the others, and the file they are in.
  await expect(olga.locator('[data-testid="presence-avatar"][data-file="index.html"]')).toHaveCount(2);
  await expect(olga.getByRole('listitem', { name: 'Ana · en index.html' })).toBeVisible();
  await expect(ana.getByRole('listitem', { name: 'Olga · en index.html' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await olga.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(olga, '[data-testid="presence"]')).toEqual([]);
  }

  // Ana generates; Olga's prompt bar says so and waits; her preview and code follow when it is done.
  const shown = await watchPromptBar(olga);
  const prompt = ana.getByLabel('Describe tu sitio o el cambio que quieres');
  await prompt.fill('Una web para un taller de cerámica con horarios y contacto');
  await prompt.press('Enter');
  await expect(ana.getByText('DIV ha terminado tu sitio')).toBeVisible({ timeout: 60_000 });
  expect(await shown()).toContainEqual({ text: 'Ana está generando…', disabled: true });
  const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(await codeOf(ana))?.[1] ?? 'no heading';
  for (const page of [ana, olga, vera]) {
    await expect(preview(page).getByRole('heading', { level: 1, name: heading })).toBeAttached();
  }
  await expect(olga.getByTestId('generation-status')).toHaveCount(0);
  await expect.poll(() => codeOf(olga)).toContain(heading);

  // Both type into index.html at the same time: Olga at the start, Ana at the end of the first line.
  await Promise.all([typeAt(olga, 'start', '<!-- olga -->'), typeAt(ana, 'first-line-end', '<!-- ana -->')]);
  for (const page of [olga, ana, vera]) {
    await expect.poll(() => codeOf(page)).toContain('<!-- olga -->');
    await expect.poll(() => codeOf(page)).toContain('<!-- ana -->');
  }
  // Ana sees Olga's cursor, named.
  await expect(ana.locator('.cm-ySelectionInfo', { hasText: 'Olga' })).toBeAttached();
  // Saved: what the server has holds both.
  await expect(olga.getByTestId('save-status')).toHaveText('Guardado');
  await expect(ana.getByTestId('save-status')).toHaveText('Guardado');
  const saved = await olga.request.get(`/api/spaces/${spaceId}`, {
    headers: { authorization: `Bearer ${await sessionToken(olga)}` },
  });
  const html = ((await saved.json()) as { files: { id: string; content: string }[] }).files.find((f) => f.id === 'index.html');
  expect(html?.content).toContain('<!-- olga -->');
  expect(html?.content).toContain('<!-- ana -->');

  // The viewer types and nothing changes anywhere.
  await vera.locator('.cm-content').click();
  await vera.keyboard.type('XYZ');
  await expect(vera.locator('.cm-content')).not.toContainText('XYZ');
  await expect(olga.locator('.cm-content')).not.toContainText('XYZ');
});

test('edits made while the connection dropped merge with the others’ when it returns', async ({ browser }) => {
  test.setTimeout(480_000);
  const olga = await person(browser, 'Olga');
  const anaEmail = addressFor('Ana');
  const { spaceId, links } = await ownerWithSpace(olga, 'Taller sin red', [{ email: anaEmail, role: 'editor' }]);
  const ana = await person(browser, 'Ana', undefined, anaEmail);
  // Ana's document travels through a route the test can cut, as a dropped network would: cut,
  // her socket closes and every reconnection is refused until the network is back.
  let online = true;
  const routed: WebSocketRoute[] = [];
  await ana.routeWebSocket(/\/api\/realtime\//, (ws) => {
    if (!online) return void ws.close({ code: 4000, reason: 'sin red' });
    ws.connectToServer();
    routed.push(ws);
  });
  await accept(ana, links[0] ?? '');
  await olga.reload();
  await expect(olga.getByRole('listitem', { name: 'Ana · en index.html' })).toBeVisible();

  online = false;
  for (const ws of routed.splice(0)) await ws.close({ code: 4000, reason: 'sin red' });
  await expect(ana.getByTestId('live-offline')).toHaveText('Sin conexión: tus cambios se unirán al volver');
  // Each types into the same file meanwhile; neither sees the other's text.
  await typeAt(ana, 'start', '<!-- ana sin red -->');
  await typeAt(olga, 'first-line-end', '<!-- olga mientras -->');
  await expect(olga.getByTestId('save-status')).toHaveText('Guardado');
  expect(await codeOf(olga)).not.toContain('<!-- ana sin red -->');
  expect(await codeOf(ana)).not.toContain('<!-- olga mientras -->');

  online = true;
  await expect(ana.getByTestId('live-offline')).toHaveCount(0);
  for (const page of [ana, olga]) {
    await expect.poll(() => codeOf(page)).toContain('<!-- ana sin red -->');
    await expect.poll(() => codeOf(page)).toContain('<!-- olga mientras -->');
  }
  await expect(ana.getByTestId('save-status')).toHaveText('Guardado');
  const saved = await olga.request.get(`/api/spaces/${spaceId}`, {
    headers: { authorization: `Bearer ${await sessionToken(olga)}` },
  });
  const html = ((await saved.json()) as { files: { id: string; content: string }[] }).files.find((f) => f.id === 'index.html');
  expect(html?.content).toContain('<!-- ana sin red -->');
  expect(html?.content).toContain('<!-- olga mientras -->');
});

test('an editor removed while typing is told at once, the page turns read-only, and the unsaved text can be copied', async ({
  browser,
}) => {
  const olga = await person(browser, 'Olga');
  const anaEmail = addressFor('Ana');
  const { spaceId, links } = await ownerWithSpace(olga, 'Taller con baja', [{ email: anaEmail, role: 'editor' }]);
  const ana = await person(browser, 'Ana', undefined, anaEmail);
  await ana.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // Ana's keystrokes can be held on their way to the server, as a slow network would.
  let holding = false;
  await ana.routeWebSocket(/\/api\/realtime\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (!holding) server.send(message);
    });
  });
  await accept(ana, links[0] ?? '');
  await olga.reload();
  await expect(olga.getByRole('listitem', { name: 'Ana · en index.html' })).toBeVisible();

  holding = true;
  await typeAt(ana, 'start', '<!-- sin guardar -->');
  await expect(ana.getByTestId('save-status')).not.toHaveText('Guardado');

  // Olga removes Ana.
  const headers = { authorization: `Bearer ${await sessionToken(olga)}` };
  const team = (await (await olga.request.get(`/api/spaces/${spaceId}/members`, { headers })).json()) as {
    members: { id: string; name: string }[];
  };
  const anaId = team.members.find((member) => member.name === 'Ana')?.id ?? '';
  expect((await olga.request.delete(`/api/spaces/${spaceId}/members/${anaId}`, { headers })).status()).toBeLessThan(300);

  const notice = ana.getByTestId('revoked-notice');
  await expect(notice).toContainText('Ya no puedes editar este proyecto');
  await expect(notice).toBeFocused();
  await expect(ana.getByLabel('Describe tu sitio o el cambio que quieres')).toHaveCount(0);
  await expect(ana.getByTestId('save-status')).toHaveCount(0);
  // What she typed is still there to copy, and nothing more can be typed.
  await notice.getByRole('button', { name: /Copiar el texto/ }).click();
  expect(await ana.evaluate(() => navigator.clipboard.readText())).toContain('<!-- sin guardar -->');
  await ana.locator('.cm-content').click();
  await ana.keyboard.type('XYZ');
  await expect(ana.locator('.cm-content')).not.toContainText('XYZ');
  for (const theme of ['light', 'dark'] as const) {
    await ana.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(ana, '[data-testid="revoked-notice"]')).toEqual([]);
  }
});
