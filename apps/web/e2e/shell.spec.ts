import { expect as baseExpect, type Page, test } from '@playwright/test';

// The machine running these is shared and busy: sign-in round trips get generous waits.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const consent = (page: Page) => page.evaluate(() => localStorage.getItem('div_cookie_consent'));
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

test.describe('cookie banner', () => {
  test("'Solo esenciales' stores false and the banner stays closed", async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Usamos cookies' });
    await expect(banner).toBeVisible();
    await page.screenshot({ path: '/tmp/div-cookie-banner.png' });
    // Keyboard users reach it first.
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('link', { name: 'Política de cookies' })).toBeFocused();
    await banner.getByRole('button', { name: 'Solo esenciales' }).click();
    await expect(banner).toBeHidden();
    expect(await consent(page)).toBe('false');
    await page.reload();
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Usamos cookies' })).toHaveCount(0);
  });

  test("'Aceptar todo' stores true and runs the accept callback", async ({ page }) => {
    await page.addInitScript(() => {
      window.addEventListener('div:cookies-accepted', () => {
        (window as unknown as { accepted: number }).accepted = ((window as unknown as { accepted?: number }).accepted ?? 0) + 1;
      });
    });
    await page.goto('/pricing');
    const banner = page.getByRole('dialog', { name: 'Usamos cookies' });
    await banner.getByRole('button', { name: 'Aceptar todo' }).click();
    await expect(banner).toBeHidden();
    expect(await consent(page)).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { accepted?: number }).accepted)).toBe(1);
  });

  test('the page stays usable while the banner is open', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Usamos cookies' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Precios' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('with consent given', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('div_cookie_consent', 'true'));
  });

  test('the theme switch persists across reloads', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    const themes = mainNav(page).getByRole('group', { name: 'Tema' });
    await themes.getByRole('button', { name: 'Oscuro' }).click();
    await expect(html).toHaveClass(/dark/);
    await expect(themes.getByRole('button', { name: 'Oscuro' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('div_theme'))).toBe('dark');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.screenshot({ path: '/tmp/div-shell-dark.png', fullPage: false });

    await themes.getByRole('button', { name: 'Claro' }).click();
    await expect(html).not.toHaveClass(/dark/);
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
    await page.screenshot({ path: '/tmp/div-shell-light.png', fullPage: false });
  });

  test('the system theme follows the operating system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('the language switch shows English and remembers it', async ({ page }) => {
    await page.goto('/');
    await mainNav(page).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Español' }).click();
    await expect(mainNav(page).getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('signed-out navigation offers sign-in and the free start', async ({ page }) => {
    await page.goto('/pricing');
    await mainNav(page).getByRole('link', { name: 'Comenzar gratis' }).click();
    // Signed out, the free start leads to sign-in (then /spaces, issue 22).
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/pricing');
    await mainNav(page).getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the mobile menu works at 375x667', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/');
    await expect(mainNav(page).getByRole('link', { name: 'Iniciar sesión' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const close = page.getByRole('button', { name: 'Cerrar menú' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('list', { name: 'Menú' });
    await expect(menu.getByRole('link', { name: 'Comenzar gratis' })).toBeVisible();
    await page.screenshot({ path: '/tmp/div-shell-mobile-menu.png' });
    // Escape closes it and gives focus back to the toggle.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeFocused();

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await menu.getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
  });

  test('the signed-in mobile menu offers the account entries and signs out', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    await page.getByLabel('Nombre').fill('Marta Ruiz');
    await page.getByLabel('Correo electrónico').fill(`marta.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/spaces$/);

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('list', { name: 'Menú' });
    for (const entry of ['Inicio', 'Proyectos', 'Precios', 'Configuración', 'Uso y métricas']) {
      await expect(menu.getByRole('link', { name: entry })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Uso y métricas' }).click();
    await expect(page).toHaveURL(/\/usage$/);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await menu.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('div_user_session'))).toBeNull();
  });

  test('the footer links to the social screens and the legal pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const social = footer.getByRole('list', { name: 'Redes sociales' });
    const expected: Record<string, string> = {
      Discord: '/discord',
      'X (Twitter)': '/twitter',
      GitHub: '/github',
      Instagram: '/instagram',
      TikTok: '/tiktok',
      Reddit: '/reddit',
      LinkedIn: '/linkedin',
      Facebook: '/facebook',
    };
    for (const [name, href] of Object.entries(expected)) {
      await expect(social.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    for (const heading of ['Producto', 'Recursos', 'Empresa']) {
      await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
    }
    await footer.getByRole('link', { name: 'Privacidad' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(footer.getByRole('link', { name: 'Términos' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Cookies' })).toHaveAttribute('href', '/cookies');
  });

  test('the footer arriving after the page moves nothing on screen', async ({ page }) => {
    // The footer's code loads after the first paint; held back here, it arrives well after the page.
    let releaseFooter: () => void = () => {};
    const footerHeld = new Promise<void>((resolve) => (releaseFooter = resolve));
    await page.route('**/assets/site-footer-*.js', async (route) => {
      await footerHeld;
      await route.continue();
    });
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Continuar con GitHub' });
    await expect(button).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    const before = await button.boundingBox();
    releaseFooter();
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await button.boundingBox()).toEqual(before);
    // The footer is there, below the fold of the short page.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacidad' })).toBeInViewport();
  });

  test('?print shows the page without navigation and footer', async ({ page }) => {
    await page.goto('/terms?print');
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('a progress bar shows while a screen is still downloading', async ({ page }) => {
    await page.goto('/');
    await page.route('**/assets/pricing-page-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await mainNav(page).getByRole('link', { name: 'Precios' }).click();
    // The shell's bar, or the loading screen's own when React shows the fallback: one is active.
    const active = page.locator('[data-testid="route-progress"][data-active="true"]');
    await expect(active.first()).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(active).toHaveCount(0);
  });

  test('a toast container is ready on every page', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.locator('section[aria-label^="Notifications"]')).toHaveCount(1);
  });
});
