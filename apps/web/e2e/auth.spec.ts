import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';

// The machine running these is shared and busy: sign-in round trips get generous waits.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const SESSION_KEY = 'div_user_session';

// The cookie banner is covered in shell.spec.ts; here a stored choice keeps it out of the way.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('div_cookie_consent', 'false'));
});

/** Goes through the real local identity provider page ("Modo local") with a fresh person. */
async function signInThroughLocalProvider(page: Page, provider: 'Google' | 'GitHub', name: string) {
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: `Continuar con ${provider}` }).click();
  await expect(page.getByText('Modo local')).toBeVisible();
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Correo electrónico').fill(`${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

async function storedSession(page: Page) {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { token: string; user: { name: string }; expiresAt: number }) : null;
  }, SESSION_KEY);
}

test('a new visitor signs in with the local provider, stays signed in after a reload and signs out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Bienvenido a DIV' })).toBeVisible();
  await page.screenshot({ path: '/tmp/div-login.png' });

  await signInThroughLocalProvider(page, 'Google', 'Ana Pérez');
  await expect(page).toHaveURL(/\/spaces$/);
  expect(page.url()).not.toContain('validate_code');
  const session = await storedSession(page);
  expect(session?.user.name).toBe('Ana Pérez');
  // Login with validate_code stores the session for 30 days.
  expect(session?.expiresAt ?? 0).toBeGreaterThan(Date.now() + 29 * 86_400_000);

  const accountMenu = page.getByRole('button', { name: 'Menú de la cuenta' });
  await expect(accountMenu).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Proyectos' }),
  ).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/spaces$/);
  await expect(accountMenu).toBeVisible();
  expect((await storedSession(page))?.token).toBe(session?.token);

  // A signed-in visitor on /login goes straight to /spaces.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/spaces$/);

  // The avatar menu works from the keyboard.
  await accountMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Configuración' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);

  await accountMenu.click();
  await expect(page.getByRole('menuitem', { name: 'Configuración' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Uso y métricas' })).toBeVisible();
  await page.screenshot({ path: '/tmp/div-account-menu.png' });
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();

  // The revoked token no longer opens a protected page.
  await page.evaluate(
    ([key, token]) =>
      localStorage.setItem(key, JSON.stringify({ token, user: { name: 'Ana' }, expiresAt: Date.now() + 86_400_000 })),
    [SESSION_KEY, session?.token ?? ''] as const,
  );
  await page.goto('/spaces');
  await expect(page).toHaveURL(/\/$/);
  expect(await storedSession(page)).toBeNull();
});

test('an expired stored session on a protected page goes to /', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((key) => {
    localStorage.setItem(
      key,
      JSON.stringify({ token: 'whatever', user: { name: 'Ana', picture: null }, expiresAt: Date.now() - 1000 }),
    );
    localStorage.setItem('div_auth_token', 'whatever');
  }, SESSION_KEY);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('div_user_session'), localStorage.getItem('div_auth_token')])).toEqual([
    null,
    null,
  ]);
  await expect(
    page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Iniciar sesión' }),
  ).toBeVisible();
});

test('signing in after being sent away returns to the origin page', async ({ page }) => {
  await page.goto('/usage');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Iniciar sesión' }).click();
  await signInThroughLocalProvider(page, 'GitHub', 'Luis Gómez');
  await expect(page).toHaveURL(/\/usage$/);
  expect((await storedSession(page))?.user.name).toBe('Luis Gómez');

  // While the guard asks the server, it names what is loading; then it renews the stored session.
  // The stored copy is made to expire in an hour; the server's answer must replace it.
  await page.evaluate((key) => {
    const session = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...session, expiresAt: Date.now() + 3_600_000 }));
  }, SESSION_KEY);
  await page.route('**/api/auth/verify', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/settings');
  await expect(page.getByText('Cargando configuración...')).toBeVisible();
  await expect(page.getByText('Cargando configuración...')).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  // verify renews for at least 24 hours and the stored copy follows the server.
  expect((await storedSession(page))?.expiresAt ?? 0).toBeGreaterThan(Date.now() + 23 * 3_600_000);
});

test('a code that does not validate shows the error with a way back', async ({ page }) => {
  await page.goto('/login?validate_code=not-a-real-code');
  await expect(page.getByText('Error al validar el código de autenticación')).toBeVisible();
  expect(page.url()).not.toContain('validate_code');
  await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Términos de servicio' })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/privacy');
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('login CSRF: an attacker’s validate_code opened by a signed-in victim switches nothing', async ({ browser }) => {
  test.setTimeout(180_000);
  // The attacker signs in in a browser of their own and stops at the login page's code.
  const attackerContext = await browser.newContext();
  const attacker = await attackerContext.newPage();
  let stolen = '';
  await attacker.route(
    (url) => url.pathname === '/api/auth/callback',
    async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      stolen = new URL(answer.headers().location ?? '', route.request().url()).toString();
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>detenido</p>' });
    },
  );
  await attacker.goto('/login');
  await signInThroughLocalProvider(attacker, 'GitHub', 'Mallory');
  await expect.poll(() => stolen).toContain('validate_code=');

  // The victim, signed in, is sent to the attacker's link.
  const victim = await browser.newPage();
  await victim.addInitScript(() => localStorage.setItem('div_cookie_consent', 'false'));
  await victim.goto('/login');
  await signInThroughLocalProvider(victim, 'Google', 'Víctima');
  await expect(victim).toHaveURL(/\/spaces$/);
  const before = await storedSession(victim);
  await victim.goto(new URL(stolen).pathname + new URL(stolen).search);
  await expect(victim.getByText('Error al validar el código de autenticación')).toBeVisible();
  expect(await storedSession(victim)).toEqual(before);
  await victim.goto('/spaces');
  await expect(victim).toHaveURL(/\/spaces$/);
  expect((await storedSession(victim))?.user.name).toBe('Víctima');
  await attackerContext.close();
  await victim.close();
});

