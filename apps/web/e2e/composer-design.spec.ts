import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './fixtures/axe';
import { createSpace, preview, publishFromTools } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

/**
 * Issue 38: the owner's photo goes in the hero when asked ("usa mi foto en la portada") and shows on
 * the published site; "Cambiar diseño" offers the other families with a preview, without a message.
 */
test.describe.configure({ timeout: 300_000 });

const BRIEF = 'Web para la peluquería Tijeras de Oro en Bilbao, teléfono 944 111 222, con servicios y contacto.';

const headers = async (page: Page) => ({ authorization: `Bearer ${await sessionToken(page)}` });
const messagesUsed = async (page: Page) =>
  ((await (await page.request.get('/api/user/profile', { headers: await headers(page) })).json()) as { messagesUsed: number })
    .messagesUsed;
const loaded = (img: ReturnType<Page['locator']>) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)).catch(() => 0);

async function ask(page: Page, text: string) {
  const prompt = page.getByLabel('Describe tu sitio o el cambio que quieres');
  await prompt.fill(text);
  await prompt.press('Enter');
}

async function composedSpace(page: Page, name: string, brief = BRIEF) {
  await signIn(page, name);
  const spaceId = await createSpace(page, `${name} ${Math.random().toString(36).slice(2, 7)}`);
  await ask(page, brief);
  await expect(page.getByText('DIV ha terminado tu sitio').first()).toBeVisible({ timeout: 120_000 });
  if (brief === BRIEF)
    await expect(preview(page).getByRole('heading', { level: 1, name: 'Tijeras de Oro' })).toBeVisible({ timeout: 30_000 });
  return spaceId;
}

test('«usa mi foto en la portada» puts the uploaded photo in the published hero', async ({ page, context, baseURL }) => {
  await composedSpace(page, 'Portada');
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#9d174d' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('image-upload-input').setInputFiles({ name: 'salon.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('images-section').getByText('salon.jpg')).toBeVisible({ timeout: 30_000 });
  // The upload's toast offers the image for the hero.
  await expect(page.getByRole('button', { name: 'Usar en la portada' })).toBeVisible();

  const before = await messagesUsed(page);
  await ask(page, 'usa mi foto en la portada');
  await expect(page.getByText(/DIV ha terminado tu sitio/).first()).toBeVisible({ timeout: 120_000 });
  const hero = preview(page).locator('.hero img.hero-photo');
  await expect(hero).toHaveAttribute('alt', 'Tijeras de Oro');
  await expect.poll(() => loaded(hero), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(await messagesUsed(page)).toBe(before + 1);

  const site = await context.newPage();
  await site.goto(await publishFromTools(page, baseURL));
  const live = site.locator('.hero img.hero-photo');
  await expect.poll(() => loaded(live), { timeout: 30_000 }).toBeGreaterThan(0);
  expect([await live.getAttribute('width'), await live.getAttribute('height'), await live.getAttribute('alt')]).toEqual([
    '1600',
    '1000',
    'Tijeras de Oro',
  ]);
  expect(await live.getAttribute('src')).toMatch(/^\/_div\/images\/[0-9a-f]{32}-\d+\.webp$/);
});

test('without an uploaded photo it is refused for free; «Cambiar diseño» restyles without a message', async ({ page }) => {
  await composedSpace(page, 'Diseño');
  const before = await messagesUsed(page);
  await ask(page, 'usa mi foto en la portada');
  await expect(page.getByText(/no tiene ninguna imagen subida/).first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => messagesUsed(page)).toBe(before);

  const bodyClass = () => preview(page).locator('body').getAttribute('class');
  const from = (await bodyClass()) ?? '';
  await page.getByTestId('design-button').click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar diseño' });
  await expect(dialog).toBeVisible();
  // Every other family, each with a preview of this site in it.
  await expect(dialog.locator('li')).toHaveCount(12, { timeout: 30_000 });
  const noir = dialog.getByTestId('design-noir');
  const thumb = noir.locator('iframe');
  await expect(thumb).toBeAttached({ timeout: 30_000 });
  await expect(thumb.contentFrame().getByRole('heading', { level: 1, name: 'Tijeras de Oro' })).toBeAttached();
  // The dialog passes axe in both themes, and at a phone's width.
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(page, '[data-testid="design-dialog"]')).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page, '[data-testid="design-dialog"]')).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });

  await noir.getByRole('button', { name: 'Usar Noir' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('Diseño cambiado a Noir').first()).toBeVisible();
  await expect.poll(bodyClass, { timeout: 30_000 }).toContain('design-noir');
  expect(from).not.toContain('design-noir');
  // The same content, a dark page, and no message used.
  await expect(preview(page).getByRole('heading', { level: 1, name: 'Tijeras de Oro' })).toBeVisible();
  const bg = await preview(page)
    .locator('body')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(bg).toBe('rgb(15, 13, 11)');
  expect(await messagesUsed(page)).toBe(before);

  // A new upload is offered for the hero, and taking it uses no message either.
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('image-upload-input').setInputFiles({ name: 'fachada.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Usar en la portada' }).click();
  await expect(page.getByText('fachada.jpg está en la portada').first()).toBeVisible({ timeout: 30_000 });
  const hero = preview(page).locator('.hero img.hero-photo');
  await expect(hero).toHaveAttribute('src', /fachada|\/preview\/images\//);
  await expect.poll(() => loaded(hero), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(await messagesUsed(page)).toBe(before);
});

test('a published site reads well from 320 to 1440 px: whole words, no sideways scroll, nothing under the WhatsApp button', async ({
  page,
  context,
  baseURL,
}) => {
  await composedSpace(
    page,
    'Oficio',
    'Herbolario Raíz en Granada: plantas medicinales, infusiones a granel y cosmética natural. WhatsApp 654 123 456. Con servicios y contacto.',
  );
  const url = await publishFromTools(page, baseURL);
  const site = await context.newPage();
  for (const width of [320, 390, 900, 1440]) {
    await site.setViewportSize({ width, height: 800 });
    await site.goto(url);
    await site.evaluate(() => document.fonts.ready);
    const seen = await site.evaluate(() => {
      const h1 = document.querySelector('h1') as HTMLElement;
      const broken: string[] = [];
      const text = h1.firstChild as Text;
      for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index ?? 0);
        range.setEnd(text, (m.index ?? 0) + m[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
      }
      // At the end of the page nothing readable is under the floating button.
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
      const button = document.querySelector('.whatsapp-float') as HTMLElement;
      const b = button.getBoundingClientRect();
      const covered = [...document.querySelectorAll('h2, h3, p, li, a, input, textarea, label')]
        .filter((el) => !button.contains(el) && el !== button)
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.left < b.right - 1 && r.right > b.left + 1 && r.top < b.bottom - 1 && r.bottom > b.top + 1;
        })
        .map((el) => el.textContent?.trim().slice(0, 30));
      return { broken, covered, wider: document.documentElement.scrollWidth > window.innerWidth, title: h1.textContent };
    });
    expect(seen, `${width} px`).toEqual({ broken: [], covered: [], wider: false, title: seen.title });
  }
  // The herbalist's lines have their own icons (Lucide's leaf), not an office's briefcase.
  const html = await site.content();
  expect(html).toContain('M11 20a10 10 0 0010-10');
  expect(html).not.toContain('M16 20V4a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v16');
});
