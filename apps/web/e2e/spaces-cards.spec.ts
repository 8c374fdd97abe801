import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { sessionToken, signIn } from './fixtures/sign-in';

/**
 * Issue 22: two projects with the same name are told apart on /spaces by a live thumbnail, where
 * each is published and when each was last edited; deleting is reachable by keyboard and by touch
 * through a menu button on the card, and right-click keeps working (ADR 0187).
 */
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const port = Number(process.env.E2E_PORT ?? 3100);

const page = (title: string) =>
  `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="style.css"></head>` +
  `<body><header class="hero"><h1>${title}</h1><p>Pan de masa madre cada mañana</p></header>` +
  `<script>document.body.style.background = "red"</script></body></html>`;
const style = (colour: string) =>
  `body{margin:0;font-family:system-ui,sans-serif}.hero{background:${colour};color:#fff;padding:120px 64px}` +
  'h1{font-size:96px;margin:0}p{font-size:32px}';

/** A space named `name` whose page shows `title` on `colour`, made through the API. */
async function makeSpace(p: Page, name: string, title: string, colour: string) {
  const headers = { authorization: `Bearer ${await sessionToken(p)}` };
  const created = await p.request.post('/api/spaces', { headers, data: { name } });
  expect(created.status()).toBe(201);
  const { space } = (await created.json()) as { space: { id: string; revision: number } };
  const saved = await p.request.put(`/api/spaces/${space.id}/files`, {
    headers,
    data: {
      revision: space.revision,
      replaceAll: true,
      files: [
        { path: 'index.html', content: page(title) },
        { path: 'style.css', content: style(colour) },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return space.id;
}

/** Publishes the space; answers the site's address (host and port). */
async function deploy(p: Page, spaceId: string): Promise<string> {
  const answer = await p.request.post('/api/deploy', {
    headers: { authorization: `Bearer ${await sessionToken(p)}` },
    data: { spaceId },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return new URL((await answer.json()).url).host;
}

/** The list item of the card whose link goes to `spaceId`. */
const cardOf = (p: Page, spaceId: string) => p.getByRole('listitem').filter({ has: p.locator(`a[href="/space/${spaceId}"]`) });

test('two same-named projects are told apart; one is deleted through its menu button by keyboard alone', async ({ page: p }) => {
  await p.setViewportSize({ width: 1440, height: 900 });
  await signIn(p, 'Tarjetas');
  const cake = await makeSpace(p, 'Pastelería', 'Dulce Rincón', '#9d174d');
  const north = await makeSpace(p, 'Panadería', 'Horno Norte', '#1e3a8a');
  const south = await makeSpace(p, 'Panadería', 'Horno Sur', '#7c2d12');
  // panaderia.localhost, or panaderia-2… when a retry of this test published one before.
  const address = await deploy(p, north);
  expect(address).toMatch(new RegExp(`^panaderia(-[a-z0-9]+)?\\.localhost:${port}$`));
  await p.goto('/spaces');

  const northCard = cardOf(p, north);
  const southCard = cardOf(p, south);
  await expect(p.getByTestId('space-card').filter({ hasText: 'Panadería' })).toHaveCount(2);

  // Each card draws its own page: a sandboxed frame without scripts, out of reach of the keyboard.
  for (const [card, title] of [
    [northCard, 'Horno Norte'],
    [southCard, 'Horno Sur'],
  ] as const) {
    const frame = card.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame).toHaveAttribute('tabindex', '-1');
    await expect(card.getByTestId('space-thumbnail')).toHaveAttribute('aria-hidden', 'true');
    await expect(card.frameLocator('iframe').getByRole('heading', { name: title })).toBeVisible();
    // The page's script did not run (its body would be red).
    expect(
      await card
        .frameLocator('iframe')
        .locator('body')
        .evaluate((b) => getComputedStyle(b).backgroundColor),
    ).not.toBe('rgb(255, 0, 0)');
  }

  // Where each is published: the published one links to its address in a new tab, named by its text.
  const published = northCard.getByRole('link', { name: new RegExp(`Publicado · ${address.replace('.', '\\.')}`) });
  await expect(published).toHaveAttribute('href', `http://${address}/`);
  await expect(published).toHaveAttribute('target', '_blank');
  await expect(published).toHaveText(new RegExp(`Publicado·${address.replace('.', '\\.')}`));
  await expect(southCard.getByTestId('space-unpublished')).toHaveText('Sin publicar');
  await expect(southCard.getByTestId('space-published')).toHaveCount(0);

  // When each was last edited, with the exact time in the element.
  const northTime = northCard.locator('time');
  const southTime = southCard.locator('time');
  await expect(northTime).toHaveText(/^Editado (ahora|hace \d+ (s|min))$/);
  const northAt = Date.parse((await northTime.getAttribute('datetime')) ?? '');
  const southAt = Date.parse((await southTime.getAttribute('datetime')) ?? '');
  expect(southAt).toBeGreaterThan(northAt);
  await expect(northTime).toHaveAttribute('title', /\d{4}/);

  await p.screenshot({ path: '/tmp/cards-light.png', fullPage: true });
  expect(await seriousViolations(p)).toEqual([]);
  await p.emulateMedia({ colorScheme: 'dark' });
  await p.screenshot({ path: '/tmp/cards-dark.png', fullPage: true });
  expect(await seriousViolations(p)).toEqual([]);
  await p.emulateMedia({ colorScheme: 'light' });

  // Keyboard only: from the card's link, Tab reaches its menu button; Enter opens the menu, Escape
  // closes it and gives focus back; Space opens it again, arrows move, Enter picks "Eliminar".
  const menuButton = southCard.getByRole('button', { name: 'Más acciones para Panadería' });
  await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
  await southCard.getByTestId('space-card').focus();
  await p.keyboard.press('Tab');
  await expect(menuButton).toBeFocused();
  await p.keyboard.press('Enter');
  const menu = p.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Abrir', 'Formularios', 'Eliminar proyecto']);
  await expect(menu.getByRole('menuitem', { name: 'Abrir' })).toBeFocused();
  expect(await seriousViolations(p)).toEqual([]);
  await p.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  await p.keyboard.press(' ');
  await expect(menu).toBeVisible();
  // As a person waits to see where focus is before moving it (an arrow pressed while the menu is
  // still taking focus lands one item short).
  await expect(menu.getByRole('menuitem', { name: 'Abrir' })).toBeFocused();
  await p.keyboard.press('ArrowDown');
  await p.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Eliminar proyecto' })).toBeFocused();
  await p.keyboard.press('Enter');
  const dialog = p.getByRole('alertdialog');
  await expect(dialog).toContainText('Panadería');
  await p.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Eliminar', exact: true })).toBeFocused();
  await p.keyboard.press('Enter');
  await expect(southCard).toHaveCount(0);
  await expect(northCard).toHaveCount(1);
  // Focus lands on the next card's menu button, not on the page's body.
  await expect(northCard.getByRole('button', { name: 'Más acciones para Panadería' })).toBeFocused();
  await p.reload();
  await expect(northCard).toHaveCount(1);
  await expect(cardOf(p, south)).toHaveCount(0);

  // Right-click still opens the same actions.
  await northCard.getByTestId('space-card').click({ button: 'right' });
  await expect(p.getByRole('menu').getByRole('menuitem')).toHaveText(['Abrir', 'Formularios', 'Eliminar proyecto']);
  await p.keyboard.press('Escape');

  // Cancelling gives focus back to the card's own menu button; deleting the last card moves it to the
  // previous card's; deleting the only one left moves it to the box that starts a new project.
  const deleteByKeyboard = async (button: ReturnType<Page['getByRole']>, confirm: boolean) => {
    await button.focus();
    await p.keyboard.press('Enter');
    await expect(p.getByRole('menu')).toBeVisible();
    // As a person waits for the menu to take focus before moving in it.
    await expect(p.getByRole('menuitem', { name: 'Abrir' })).toBeFocused();
    await p.keyboard.press('End');
    await expect(p.getByRole('menuitem', { name: 'Eliminar proyecto' })).toBeFocused();
    await p.keyboard.press('Enter');
    await expect(p.getByRole('alertdialog')).toBeVisible();
    if (confirm) {
      await p.getByRole('alertdialog').getByRole('button', { name: 'Eliminar', exact: true }).focus();
      await p.keyboard.press('Enter');
    } else await p.keyboard.press('Escape');
    await expect(p.getByRole('alertdialog')).toBeHidden();
  };
  const northButton = northCard.getByRole('button', { name: 'Más acciones para Panadería' });
  const cakeButton = cardOf(p, cake).getByRole('button', { name: 'Más acciones para Pastelería' });
  await expect(p.getByTestId('space-card')).toHaveText([/^Panadería/, /^Pastelería/]);
  await deleteByKeyboard(cakeButton, false);
  await expect(cakeButton).toBeFocused();
  await deleteByKeyboard(cakeButton, true);
  await expect(cardOf(p, cake)).toHaveCount(0);
  await expect(northButton).toBeFocused();
  await deleteByKeyboard(northButton, true);
  await expect(p.getByTestId('space-card')).toHaveCount(0);
  await expect(p.getByRole('textbox', { name: 'Describe el sitio que quieres crear…' })).toBeFocused();
});

test('at 390×844 a tap on the menu button opens the actions; "Abrir" opens the project', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const p = await context.newPage();
  await signIn(p, 'Tarjetas móvil');
  const id = await makeSpace(p, 'Cafetería', 'Café del Puerto', '#065f46');
  await p.goto('/spaces');
  const card = cardOf(p, id);
  await expect(card.frameLocator('iframe').getByRole('heading', { name: 'Café del Puerto' })).toBeVisible();
  await p.screenshot({ path: '/tmp/cards-mobile.png', fullPage: true });
  expect(await seriousViolations(p)).toEqual([]);
  await p.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(p)).toEqual([]);
  await p.emulateMedia({ colorScheme: 'light' });

  const button = card.getByRole('button', { name: 'Más acciones para Cafetería' });
  const box = await button.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(40);
  await button.tap();
  const menu = p.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Eliminar proyecto' })).toBeVisible();
  await p.screenshot({ path: '/tmp/cards-mobile-menu.png' });
  await menu.getByRole('menuitem', { name: 'Abrir' }).tap();
  await expect(p).toHaveURL(new RegExp(`/space/${id}$`));
  await context.close();
});
