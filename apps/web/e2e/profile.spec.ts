import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { createSpace, preview } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

// Issue 37: "Lo que entendí" — a brief through the local composer, the card with what it read,
// a correction saved by keyboard that changes the site in place without a message, kept on reload,
// and the card clean under axe in both themes.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const BRIEF =
  'Panadería La Espiga en Sevilla, calle Feria 12. Teléfono 954 123 456, correo hola@laespiga.es. Abrimos de lunes a sábado de 8 a 14.';

async function messagesUsed(page: Page): Promise<number> {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  return (await (await page.request.get('/api/user/profile', { headers })).json()).messagesUsed;
}

async function openCard(page: Page) {
  await page.getByTestId('profile-button').click();
  const card = page.getByRole('dialog', { name: 'Lo que entendí' });
  await expect(card).toBeVisible();
  return card;
}

test('the brief shows in "Lo que entendí"; a corrected name, phone and kind change the site and stay after reload', async ({
  page,
}) => {
  await signIn(page, 'Perfilera');
  await createSpace(page, 'Panadería entendida');
  await page.locator('#prompt-input').fill(BRIEF);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('DIV ha terminado tu sitio')).toBeVisible({ timeout: 90_000 });

  // The card shows what the composer read: the name, the kind and the phone from the brief.
  let card = await openCard(page);
  await expect(card.getByLabel('Nombre', { exact: true })).toHaveValue('Panadería La Espiga');
  await expect(card.getByLabel('Teléfono')).toHaveValue('954 123 456');
  await expect(card.getByLabel('Correo')).toHaveValue('hola@laespiga.es');
  await expect(card.getByLabel('Tipo de negocio')).toHaveValue('bakery');

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page, '[data-testid="profile-card"]'), theme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Corrected by keyboard: type in the fields and press Enter to save.
  const used = await messagesUsed(page);
  const name = card.getByLabel('Nombre', { exact: true });
  await name.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Horno Espiga');
  await page.keyboard.press('Tab');
  await expect(card.getByLabel('Tipo de negocio')).toBeFocused();
  const phone = card.getByLabel('Teléfono');
  await phone.fill('955 000 111');
  const saved = page.waitForResponse((r) => r.url().endsWith('/profile') && r.request().method() === 'PUT');
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(card.getByTestId('profile-status')).toHaveText(/Cambiado en la web: nombre, teléfono\./);

  // The site changed in place, and no message was charged.
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(preview(page).locator('h1').first()).toContainText('Horno Espiga');
  await expect(preview(page).getByText('955 000 111').first()).toBeVisible();
  await expect(preview(page).getByText('Panadería La Espiga')).toHaveCount(0);
  expect(await messagesUsed(page)).toBe(used);

  // Another kind: the layout follows (the composer's site composed again), the name stays, no message charged.
  card = await openCard(page);
  await card.getByLabel('Tipo de negocio').selectOption({ label: 'Cafetería' });
  await card.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(card.getByTestId('profile-status')).toHaveText(/Cambiado en la web: tipo de negocio\./);
  await page.keyboard.press('Escape');
  await expect(preview(page).locator('body[data-kind-id="cafe"]')).toBeAttached();
  await expect(preview(page).locator('h1').first()).toContainText('Horno Espiga');
  expect(await messagesUsed(page)).toBe(used);

  // A bad value is refused with the server's Spanish message.
  card = await openCard(page);
  await card.getByLabel('Correo').fill('no-es-un-correo');
  await card.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(card.getByRole('alert')).toHaveText(/correo no parece válido/);
  await page.keyboard.press('Escape');

  // After a reload the card shows the corrections.
  await page.reload();
  await expect(page.getByTestId('code-editor')).toBeAttached();
  card = await openCard(page);
  await expect(card.getByLabel('Nombre', { exact: true })).toHaveValue('Horno Espiga');
  await expect(card.getByLabel('Teléfono')).toHaveValue('955 000 111');
  await expect(card.getByLabel('Correo')).toHaveValue('hola@laespiga.es');
  await expect(card.getByLabel('Tipo de negocio')).toHaveValue('cafe');
});

test('a trade without a template is marked "por confirmar" in the card, in its own words, clean under axe', async ({ page }) => {
  await signIn(page, 'Kayakista');
  await createSpace(page, 'Kayaks');
  await page
    .locator('#prompt-input')
    .fill(
      'hola! tengo un negocio de alquiler de kayaks en el rio Sella, en Arriondas. Se llama Kayaks Picu Sella. Precios: kayak individual 25€, canoa familiar (hasta 3) 55€. Reservas por whatsapp 622 418 907.',
    );
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('DIV ha terminado tu sitio')).toBeVisible({ timeout: 90_000 });
  const card = await openCard(page);
  await expect(card.getByLabel('Nombre', { exact: true })).toHaveValue('Kayaks Picu Sella');
  await expect(card.getByTestId('profile-uncertain-kind')).toHaveText('por confirmar');
  await expect(card.getByTestId('profile-uncertain-whatsapp')).toHaveText('por confirmar');
  await expect(card.getByText('«alquiler de kayaks»')).toBeVisible();
  await expect(card.getByLabel('Producto 2', { exact: true })).toHaveValue('Canoa familiar (hasta 3)');
  await expect(card.getByLabel('Precio del producto 2')).toHaveValue('55€');
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page, '[data-testid="profile-card"]'), theme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The price list edited by keyboard: a price changed, a row added, a row removed; the site changes
  // in place and no message is charged.
  const used = await messagesUsed(page);
  await card.getByLabel('Precio del producto 2').fill('60€');
  await card.getByRole('button', { name: 'Añadir producto' }).focus();
  await page.keyboard.press('Enter');
  await card.getByLabel('Producto 3', { exact: true }).fill('Paddle surf');
  await card.getByLabel('Precio del producto 3').fill('30€');
  await card.getByRole('button', { name: 'Quitar el producto 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByLabel('Producto 1', { exact: true })).toHaveValue('Canoa familiar (hasta 3)');
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(page, '[data-testid="profile-card"]'), `rows ${theme}`).toEqual([]);
  }
  await card.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(card.getByTestId('profile-status')).toHaveText(/Cambiado en la web: productos y precios\./);
  await expect(preview(page).getByText('Paddle surf').first()).toBeVisible();
  await expect(preview(page).getByText('60€').first()).toBeVisible();
  await expect(preview(page).getByText('Kayak individual', { exact: true })).toHaveCount(0);
  expect(await messagesUsed(page)).toBe(used);

  // Back to what the composer first read: the card fills in the brief's list, and saving writes it back.
  await card.getByRole('button', { name: 'Volver a lo que leí' }).click();
  await expect(card.getByLabel('Producto 1', { exact: true })).toHaveValue('Kayak individual');
  await card.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(card.getByTestId('profile-status')).toHaveText(/Cambiado en la web: productos y precios\./);
  await expect(preview(page).getByText('Kayak individual', { exact: true }).first()).toBeVisible();
  await expect(preview(page).getByText('Paddle surf')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Volver a lo que leí' })).toHaveCount(0);
  expect(await messagesUsed(page)).toBe(used);
});
