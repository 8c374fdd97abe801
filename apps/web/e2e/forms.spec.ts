import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { startSmtpServer, type TestSmtpServer } from '../../server/src/test/smtp-server';
import { startWebhookServer, type TestWebhookServer } from '../../server/src/test/webhook-server';
import { seriousViolations } from './fixtures/axe';
import { createSpace, openTools, preview, replaceCode } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

/**
 * "Backend incluido" (issue 23): a form on a published site delivers, with and without JavaScript,
 * to the owner's inbox ("Formularios"), by email to a real SMTP server and by a signed webhook to a
 * local receiver (retried after a 500); a form sent in the editor's preview arrives marked "Prueba".
 */
// The shared machine is often very busy: each step may wait for lazy chunks and the API.
test.describe.configure({ mode: 'serial', timeout: 420_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const contactPage = `<!DOCTYPE html>
<html lang="es"><head><meta charset="utf-8"><title>Taller Lúa</title></head>
<body><h1>Taller Lúa</h1>
<form id="contacto"><label>Nombre <input name="nombre" required></label>
<label>Correo <input type="email" name="email" required></label>
<label>Mensaje <textarea name="mensaje"></textarea></label>
<button>Enviar mensaje</button></form>
</body></html>`;

let smtp: TestSmtpServer;
let hook: TestWebhookServer;
/** How many of the next webhook calls answer 500. */
let failNext = 0;

test.beforeAll(async () => {
  smtp = await startSmtpServer({ port: Number(process.env.E2E_SMTP_PORT) });
  hook = await startWebhookServer(() => {
    if (failNext > 0) {
      failNext -= 1;
      return 500;
    }
    return 200;
  });
});
test.afterAll(async () => {
  await smtp?.close();
  await hook?.close();
});

async function api(page: Page, method: 'GET' | 'PUT' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const response = await page.request.fetch(path, { method, headers, ...(data !== undefined ? { data } : {}) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

async function axeBothThemes(page: Page) {
  // A passing success toast can sit over the controls it reports on (axe then measures the overlap):
  // the screen is checked as it rests.
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveCount(0, { timeout: 15_000 });
  // Nor under the sticky site header, where a field typed into last has scrolled the controls above it.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(page, 'main')).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the preview sends forms as tests; the inbox reads, searches, marks, exports and deletes them, by keyboard too', async ({
  page,
}) => {
  await signIn(page, 'Lúa');
  const spaceId = await createSpace(page, `Taller ${Math.random().toString(36).slice(2, 7)}`);
  await replaceCode(page, contactPage);
  await expect(page.getByTestId('save-status')).toHaveText('Guardado');

  // A visitor's form in the preview: kept as a test, said so inside the page.
  const site = preview(page);
  await site.getByLabel('Nombre').fill('Prueba Núñez');
  await site.getByLabel('Correo').fill('prueba@example.org');
  await site.getByLabel('Mensaje').fill('¿Funciona el formulario?');
  await site.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(site.getByRole('status')).toHaveText('Vista previa: envío de prueba guardado en Formularios.');

  // "Formularios" in the tools, with the unread count.
  await openTools(page);
  const formsLink = page.getByRole('link', { name: /Formularios/ });
  await expect(formsLink).toHaveAccessibleName('Formularios (1 envío sin leer)');
  await formsLink.click();
  await expect(page).toHaveURL(new RegExp(`/space/${spaceId}/forms$`));
  await expect(page.getByRole('heading', { name: 'Formularios', level: 1 })).toBeVisible();
  const items = page.getByTestId('submission');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Prueba');
  await expect(items.first()).toContainText('Formulario «contacto»');
  await expect(items.first()).toContainText('¿Funciona el formulario?');
  await expect(page.getByTestId('unread-count')).toHaveText('1 sin leer');
  await axeBothThemes(page);

  // Two more (straight to the endpoint the preview uses), then: mark read by keyboard, search, spam, CSV.
  const { token } = await api(page, 'GET', `/api/spaces/${spaceId}/forms/preview-token`);
  for (const { nombre, mensaje, where } of [
    { nombre: 'Ana', mensaje: 'Quiero reservar', where: '/' },
    { nombre: 'Bruno', mensaje: 'Precio del curso', where: '/cursos.html' },
  ]) {
    const sent = await page.request.post(`/preview/forms/contacto?token=${encodeURIComponent(token)}`, {
      form: { nombre, mensaje, _div_page: where },
    });
    expect(sent.status()).toBe(200);
  }
  await page.reload();
  await expect(items).toHaveCount(3);
  // Newest first.
  await expect(items.first()).toContainText('Precio del curso');
  // The page is named: the home page in words, any other by its path.
  await expect(items.first()).toContainText('en /cursos.html');
  await expect(items.nth(1)).toContainText('en la página de inicio');
  await expect(items.nth(1)).not.toContainText('en /');
  await expect(page.getByTestId('unread-count')).toHaveText('3 sin leer');
  await items.first().getByRole('button', { name: 'Marcar como leído' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('unread-count')).toHaveText('2 sin leer');
  await expect(items.first().getByRole('button', { name: 'Marcar como no leído' })).toBeVisible();

  await page.getByLabel('Buscar en los envíos').fill('reservar');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Ana');
  await items.first().getByRole('button', { name: 'Es spam' }).click();
  await expect(page.getByText('Ningún envío coincide con «reservar».')).toBeVisible();
  await page.getByLabel('Buscar en los envíos').fill('');
  await page.getByRole('button', { name: /^Spam/ }).click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Spam');
  await axeBothThemes(page);
  await items.first().getByRole('button', { name: 'No es spam' }).click();
  await expect(page.getByText('No hay nada en spam.')).toBeVisible();
  await page.getByRole('button', { name: /^Recibidos/ }).click();
  await expect(items).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.startsWith('\uFEFFfecha,formulario,página,spam,prueba,')).toBe(true);
  expect(csv).toContain('Prueba Núñez');
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(4);

  // Delete one, then all, behind a confirmation.
  await items
    .first()
    .getByRole('button', { name: /^Eliminar el envío/ })
    .click();
  await expect(items).toHaveCount(2);
  await page.getByRole('button', { name: 'Eliminar todos' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar todos los envíos de «Recibidos»?' });
  await expect(confirm).toBeVisible();
  expect(await seriousViolations(page, '[role="alertdialog"]')).toEqual([]);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Aún no hay envíos.', { exact: false })).toBeVisible();
});

test('a published form delivers with and without JavaScript: inbox, email over SMTP, signed webhook retried after a 500', async ({
  page,
  browser,
  baseURL,
}) => {
  const ownerEmail = await signIn(page, 'Dueña');
  const name = `Taller ${Math.random().toString(36).slice(2, 7)}`;
  const created = await api(page, 'POST', '/api/spaces', { name });
  const spaceId = created.space.id as string;
  await api(page, 'PUT', `/api/spaces/${spaceId}/files`, {
    revision: created.space.revision,
    files: [{ path: 'index.html', content: contactPage }],
    replaceAll: true,
  });
  const { url: siteUrl } = await api(page, 'POST', '/api/deploy', { spaceId });
  expect(new URL(siteUrl).port).toBe(new URL(baseURL ?? '').port);

  // The owner sets the webhook and tries both test buttons.
  await page.goto(`/space/${spaceId}/forms`);
  await expect(page.getByText('Aún no hay envíos.', { exact: false })).toBeVisible();
  await page.getByLabel('URL del webhook').fill(hook.url);
  await page.getByRole('button', { name: 'Guardar avisos' }).click();
  await expect(page.getByText('Avisos guardados')).toBeVisible();
  await page.getByRole('button', { name: 'Mostrar' }).click();
  const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  const mailsBefore = smtp.messages.length;
  await page.getByRole('button', { name: 'Enviar correo de prueba' }).click();
  await expect(page.getByTestId('test-result')).toHaveText(/^Correo de prueba enviado a .+@.+\.$/);
  const testMail = await smtp.waitFor(mailsBefore + 1);
  expect(testMail.to).toEqual([ownerEmail]);
  expect(testMail.headers.subject).toMatch(/^\[Prueba\]/);
  const callsBefore = hook.calls.length;
  await page.getByRole('button', { name: 'Probar webhook' }).click();
  await expect(page.getByTestId('test-result')).toHaveText('Webhook de prueba entregado.');
  expect(hook.calls.length).toBe(callsBefore + 1);
  failNext = 1;
  await page.getByRole('button', { name: 'Probar webhook' }).click();
  await expect(page.getByTestId('test-result')).toHaveText('No se pudo entregar la prueba: el receptor respondió 500.');
  await axeBothThemes(page);

  // A visitor with JavaScript stays on the page; the first webhook call for it will fail once.
  failNext = 1;
  const withJs = await (await browser.newContext()).newPage();
  await withJs.goto(siteUrl);
  await withJs.getByLabel('Nombre').fill('María Núñez');
  await withJs.getByLabel('Correo').fill('maria@example.org');
  await withJs.getByLabel('Mensaje').fill('¿Abrís el domingo?');
  // A person takes longer than the minimum fill time (2.5 s) that tells bots apart.
  await withJs.waitForTimeout(2800);
  await withJs.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(withJs.getByRole('status')).toHaveText('¡Gracias! Hemos recibido tu mensaje.');
  await expect(withJs).toHaveURL(siteUrl);

  // A visitor without JavaScript posts the form and sees the thank-you page in the site's language.
  const noJsContext = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await noJsContext.newPage();
  await noJs.goto(siteUrl);
  await noJs.getByLabel('Nombre').fill('Jordi Sin JS');
  await noJs.getByLabel('Correo').fill('jordi@example.org');
  await noJs.getByLabel('Mensaje').fill('Sin JavaScript también');
  // Without the script the server's stamp of when the page was served tells the time (ADR 0253).
  await noJs.waitForTimeout(2800);
  await noJs.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(noJs.getByRole('heading', { name: '¡Gracias!' })).toBeVisible();
  await expect(noJs.getByText('Hemos recibido tu mensaje.')).toBeVisible();
  await noJs.getByRole('link', { name: 'Volver a la página' }).click();
  await expect(noJs).toHaveURL(siteUrl);

  // Both are in the owner's inbox, newest first, unread.
  await page.reload();
  const items = page.getByTestId('submission');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Sin JavaScript también');
  await expect(items.nth(1)).toContainText('¿Abrís el domingo?');
  await expect(page.getByTestId('unread-count')).toHaveText('2 sin leer');
  await expect(items.nth(1).getByRole('link', { name: 'Responder a maria@example.org' })).toHaveAttribute(
    'href',
    'mailto:maria@example.org',
  );

  // An email for each, to the owner, reply-to the visitor.
  const noticesOf = () => smtp.messages.filter((m) => m.headers.subject?.startsWith('Nuevo mensaje de «contacto»'));
  await baseExpect.poll(() => noticesOf().length, { timeout: 20_000 }).toBe(2);
  const notices = noticesOf();
  const maria = notices.find((m) => m.headers['reply-to'] === 'maria@example.org');
  expect(maria?.to).toEqual([ownerEmail]);
  // The notice names each field as the form on the page does (issue 43).
  expect(maria?.text).toContain('Mensaje: ¿Abrís el domingo?');
  expect(notices.some((m) => m.headers['reply-to'] === 'jordi@example.org')).toBe(true);

  // The webhook: María's event failed once (500) and arrived on the retry, the same event and body; all signed.
  const events = () => hook.calls.slice(callsBefore + 2).filter((c) => c.body.includes('"form.submission"'));
  await baseExpect.poll(() => events().filter((c) => c.status === 200).length, { timeout: 30_000 }).toBe(2);
  const mariaCalls = events().filter((c) => c.body.includes('María Núñez'));
  expect(mariaCalls.map((c) => c.status)).toEqual([500, 200]);
  expect(mariaCalls[1]?.eventId).toBe(mariaCalls[0]?.eventId);
  expect(mariaCalls[1]?.body).toBe(mariaCalls[0]?.body);
  for (const call of events()) {
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(call.signature) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${call.body}`).digest('hex'));
  }
  expect(JSON.parse(mariaCalls[1]?.body ?? '{}')).toMatchObject({
    type: 'form.submission',
    data: { formName: 'contacto', email: 'maria@example.org', test: false },
  });
  await noJsContext.close();
});

test('a notice address other than the account email waits for its confirmation link: pending, resend, confirmed', async ({
  page,
  browser,
}) => {
  await signIn(page, 'Dueña Avisos');
  const created = await api(page, 'POST', '/api/spaces', { name: `Avisos ${Math.random().toString(36).slice(2, 7)}` });
  const spaceId = created.space.id as string;
  const address = `avisos-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const mailsTo = () => smtp.messages.filter((m) => m.to.includes(address));
  const linkOf = (text: string) => /http:\/\/\S+\/api\/forms\/confirm-email\?token=\S+/.exec(text)?.[0] ?? '';

  await page.goto(`/space/${spaceId}/forms`);
  await page.getByLabel('Enviar los avisos a').fill(address);
  await page.getByRole('button', { name: 'Guardar avisos' }).click();
  await expect(page.getByText('Avisos guardados')).toBeVisible();
  const status = page.getByTestId('notify-email-status');
  await expect(status).toContainText('Pendiente de confirmar');
  await expect(status).toContainText(address);
  await baseExpect.poll(() => mailsTo().length, { timeout: 20_000 }).toBe(1);
  await axeBothThemes(page);

  await status.getByRole('button', { name: 'Reenviar confirmación' }).focus();
  await page.keyboard.press('Enter');
  // The resend's own toast (the save's may still be showing the same words).
  await expect(page.getByText(`Enlace de confirmación enviado a ${address}.`).last()).toBeVisible();
  await baseExpect.poll(() => mailsTo().length, { timeout: 20_000 }).toBe(2);
  const [first, second] = mailsTo().map((m) => linkOf(m.text));

  // The recipient opens the newest link (signed out, another browser); the earlier one no longer works.
  const recipient = await (await browser.newContext()).newPage();
  await recipient.goto(second ?? '');
  await expect(recipient.getByRole('heading', { name: 'Dirección confirmada' })).toBeVisible();
  const stale = await recipient.goto(first ?? '');
  expect(stale?.status()).toBe(404);
  await expect(recipient.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
  expect(await seriousViolations(recipient, 'main')).toEqual([]);
  await recipient.context().close();

  await page.reload();
  await expect(page.getByTestId('notify-email-status')).toContainText('Confirmada');
  await expect(page.getByRole('button', { name: 'Reenviar confirmación' })).toHaveCount(0);
  await axeBothThemes(page);
});
