import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { signIn } from './fixtures/sign-in';

// The machine is shared with other test runs: give lazy chunks time to arrive.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const screenshotsDir = path.resolve(import.meta.dirname, '../../../docs/screenshots');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

/** Nothing leaves the machine: outside addresses get a tiny local answer (or fail, for avatars). */
async function keepLocal(page: Page) {
  await page.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => {
      const url = new URL(route.request().url());
      if (url.hostname.endsWith('googleusercontent.com')) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({ status: 200, contentType: 'text/html', body: `<h1>perfil externo ${url.hostname}</h1>` });
    },
  );
}

test.beforeEach(async ({ page }) => {
  await keepLocal(page);
  await page.addInitScript(() => {
    if (!localStorage.getItem('div_cookie_consent')) localStorage.setItem('div_cookie_consent', 'false');
  });
});

async function loadAllLazySections(page: Page) {
  for (let i = 0; i < 12; i += 1) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(80);
  }
  await expect(page.locator('[data-lazy-section="pending"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '¿Listo para crear tu sitio?' })).toBeVisible();
}

test.describe('home', () => {
  test('hero, claims, "Comenzar gratis" to sign-in and a tagline rotating every 3 s', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toContainText('Crea');
    for (const claim of ['10K+', '99.9%', '<30s']) await expect(main.getByText(claim, { exact: true }).first()).toBeVisible();
    await expect(main.getByText(/Backend incluido/)).toBeVisible();

    const tagline = page.getByTestId('hero-tagline');
    const first = await tagline.textContent();
    expect(first).toBe('sitios web completos');
    await expect(tagline).not.toHaveText(first ?? '', { timeout: 4500 });
    const second = await tagline.textContent();
    await page.waitForTimeout(1500);
    await expect(tagline).toHaveText(second ?? '');
    await expect(tagline).not.toHaveText(second ?? '', { timeout: 3000 });

    // Signed out, the free start goes through sign-in, which then lands on /spaces (issue 22).
    await expect(main.getByRole('link', { name: 'Comenzar gratis' })).toHaveAttribute('href', '/login');
  });

  test('the four sections load only when scrolled near', async ({ page }) => {
    const sectionChunks: string[] = [];
    page.on('request', (request) => {
      const match = /\/assets\/(demo|features|technology|cta)-section-/.exec(request.url());
      if (match?.[1]) sectionChunks.push(match[1]);
    });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    await expect(page.getByTestId('hero-tagline')).toBeVisible();
    await expect(page.locator('[data-lazy-section="pending"]').first()).toBeAttached();
    expect(sectionChunks).not.toContain('cta');
    await expect(page.getByRole('heading', { name: '¿Listo para crear tu sitio?' })).toHaveCount(0);

    await loadAllLazySections(page);
    for (const heading of ['De una frase a un sitio publicado', 'Todo lo que necesitas para lanzar', 'Tecnología de confianza']) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    expect(new Set(sectionChunks)).toEqual(new Set(['demo', 'features', 'technology', 'cta']));
  });
});

