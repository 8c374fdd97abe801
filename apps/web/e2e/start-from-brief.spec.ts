import { expect as baseExpect, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { createSpace, preview } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

// Issue 43, "Start from the idea": a new project begins with a brief, is named from it, and the
// editor sends the brief at once; the name is the owner's to change in the editor's header.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

test('a brief on /spaces creates the project named after the business and builds its site at once', async ({ page }) => {
  await signIn(page, 'Desde la idea');
  const brief = page.getByRole('textbox', { name: 'Describe el sitio que quieres crear…' });
  await expect(brief).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear sitio' })).toBeDisabled();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/div-n-brief-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await brief.fill('Una web para mi panadería "La Espiga" en Sevilla, teléfono 654 123 456, abrimos de 7 a 14');
  // Enter sends, as in the editor's prompt bar.
  await brief.press('Enter');
  await expect(page).toHaveURL(/\/space\/[^/?]+$/, { timeout: 20_000 });
  const spaceId = page.url().split('/space/')[1] ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'La Espiga' })).toBeVisible();
  await expect(page).toHaveTitle('La Espiga — DIV');
  // The brief went to the composer without another click: the site is built from it.
  await expect(preview(page).getByText('654 123 456').first()).toBeVisible({ timeout: 60_000 });
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const versionsOf = async () =>
    ((await (await page.request.get(`/api/spaces/${spaceId}/versions`, { headers })).json()) as { versions: unknown[] }).versions
      .length;
  const built = await versionsOf();
  expect(built).toBeGreaterThanOrEqual(1);

  // A reload does not send the brief again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'La Espiga' })).toBeVisible();
  await expect(preview(page).getByText('654 123 456').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  expect(await versionsOf()).toBe(built);

  // The owner renames it in place: Esc keeps the old name, Enter saves the new one.
  const title = page.getByRole('button', { name: 'La Espiga' });
  await title.click();
  const field = page.getByRole('textbox', { name: 'Nombre del proyecto' });
  await expect(field).toBeFocused();
  await field.fill('Otra cosa');
  await field.press('Escape');
  await expect(title).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'La Espiga' })).toBeVisible();
  await title.press('Enter');
  await field.fill('Panadería La Espiga');
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Panadería La Espiga' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Panadería La Espiga' })).toBeFocused();
  await page.goto('/spaces');
  await expect(page.getByText('Panadería La Espiga')).toBeVisible();
});

test('a brief without a name in quotes names the project after what the site is for', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'Idea sin nombre');
  await page
    .getByRole('textbox', { name: 'Describe el sitio que quieres crear…' })
    .fill('Quiero una web para una clínica dental en Valencia, con citas por teléfono');
  await page.screenshot({ path: '/tmp/div-n-brief-390.png' });
  await page.getByRole('button', { name: 'Crear sitio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clínica dental en Valencia' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '/tmp/div-n-editor-390.png' });
  // Every control of the header is on the screen at 390 px (it wraps rather than hiding them).
  for (const control of await page.getByRole('banner').last().getByRole('button').all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
});

test('an empty project asks for the site to create, and for a change once there is a site', async ({ page }) => {
  await signIn(page, 'Proyecto vacío');
  await createSpace(page, 'Vacío de momento');
  const box = page.getByRole('textbox', { name: 'Describe tu sitio o el cambio que quieres' });
  await expect(box).toHaveAttribute('placeholder', 'Describe el sitio que quieres crear…');
  await box.fill('Una web para la floristería "Pétalo" en Cádiz');
  await box.press('Enter');
  await expect(preview(page).getByText('Pétalo').first()).toBeVisible({ timeout: 60_000 });
  await expect(box).toHaveAttribute('placeholder', '¿Qué quieres cambiar?');
});
