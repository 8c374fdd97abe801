import { expect as baseExpect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { createSpace, preview } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

/**
 * The visual edit mode keeps the person's place (issue 43): after "Duplicar" the page stays where it
 * was scrolled and the copy is selected; after "Mover arriba" the moved element stays selected; a
 * transparent background shows as a checkerboard, not black; the "Alineación" row fits; the
 * selection box follows a text that grew.
 */
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const blocks = Array.from({ length: 12 }, (_, i) => `      <p class="bloque">Bloque ${i + 1}</p>`).join('\n');
const PAGE = `<!DOCTYPE html>
<html lang="es">
  <head>
    <meta charset="utf-8">
    <title>Vivero Olmo</title>
    <link rel="stylesheet" href="style.css">
  </head>
  <body>
    <main>
      <h1>Vivero</h1>
${blocks}
    </main>
  </body>
</html>
`;
const STYLE = 'body { margin: 0; font-family: sans-serif; }\n.bloque { min-height: 260px; margin: 0; padding: 1rem; }\n';

async function setUp(page: Page) {
  await signIn(page, 'Lugar');
  const spaceId = await createSpace(page, `Vivero ${Math.random().toString(36).slice(2, 7)}`);
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const { revision } = await (await page.request.get(`/api/spaces/${spaceId}`, { headers })).json();
  const saved = await page.request.put(`/api/spaces/${spaceId}/files`, {
    headers,
    data: {
      revision,
      files: [
        { path: 'index.html', content: PAGE },
        { path: 'style.css', content: STYLE },
        { path: 'script.js', content: '' },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(preview(page).locator('h1')).toHaveText('Vivero', { timeout: 30_000 });
  const tab = page.getByRole('tab', { name: 'Vista previa' });
  if (await tab.isVisible()) await tab.click();
  await page.getByTestId('visual-toggle').click();
  await expect(page.getByTestId('visual-panel')).toBeVisible();
  return { spaceId, headers };
}

const serverPage = async (page: Page, spaceId: string, headers: Record<string, string>) =>
  (
    (await (await page.request.get(`/api/spaces/${spaceId}`, { headers })).json()).files as { id: string; content: string }[]
  ).find((file) => file.id === 'index.html')?.content ?? '';

const scrollY = (page: Page) =>
  preview(page)
    .locator('html')
    .evaluate(() => window.scrollY);

/** The selection box and the element's box, in the frame's viewport. */
const boxes = (page: Page, selector: string, nth: number) =>
  preview(page)
    .locator('html')
    .evaluate(
      (_, [css, index]) => {
        const outline = document.querySelector('[data-div-inspector]') as HTMLElement | null;
        const element = document.querySelectorAll(css as string)[index as number];
        const rect = element?.getBoundingClientRect();
        return {
          shown: outline?.style.display === 'block',
          outline: outline ? [outline.style.top, outline.style.height].map((v) => Math.round(Number.parseFloat(v))) : null,
          element: rect ? [Math.round(rect.top), Math.round(rect.height)] : null,
        };
      },
      [selector, nth] as const,
    );

/** The selection box sits on the element (same top edge). */
const outlined = (page: Page, selector: string, nth: number) =>
  expect
    .poll(async () => {
      const { shown, outline, element } = await boxes(page, selector, nth);
      return shown && outline?.[0] === element?.[0];
    })
    .toBe(true);

test('after "Duplicar" the page keeps its place and the copy is selected; after "Mover arriba" it stays selected', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { spaceId, headers } = await setUp(page);
  const seventh = preview(page).locator('p', { hasText: /^Bloque 7$/ });
  await seventh.scrollIntoViewIfNeeded();
  await seventh.click();
  await expect(page.getByTestId('visual-selected')).toContainText('p');
  // Let the scroll settle and be reported.
  await page.waitForTimeout(400);
  const before = await scrollY(page);
  expect(before).toBeGreaterThan(800);

  await page.getByTestId('visual-panel').getByRole('button', { name: 'Duplicar' }).click();
  await expect.poll(async () => (await serverPage(page, spaceId, headers)).match(/Bloque 7</g)?.length).toBe(2);
  await expect(preview(page).locator('p', { hasText: /^Bloque 7$/ })).toHaveCount(2);
  // The copy (the second "Bloque 7") is selected and outlined; the page did not jump to the top.
  await expect(page.getByTestId('visual-selected')).toContainText('p');
  await outlined(page, '.bloque', 7);
  expect(Math.abs((await scrollY(page)) - before)).toBeLessThan(40);

  // "Mover arriba" (never "Subir"): "Bloque 8" passes the copy and stays selected.
  await expect(page.getByTestId('visual-panel').getByRole('button', { name: 'Subir' })).toHaveCount(0);
  await preview(page)
    .locator('p', { hasText: /^Bloque 8$/ })
    .click();
  await expect(page.getByTestId('visual-selected')).toContainText('p');
  await page.waitForTimeout(400);
  const beforeMove = await scrollY(page);
  await page.getByTestId('visual-panel').getByRole('button', { name: 'Mover arriba' }).click();
  await expect
    .poll(async () =>
      (await serverPage(page, spaceId, headers)).includes(
        'Bloque 8</p>\n      <p class="bloque">Bloque 7</p>\n      <p class="bloque">Bloque 9',
      ),
    )
    .toBe(true);
  await expect(page.getByTestId('visual-selected')).toContainText('p');
  await expect(preview(page).locator('.bloque').nth(7)).toHaveText('Bloque 8');
  await outlined(page, '.bloque', 7);
  expect(Math.abs((await scrollY(page)) - beforeMove)).toBeLessThan(40);
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width}: a transparent "Fondo" shows a checkerboard, and the "Alineación" row is not clipped`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await setUp(page);
    await preview(page)
      .locator('p', { hasText: /^Bloque 1$/ })
      .click();
    await expect(page.getByTestId('visual-selected')).toContainText('p');
    const swatch = page.getByTestId('visual-panel').getByTestId('color-transparent');
    await expect(swatch).toBeVisible();
    // What a person sees: light and grey squares, never one black block.
    const { data, info } = await sharp(await swatch.screenshot())
      .raw()
      .toBuffer({ resolveWithObject: true });
    let dark = 0;
    let light = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const luminance = ((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3;
      if (luminance < 60) dark++;
      if (luminance > 190) light++;
    }
    expect(light / (data.length / info.channels)).toBeGreaterThan(0.3);
    expect(dark / (data.length / info.channels)).toBeLessThan(0.2);

    const panel = page.getByTestId('visual-panel');
    const row = panel.getByTestId('visual-align');
    await row.scrollIntoViewIfNeeded();
    const panelBox = await panel.boundingBox();
    for (const name of ['Izquierda', 'Centro', 'Derecha']) {
      const button = await row.getByRole('button', { name }).boundingBox();
      expect(button, name).not.toBeNull();
      // Whole, inside the row and the panel.
      expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual((panelBox?.x ?? 0) + (panelBox?.width ?? 0));
    }
    expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: `/tmp/firsthour4-shots/visual-place-${size.width}-${theme}.png` });
    }
  });
}

test('on a phone the selection box follows a text that grew after an edit', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await setUp(page);
  const heading = preview(page).locator('h1');
  await heading.click();
  await expect(heading).toHaveAttribute('contenteditable', 'plaintext-only');
  await page.keyboard.press('End');
  await page.keyboard.type(' de plantas, árboles frutales, semillas y macetas hechas a mano en el barrio');
  await page.keyboard.press('Enter');
  await expect(heading).toContainText('macetas');
  await expect
    .poll(async () => {
      const { shown, outline, element } = await boxes(page, 'h1', 0);
      return shown && outline?.[1] === element?.[1] && (element?.[1] ?? 0) > 80;
    })
    .toBe(true);
});