test.describe('pricing', () => {
  test('signed out: four plans from the catalogue, medium popular, feature cards, developers block, support mail', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Planes y precios' })).toBeVisible();
    const cards = page.locator('article[data-plan]');
    await expect(cards).toHaveCount(4);
    const expected = [
      ['free', 'Gratis', '$0', 'Comenzar gratis', '100 mensajes al mes'],
      ['small', 'Pequeño', '$10', 'Seleccionar plan', '500 mensajes al mes'],
      ['medium', 'Mediano', '$25', 'Seleccionar plan', '1.000 mensajes al mes'],
      ['pro', 'Pro', '$50', 'Seleccionar plan', '3.000 mensajes al mes'],
    ] as const;
    for (const [id, name, price, button, messages] of expected) {
      const card = page.locator(`article[data-plan="${id}"]`);
      await expect(card.getByRole('heading', { name, exact: true })).toBeVisible();
      await expect(card.getByText(price, { exact: true })).toBeVisible();
      await expect(card.getByText(messages)).toBeVisible();
      await expect(card.getByRole('button', { name: button })).toBeEnabled();
    }
    await expect(page.locator('article[data-plan="medium"]').getByText('Más popular')).toBeVisible();
    await expect(page.getByText('Plan actual')).toHaveCount(0);

    await expect(page.locator('[data-feature-card="customDomain"]')).toContainText('Disponible en: Mediano, Pro');
    await expect(page.locator('[data-feature-card="customApi"]')).toContainText('Disponible en: Pro');
    await expect(page.locator('[data-feature-card="viewAnalytics"]')).toContainText('Disponible en: Mediano, Pro');
    await expect(page.locator('[data-feature-card="advancedSeo"]')).toContainText('SEO avanzado');

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Ver planes de desarrollador' })).toHaveAttribute('href', '/developers');
    await expect(main.getByRole('link', { name: 'Ver mi uso' })).toHaveAttribute('href', '/usage');
    await expect(main.getByRole('link', { name: 'soporte@div.dev' })).toHaveAttribute('href', 'mailto:soporte@div.dev');

    await page.locator('article[data-plan="pro"]').getByRole('button', { name: 'Seleccionar plan' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signed in: the current plan is marked and disabled; a paid plan asks the server for checkout', async ({ page }) => {
    await signIn(page, 'Precios');
    await page.goto('/pricing');
    const free = page.locator('article[data-plan="free"]');
    await expect(free.getByRole('button', { name: 'Plan actual' })).toBeDisabled();
    await expect(page.locator('article[data-current]')).toHaveCount(1);

    // The real billing server answers; its answer is read on the way so the test knows where to expect the browser.
    let answer: { status: number; body: { url?: string; message?: string }; request: unknown } | null = null;
    await page.route('**/api/payment/create-checkout-session', async (route) => {
      const response = await route.fetch();
      answer = { status: response.status(), body: await response.json(), request: route.request().postDataJSON() };
      await route.fulfill({ response });
    });
    await page.locator('article[data-plan="small"]').getByRole('button', { name: 'Seleccionar plan' }).click();
    await expect.poll(() => answer).not.toBeNull();
    const seen = answer as unknown as { status: number; body: { url?: string; message?: string }; request: unknown };
    expect(seen.request).toEqual({ priceId: 'price_small_plan' });
    if (seen.status === 200) {
      const target = new URL(seen.body.url ?? '', page.url()).href;
      await page.waitForURL((url) => url.href === target);
    } else {
      await expect(page.getByText(seen.body.message ?? '')).toBeVisible();
      await expect(page).toHaveURL(/\/pricing$/);
    }
  });

  test('a failing checkout shows the server message', async ({ page }) => {
    await signIn(page, 'Pago');
    await page.route('**/api/payment/create-checkout-session', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'El pago todavía no está disponible.', code: 'NOT_FOUND' }),
      }),
    );
    await page.goto('/pricing');
    await page.locator('article[data-plan="medium"]').getByRole('button', { name: 'Seleccionar plan' }).click();
    await expect(page.getByText('El pago todavía no está disponible.')).toBeVisible();
    await expect(page.locator('article[data-plan="medium"]').getByRole('button', { name: 'Seleccionar plan' })).toBeEnabled();
  });
});

