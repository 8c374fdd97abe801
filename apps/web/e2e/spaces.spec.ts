import { expect as baseExpect, test } from '@playwright/test';
import { signIn } from './fixtures/sign-in';

// The machine is shared by parallel work; these flows take several round trips.
test.describe.configure({ timeout: 120_000 });
// Page loads wait for the session check and lazy chunks; the shared machine is often busy.
const expect = baseExpect.configure({ timeout: 15_000 });

test('projects page: empty state, create with Enter, grid card, open, delete via the context menu', async ({ page }) => {
  await signIn(page, 'Proyectos');
  await expect(page.getByRole('heading', { name: 'Tus proyectos' })).toBeVisible();
  await expect(page.getByText('No tienes proyectos aún')).toBeVisible();
  await expect(page.getByTestId('spaces-count')).toHaveText('0 proyectos activos');

  const name = page.getByLabel('Nombre del proyecto');
  const create = page.getByRole('button', { name: 'Crear proyecto' });
  await expect(create).toBeDisabled();
  await name.fill('   ');
  await expect(create).toBeDisabled();
  await name.fill('Mi portafolio');
  await expect(create).toBeEnabled();
  await name.press('Enter');
  await expect(page).toHaveURL(/\/space\/[^/]+$/);
  const spaceUrl = page.url();
  await page.screenshot({ path: '/tmp/div-f-editor-new.png' });

  await page.goto('/spaces');
  const card = page.getByTestId('space-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Mi portafolio');
  // When it was last edited, and that it is not published yet (ADR 0187).
  await expect(card.locator('time')).toHaveText(/^Editado (ahora|hace \d+ (s|min))$/);
  await expect(page.getByTestId('space-unpublished')).toHaveText('Sin publicar');
  await expect(page.getByTestId('spaces-count')).toHaveText('1 proyecto activo');

  // A second project with the button; newest first.
  await name.fill('Landing de café');
  await create.click();
  await expect(page).toHaveURL(/\/space\/[^/]+$/);
  await page.goto('/spaces');
  await expect(page.getByTestId('space-card')).toHaveCount(2);
  await expect(page.getByTestId('space-card').first()).toContainText('Landing de café');
  await page.screenshot({ path: '/tmp/div-f-spaces.png', fullPage: true });

  await page.getByTestId('space-card').filter({ hasText: 'Mi portafolio' }).click();
  await expect(page).toHaveURL(spaceUrl);
  await page.goBack();

  await page.getByTestId('space-card').filter({ hasText: 'Landing de café' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Eliminar proyecto' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Landing de café');
  await page.screenshot({ path: '/tmp/div-f-delete.png' });
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(page.getByTestId('space-card')).toHaveCount(1);
  await expect(page.getByTestId('spaces-count')).toHaveText('1 proyecto activo');
  await page.reload();
  await expect(page.getByTestId('space-card')).toHaveCount(1);
  await expect(page.getByTestId('space-card')).toContainText('Mi portafolio');
});

test('a failed load shows the error view with retry, and a 401 clears the session and goes to /login', async ({ page }) => {
  await signIn(page, 'Errores');
  let fail = true;
  await page.route('**/api/spaces', (route) =>
    fail && route.request().method() === 'GET'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"INTERNAL"}' })
      : route.continue(),
  );
  await page.reload();
  await expect(page.getByText('Error al cargar los proyectos').first()).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
  await expect(page.getByText('No tienes proyectos aún')).toBeVisible();

  await page.route('**/api/spaces', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"No autenticado","code":"UNAUTHORIZED"}' }),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('div_user_session'))).toBeNull();
});

test('creating a project that the server rejects shows the error toast', async ({ page }) => {
  await signIn(page, 'Crear');
  await page.route('**/api/spaces', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"INTERNAL"}' })
      : route.continue(),
  );
  await page.getByLabel('Nombre del proyecto').fill('Falla');
  await page.getByLabel('Nombre del proyecto').press('Enter');
  await expect(page.getByText('Error al crear el proyecto')).toBeVisible();
  await expect(page).toHaveURL(/\/spaces$/);
});

test('the projects list loads a page at a time: more appear as you scroll to its end', async ({ page }) => {
  await signIn(page, 'Muchos');
  const token = await page.evaluate(() => localStorage.getItem('div_auth_token'));
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 1; i <= 34; i++) {
    const created = await page.request.post('/api/spaces', { headers, data: { name: `Sitio ${i}` } });
    expect(created.status()).toBe(201);
  }
  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/spaces') && request.method() === 'GET' && !/\/api\/spaces\/./.test(request.url()))
      pages.push(request.url());
  });
  await page.reload();
  const cards = page.getByTestId('space-card');
  // The first page (30), newest first; the badge counts them all.
  await expect(cards).toHaveCount(30);
  await expect(page.getByTestId('spaces-count')).toHaveText('34 proyectos activos');
  await expect(cards.first()).toContainText('Sitio 34');
  expect(pages).toHaveLength(1);
  // Scrolling to the end brings the rest, oldest last, each once.
  await page.getByTestId('spaces-more').scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(34);
  await expect(cards.last()).toContainText(/Sitio 1(?!\d)/);
  await expect(page.getByTestId('spaces-more')).toHaveCount(0);
  expect(pages).toHaveLength(2);
  expect(pages[1]).toContain('cursor=');
  await page.screenshot({ path: '/tmp/div-spaces-paged.png', fullPage: true });
});
