import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { createSpace, preview } from './fixtures/editor';
import { signIn } from './fixtures/sign-in';

/**
 * Issue 43: a refusal explains itself in up to sixty words, so its toast stays until closed, and
 * every answer of the session (done, refused, error) can be read again in "Mensajes de la sesión",
 * from the keyboard, clean under axe in both themes and at both widths.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const DECLINED = 'añade un chat con inteligencia artificial que responda a los clientes';

async function send(page: Page, text: string) {
  const input = page.getByLabel('Describe tu sitio o el cambio que quieres');
  await expect(input).toBeEnabled({ timeout: 60_000 });
  await input.fill(text);
  await input.press('Enter');
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width}: a refusal stays until closed, and the session's answers are read again from the keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, 'Registro');
    await createSpace(page, `Registro ${Math.random().toString(36).slice(2, 7)}`);
    const logButton = page.getByRole('button', { name: /^Mensajes de la sesión/ });
    await expect(logButton).toHaveAccessibleName('Mensajes de la sesión');

    await send(page, 'Una web para una panadería llamada "Miga" en Cádiz');
    await expect(page.getByText(/DIV ha terminado tu sitio/).first()).toBeVisible({ timeout: 90_000 });
    await expect(preview(page).getByText('Miga').first()).toBeVisible({ timeout: 30_000 });
    await send(page, DECLINED);
    const refusal = page.locator('[data-sonner-toast]', { hasText: 'He entendido que quieres' });
    await expect(refusal).toBeVisible({ timeout: 60_000 });
    // Long past Sonner's 4 s, the refusal is still there to read.
    await page.waitForTimeout(6000);
    await expect(refusal).toBeVisible();
    await expect(logButton).toHaveAccessibleName('Mensajes de la sesión: 2 respuestas');
    await refusal.getByRole('button', { name: /cerrar|close/i }).click();
    await expect(refusal).toHaveCount(0);

    // Opened from the keyboard; the newest answer first; Esc gives focus back to the button.
    await logButton.focus();
    await page.keyboard.press('Enter');
    const log = page.getByRole('dialog', { name: 'Mensajes de la sesión' });
    await expect(log).toBeVisible();
    const items = log.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toHaveAttribute('data-kind', 'refused');
    await expect(items.nth(0)).toContainText('No se hizo');
    await expect(items.nth(0)).toContainText(DECLINED);
    await expect(items.nth(0)).toContainText('He entendido que quieres');
    await expect(items.nth(1)).toHaveAttribute('data-kind', 'done');
    await expect(items.nth(1)).toContainText('DIV ha terminado tu sitio');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/firsthour4-shots/message-log-${size.width}-${scheme}.png` });
    }
    await page.keyboard.press('Escape');
    await expect(log).toHaveCount(0);
    await expect(logButton).toBeFocused();
  });
}