test.describe('developers', () => {
  test('four plans, growth popular, sales by mail, guide with snippets, links to pricing and usage', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/payment')) calls += 1;
    });
    await page.goto('/developers');
    await expect(page.getByRole('heading', { level: 1, name: 'Planes para desarrolladores' })).toBeVisible();
    await expect(page.locator('article[data-plan]')).toHaveCount(4);
    for (const [id, name, price, rate] of [
      ['starter', 'Starter', '$0', '10 req/min'],
      ['growth', 'Growth', '$29', '100 req/min'],
      ['scale', 'Scale', '$99', '1.000 req/min'],
      ['enterprise', 'Enterprise', 'Personalizado', 'Límite personalizado'],
    ] as const) {
      const card = page.locator(`article[data-plan="${id}"]`);
      await expect(card.getByRole('heading', { name, exact: true })).toBeVisible();
      await expect(card.getByText(price, { exact: true })).toBeVisible();
      await expect(card.getByText(rate)).toBeVisible();
    }
    await expect(page.locator('article[data-plan="growth"]').getByText('Más popular')).toBeVisible();
    const sales = page.locator('article[data-plan="enterprise"]').getByRole('link', { name: 'Contactar ventas' });
    await expect(sales).toHaveAttribute('href', /^mailto:ventas@div\.dev/);

    for (const step of ['Obtén tu API key', 'Configura el SDK o la API REST', 'Integra']) {
      await expect(page.getByRole('heading', { name: step, exact: true })).toBeVisible();
    }
    await expect(page.getByText('npm install @div/sdk')).toBeVisible();
    await page.getByRole('tab', { name: 'curl' }).click();
    await expect(page.getByText(/curl -X POST \S+\/v1\/generate/)).toBeVisible();
    await expect(page.getByText(/Authorization: Bearer \$DIV_API_KEY/).first()).toBeVisible();

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Ver planes regulares' })).toHaveAttribute('href', '/pricing');
    await expect(main.getByRole('link', { name: 'Ver mi uso' })).toHaveAttribute('href', '/usage');
    expect(calls).toBe(0);
  });

  test('signed in: the current developer plan reads "Plan actual" and is disabled', async ({ page }) => {
    await signIn(page, 'Dev');
    const profile = page.waitForResponse((r) => r.url().endsWith('/api/user/profile') && r.ok());
    await page.goto('/developers');
    const { developerPlan } = (await (await profile).json()) as { developerPlan: string };
    const id = ({ dev_basic: 'starter', dev_unlimited: 'enterprise' } as Record<string, string>)[developerPlan] ?? developerPlan;
    const expectedId = ['starter', 'growth', 'scale', 'enterprise'].includes(id) ? id : 'starter';
    await expect(page.locator(`article[data-plan="${expectedId}"]`).getByRole('button', { name: 'Plan actual' })).toBeDisabled();
    await expect(page.locator('article[data-current]')).toHaveCount(1);
  });
});

const legalDocs = [
  { id: 'terms', title: 'Términos y condiciones', sections: 10 },
  { id: 'privacy', title: 'Política de privacidad', sections: 10 },
  { id: 'cookies', title: 'Política de cookies', sections: 7 },
] as const;