test('a sign-in finished while signed in as someone else asks before switching', async ({ page, context }) => {
  test.setTimeout(180_000);
  const other = await context.newPage();
  // Tab 1 starts a sign-in and waits on the provider's page.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await expect(page.getByText('Modo local')).toBeVisible();
  // Meanwhile tab 2 signs in as Bea.
  await other.goto('/login');
  await signInThroughLocalProvider(other, 'GitHub', 'Bea');
  await expect(other).toHaveURL(/\/spaces$/);
  // Read where it was written: another tab sees a localStorage write a moment later (a CI run read
  // it from tab 1 before it arrived).
  const bea = await storedSession(other);
  expect(bea?.user.name).toBe('Bea');

  // Tab 1 finishes as Ana: the page asks, and staying keeps Bea's session.
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Correo electrónico').fill(`ana.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText(/^Ya has iniciado sesión como Bea \(.+\)\. ¿Cambiar a Ana \(.+\)\?$/)).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(page, 'main')).toEqual([]);
  }
  // Chosen from the keyboard.
  await page.getByRole('button', { name: 'Seguir como Bea' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/spaces$/);
  expect(await storedSession(page)).toEqual(bea);

  // Again, and this time the person chooses to switch.
  await page.goto('/');
  await page.evaluate(() => {
    // Leave the app signed in, but let /login show its buttons: a stored session sends it to /spaces.
    const saved = localStorage.getItem('div_user_session');
    sessionStorage.setItem('saved', saved ?? '');
    localStorage.removeItem('div_user_session');
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await expect(page.getByText('Modo local')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('div_user_session', sessionStorage.getItem('saved') ?? ''));
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Correo electrónico').fill(`ana.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Cambiar a Ana' }).click();
  await expect(page).toHaveURL(/\/spaces$/);
  expect((await storedSession(page))?.user.name).toBe('Ana');
  // Bea's old session was signed out on the server.
  const verify = await page.request.get('/api/auth/verify', { headers: { authorization: `Bearer ${bea?.token}` } });
  expect(verify.status()).toBe(401);
});

test('the login page explains when the sign-in addresses cannot be fetched', async ({ page }) => {
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 503, json: { message: 'x', code: 'UNAVAILABLE' } }));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continuar con GitHub' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error al obtener URLs de inicio de sesión');
});

test.describe('sign-in return pages', () => {
  test('missing code or state shows the error state with retry and home', async ({ page }) => {
    await page.goto('/auth/google?code=only-code');
    await expect(page.getByRole('heading', { name: 'Error en la autenticación' })).toBeVisible();
    await expect(page.getByText('Parámetros de autenticación faltantes')).toBeVisible();
    await page.screenshot({ path: '/tmp/div-auth-error.png' });
    await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/auth/github');
    await expect(page.getByText('Parámetros de autenticación faltantes')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('each callback error reason is explained', async ({ page }) => {
    const reasons: Record<string, RegExp> = {
      state_invalid: /no es válida/,
      state_expired: /ha caducado/,
      exchange_failed: /No pudimos completar/,
      email_unverified: /correo electrónico verificado/,
      provider_error: /rechazó o canceló/,
    };
    for (const [reason, text] of Object.entries(reasons)) {
      await page.goto(`/auth/github?error=${reason}`);
      await expect(page.getByRole('heading', { name: 'Error en la autenticación' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(text);
    }
  });

  test('a forged state sent to the callback comes back as an explained error', async ({ page }) => {
    await page.goto('/auth/google?code=abc&state=forged');
    await expect(page).toHaveURL(/\/auth\/google\?error=state_invalid/);
    await expect(page.getByRole('heading', { name: 'Error en la autenticación' })).toBeVisible();
  });

  test('a GitHub callback error lands on the GitHub return page (a forged state, a used one)', async ({ page }) => {
    await page.goto('/auth/github?code=abc&state=forged');
    await expect(page).toHaveURL(/\/auth\/github\?error=state_invalid$/);
    await expect(page.getByRole('heading', { name: 'Error en la autenticación' })).toBeVisible();

    // A real GitHub sign-in, then its return address opened again: the spent state names no provider.
    let returnAddress = '';
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && /\/auth\/github\?code=/.test(frame.url())) returnAddress = frame.url();
    });
    await page.goto('/login');
    await signInThroughLocalProvider(page, 'GitHub', 'Reutiliza');
    await expect(page).toHaveURL(/\/spaces$/, { timeout: 30_000 });
    expect(returnAddress).not.toBe('');
    await page.goto(returnAddress);
    await expect(page).toHaveURL(/\/auth\/github\?error=state_invalid$/);
    await expect(page.getByRole('alert')).toContainText(/no es válida/);
  });

  test('the loading state shows while the browser goes to the callback', async ({ page }) => {
    // The navigation to the callback is cancelled, so the page stays on its loading state.
    let requested = '';
    await page.route('**/api/auth/callback**', async (route) => {
      requested = route.request().url();
      await route.abort('aborted');
    });
    await page.goto('/auth/google?code=abc&state=xyz');
    const status = page.getByRole('status');
    await expect(status).toContainText('Procesando inicio de sesión con Google...');
    await expect(status).toContainText('Por favor espera mientras verificamos tu información...');
    await expect.poll(() => requested).toContain('/api/auth/callback?code=abc&state=xyz&provider=google');
  });

  test('an unknown provider shows home', async ({ page }) => {
    await page.goto('/auth/facebook?code=a&state=b');
    await expect(page).toHaveURL(/\/$/);
  });
});
