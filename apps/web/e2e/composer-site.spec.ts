import { expect, type Frame, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { signIn } from './fixtures/sign-in';

/**
 * The local composer builds the site a brief describes (issue 21), and the preview shows it styled
 * from its first paint, with no blank frame between the half-written and the final site (issue 22).
 */
test.describe.configure({ timeout: 240_000 });

const BRIEF =
  "Web para la panadería artesanal 'La Espiga' en Sevilla, Calle Feria 23, teléfono 654 123 456. Pan de masa madre a 3,50 € y croissants a 1,20 €. Con galería, mapa, WhatsApp y contacto.";

interface Paint {
  source: 'streaming' | 'preview';
  /** Characters of visible text: 0 is a blank frame. */
  text: number;
  /** CSS rules the document has: 0 is unstyled HTML. */
  rules: number;
  /** Links in the browser's default blue. */
  defaultLinks: number;
}

/** What the pane shows right now: the half-written site on top while it streams, else the live preview. */
async function paint(page: Page): Promise<Paint | null> {
  const streaming = page.locator('[data-testid="streaming-preview"]');
  const source = (await streaming.count()) > 0 ? 'streaming' : 'preview';
  const handle = await page
    .locator(source === 'streaming' ? '[data-testid="streaming-preview"]' : '[data-testid="preview-frame"]')
    .elementHandle({ timeout: 500 })
    .catch(() => null);
  const frame: Frame | null = handle ? await handle.contentFrame().catch(() => null) : null;
  if (!frame) return null;
  const seen = await frame
    .evaluate(() => {
      let rules = 0;
      for (const sheet of Array.from(document.styleSheets)) rules += sheet.cssRules.length;
      const links = Array.from(document.querySelectorAll('a')).filter((a) => getComputedStyle(a).color === 'rgb(0, 0, 238)');
      return { text: (document.body?.textContent ?? '').trim().length, rules, defaultLinks: links.length };
    })
    .catch(() => null);
  return seen && { source, ...seen };
}

test('a brief becomes its site, styled from the first paint and never blank', async ({ page }) => {
  await signIn(page, 'Panadera');
  await page.goto('/spaces');
  await page.getByLabel('Nombre del proyecto').fill('La Espiga');
  await page.getByLabel('Nombre del proyecto').press('Enter');
  await expect(page.getByTestId('code-editor')).toBeVisible({ timeout: 60_000 });
  const preview = page.frameLocator('[data-testid="preview-frame"]');
  await expect(preview.locator('body')).not.toBeEmpty({ timeout: 20_000 });

  // Every animation frame of the editor, from before the brief is sent: what the preview pane shows
  // (the half-written site's visible frame, or the live preview under it) and the document it holds.
  await page.evaluate(() => {
    const log: { overlay: boolean; frames: number; css: number; text: number; shown: boolean }[] = [];
    (window as unknown as { paintLog: typeof log }).paintLog = log;
    const tick = () => {
      const shown = document.querySelector<HTMLIFrameElement>('[data-testid="streaming-preview"]');
      const frames = document.querySelectorAll('[data-testid^="streaming-preview"]').length;
      if (shown) {
        const doc = new DOMParser().parseFromString(shown.srcdoc, 'text/html');
        const css = Array.from(doc.querySelectorAll('style')).reduce((n, st) => n + (st.textContent ?? '').length, 0);
        log.push({
          overlay: true,
          frames,
          css,
          text: (doc.body?.textContent ?? '').trim().length,
          shown: getComputedStyle(shown).visibility === 'visible',
        });
      } else log.push({ overlay: false, frames, css: -1, text: -1, shown: false });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const prompt = page.getByLabel('Describe tu sitio o el cambio que quieres');
  await prompt.fill(BRIEF);
  await prompt.press('Enter');
  // Besides, what the browser actually paints, as often as the machine allows.
  const paints: Paint[] = [];
  let doneAt = 0;
  const whenDone = expect(page.getByText('DIV ha terminado tu sitio').first())
    .toBeVisible({ timeout: 120_000 })
    .then(() => {
      doneAt = Date.now();
    });
  const started = Date.now();
  while (Date.now() - started < 120_000 && (!doneAt || Date.now() - doneAt < 1500)) {
    const seen = await paint(page);
    if (seen) paints.push(seen);
  }
  await whenDone;
  expect(doneAt).toBeGreaterThan(0);
  const log = await page.evaluate(
    () => (window as unknown as { paintLog: { overlay: boolean; css: number; text: number; shown: boolean }[] }).paintLog,
  );
  const overlay = log.filter((entry) => entry.overlay);
  // The half-written site was on screen, and in none of its frames was it unstyled or blank.
  expect(overlay.length).toBeGreaterThan(0);
  expect(overlay.filter((entry) => entry.css < 2000 || entry.text === 0 || !entry.shown)).toEqual([]);
  // Once on screen it stays until the live preview has the final site (no gap between the two)…
  const first = log.findIndex((entry) => entry.overlay);
  const last = log.length - 1 - [...log].reverse().findIndex((entry) => entry.overlay);
  expect(log.slice(first, last + 1).every((entry) => entry.overlay)).toBe(true);
  // …and what the browser painted was styled and had content, whichever frame it was.
  expect(paints.filter((p) => p.source === 'streaming' && (p.rules < 20 || p.defaultLinks > 0))).toEqual([]);
  expect(paints.filter((p) => p.text === 0)).toEqual([]);

  // The facts the brief gave are on the page.
  await expect(preview.getByRole('heading', { level: 1, name: 'La Espiga' })).toBeVisible();
  for (const fact of ['Calle Feria 23', '654 123 456', '3,50 €', '1,20 €']) {
    await expect(preview.getByText(fact).first()).toBeAttached();
  }
  await expect(preview.locator('[data-section="gallery"]')).toBeAttached();
  await expect(preview.locator('[data-section="map"]')).toBeAttached();
  await expect(preview.locator('a[href="https://wa.me/34654123456"]')).toBeAttached();
  // No other industry's words, no invented place.
  const text = (await preview.locator('body').textContent()) ?? '';
  expect(text).not.toMatch(/Reservar mesa|Calle Mayor 12|para tu negocio|carrito/i);
  // The kind's own icons (Lucide's croissant), drawn inline.
  await expect(preview.locator('svg.icon path[d^="M10.2 18H4.774"]').first()).toBeAttached();

  // The generated site passes axe-core (WCAG 2.2 AA) with no serious or critical violation.
  const frame = await (await page.locator('[data-testid="preview-frame"]').elementHandle())?.contentFrame();
  expect(frame).toBeTruthy();
  expect(await seriousViolations(frame as Frame)).toEqual([]);
});