test.describe('legal pages', () => {
  for (const doc of legalDocs) {
    test(`${doc.id}: sections, working contents, date, print version and PDF with every section title`, async ({ page }) => {
      await page.goto(`/${doc.id}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
      await expect(main.getByText('Última actualización: 27 de junio de 2025')).toBeVisible();
      const toc = main.getByRole('navigation', { name: 'Contenido' });
      const entries = toc.getByRole('list').first().getByRole('link');
      await expect(entries).toHaveCount(doc.sections);
      const titles = await entries.allTextContents();

      // A table-of-contents link scrolls to its section.
      const last = entries.last();
      const hash = (await last.getAttribute('href')) ?? '';
      await last.click();
      await expect(page).toHaveURL(new RegExp(`${hash}$`));
      await expect(page.locator(hash).getByRole('heading')).toBeInViewport();

      // The PDF: downloaded, a real PDF, holding every section title of the page.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main.getByRole('link', { name: 'Descargar PDF' }).click(),
      ]);
      const file = await download.path();
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(bytes) });
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      await parser.destroy();
      expect(text).toContain(doc.title);
      for (const title of titles) expect(text).toContain(title);

      // The print version: no navigation chrome, the print button only acts on request.
      await main.getByRole('link', { name: 'Versión para imprimir' }).click();
      await expect(page).toHaveURL(new RegExp(`/${doc.id}\\?print$`));
      await expect(page.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
      await expect(page.getByRole('navigation')).toHaveCount(0);
      await expect(page.locator('footer')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('link', { name: 'Descargar PDF' })).toBeHidden();
      for (const title of titles) await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    });
  }

  test('the cookie policy names the storage keys and the 2-year lifetime', async ({ page }) => {
    await page.goto('/cookies');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Política de cookies' })).toBeVisible();
    for (const key of ['div_auth_token', 'div_user_session', 'div_cookie_consent', 'div_theme', 'div_language']) {
      await expect(main.getByText(key)).toBeVisible();
    }
    await expect(main.getByText(/hasta 2 años/)).toBeVisible();
    await expect(main.getByText(/HttpOnly/)).toBeVisible();
  });
});

test.describe('social redirects', () => {
  const targets = {
    discord: 'discord.gg',
    twitter: 'x.com',
    x: 'x.com',
    github: 'github.com',
    instagram: 'www.instagram.com',
    tiktok: 'www.tiktok.com',
    reddit: 'www.reddit.com',
    linkedin: 'www.linkedin.com',
    facebook: 'www.facebook.com',
  } as const;
  for (const [network, host] of Object.entries(targets)) {
    test(`/${network} shows 'Redirigiendo a' and leaves for ${host}`, async ({ page }) => {
      // The message is recorded as it appears: the page itself is gone once the browser leaves.
      const headings: string[] = [];
      await page.exposeFunction('recordHeading', (text: string) => headings.push(text));
      await page.addInitScript(() => {
        new MutationObserver(() => {
          const h1 = document.querySelector('main h1');
          if (h1?.textContent) (window as unknown as { recordHeading: (t: string) => void }).recordHeading(h1.textContent);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(`/${network}`);
      await page.waitForURL((url) => url.hostname === host);
      expect(headings.some((h) => /^Redirigiendo a .+\.\.\.$/.test(h))).toBe(true);
      await expect(page.getByRole('heading', { name: `perfil externo ${host}` })).toBeVisible();
    });
  }

  test('an unknown address says so, with a way home (issue 43)', async ({ page }) => {
    await page.goto('/myspace');
    await expect(page).toHaveURL(/\/myspace$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(page).toHaveTitle('Página no encontrada — DIV');
    await page.getByRole('main').getByRole('link', { name: 'Ir al inicio' }).click();
    await expect(page.getByTestId('hero-tagline')).toBeVisible();
  });
});

test('avatar demo: four conditions in four sizes, fallbacks for the failing ones, icon variant', async ({ page }) => {
  await page.goto('/avatar-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Demostración de avatares' })).toBeVisible();
  const svg = page.locator('[data-variant="svg"]');
  const icon = page.locator('[data-variant="icon"]');
  await expect(svg.locator('[data-condition="working"] img[data-avatar-state="image"]')).toHaveCount(4);
  for (const img of await svg.locator('[data-condition="working"] img').all()) {
    await expect(img).toHaveAttribute('alt', /Ana García/);
    // The image may still be loading when the page has rendered: wait for it to arrive.
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  for (const condition of ['google', 'broken', 'none']) {
    await expect(svg.locator(`[data-condition="${condition}"] [data-avatar-state="fallback-svg"]`)).toHaveCount(4);
    await expect(icon.locator(`[data-condition="${condition}"] [data-avatar-state="fallback-icon"]`)).toHaveCount(4);
  }
  const sizes = await svg
    .locator('[data-condition="none"] [data-avatar-state]')
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));
  expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  expect(new Set(sizes).size).toBe(4);
});

test('/loading stays in its loading state for at least 2000 ms', async ({ page }) => {
  // Record in the page when the state changes, so a slow test machine cannot blur the measure.
  await page.addInitScript(() => {
    const w = window as unknown as { loadingSeen?: Record<string, number> };
    w.loadingSeen = {};
    new MutationObserver(() => {
      const state = document.querySelector('[data-loading-state]')?.getAttribute('data-loading-state');
      if (state && w.loadingSeen && !(state in w.loadingSeen)) w.loadingSeen[state] = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto('/loading');
  const status = page.locator('[data-loading-state]');
  await expect(page.getByRole('heading', { name: 'Cargando...' })).toBeVisible();
  await expect(status).toHaveAttribute('data-loading-state', 'done', { timeout: 6000 });
  await expect(page.getByRole('heading', { name: 'Todo listo' })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { loadingSeen: Record<string, number> }).loadingSeen);
  expect((seen.done ?? 0) - (seen.loading ?? 0)).toBeGreaterThanOrEqual(1990);
});

test('build info: fetched at start, kept in session storage and on the debug global', async ({ page, request }) => {
  const file = (await (await request.get('/build-info.json')).json()) as Record<string, unknown>;
  expect(file).toMatchObject({ version: '0.1.0', environment: 'production' });
  expect(typeof file.buildId).toBe('string');
  expect(typeof file.hash).toBe('string');
  await page.goto('/');
  await page.waitForFunction(() => Boolean((window as unknown as { __DIV_BUILD__?: unknown }).__DIV_BUILD__));
  const seen = await page.evaluate(() => ({
    global: (window as unknown as { __DIV_BUILD__?: unknown }).__DIV_BUILD__,
    stored: JSON.parse(sessionStorage.getItem('div_build_info') ?? 'null'),
  }));
  expect(seen.global).toEqual(file);
  expect(seen.stored).toEqual(file);

  await page.route('**/build-info.json', (route) => route.fulfill({ status: 500, body: 'down' }));
  await page.reload();
  await page.waitForFunction(
    () => (window as unknown as { __DIV_BUILD__?: { version: string } }).__DIV_BUILD__?.version === '0.0.0',
  );
  expect(
    await page.evaluate(() => (window as unknown as { __DIV_BUILD__: { environment: string } }).__DIV_BUILD__.environment),
  ).toBe('production');
});

const publicPaths = ['/', '/pricing', '/developers', '/terms', '/privacy', '/cookies', '/avatar-demo', '/loading', '/discord'];

test('mobile 375x667: no horizontal scroll on any public page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  for (const p of publicPaths.filter((x) => x !== '/discord')) {
    await page.goto(p);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (p === '/') await loadAllLazySections(page);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0], `${p} scrolls sideways`).toBeLessThanOrEqual(widths[1] ?? 375);
  }
});

test('keyboard: the pricing buttons are reached with Tab and show a visible focus ring', async ({ page }) => {
  await page.goto('/pricing');
  const button = page.locator('article[data-plan="small"]').getByRole('button');
  await button.focus();
  await expect(button).toBeFocused();
  const outline = await button.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  const images = await page.locator('img:not([alt])').count();
  expect(images).toBe(0);
});

test.describe('themes and screenshots', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`home, pricing and developers in the ${theme} theme`, async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      await page.addInitScript((t) => localStorage.setItem('div_theme', t), theme);
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const [name, p] of [
        ['home', '/'],
        ['pricing', '/pricing'],
        ['developers', '/developers'],
      ] as const) {
        await page.goto(p);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(mainNav(page)).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        const lightness = await page.evaluate(() => {
          // Paint the body colour on a canvas to read it as RGB whatever the CSS colour space.
          const ctx = document.createElement('canvas').getContext('2d');
          if (!ctx) return -1;
          ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
          ctx.fillRect(0, 0, 1, 1);
          const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
          return (r + g + b) / 3;
        });
        if (theme === 'dark') expect(lightness).toBeLessThan(50);
        else expect(lightness).toBeGreaterThan(200);
        if (p === '/') await loadAllLazySections(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(screenshotsDir, `${name}-${theme}.png`), fullPage: true });
      }
    });
  }
});
