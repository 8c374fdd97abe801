import { FORM_LIMITS, FORM_MESSAGES, formSettingsSchema } from '@div/shared/forms';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { formSettings } from '../../db/schema/forms';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { until } from '../../test/webhook-server';

type User = Awaited<ReturnType<typeof createTestUser>>;

const page = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Taller</title></head>
<body><form id="contacto"><input name="nombre" required><textarea name="mensaje"></textarea><button>Enviar</button></form></body></html>`;

/**
 * Issue 36 item 7 (ADR 0249): a notice address that is not the owner's own account email gets a
 * confirmation link, and no submission notice until the link is opened. Real SMTP server.
 */
describe.each(testDrivers)('notice address confirmation (%s)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let owner: User;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    smtp = await startSmtpServer();
    app = await createTestApp(database, {
      SITES_DOMAIN: 'sites.test',
      PUBLIC_URL: 'http://app.test',
      MAIL_FROM: 'DIV <no-reply@div.test>',
      FORMS_DELIVERY_POLL_MS: '20',
      FORMS_RATE_PER_IP: '100',
      SMTP_URL: smtp.url,
      SESSION_SECRET: 'a-session-secret-for-the-notice-address-test',
    });
    owner = await createTestUser(database, { plan: 'free' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await smtp.close();
  });

  const call = (user: User | null, method: string, url: string, payload?: unknown) => injectAs(app, user, method, url, payload);
  const settingsOf = async (spaceId: string) =>
    formSettingsSchema.parse((await call(owner, 'GET', `/api/spaces/${spaceId}/form-settings`)).json());
  async function site(name: string, who = owner) {
    const created = await call(who, 'POST', '/api/spaces', { name });
    const spaceId = created.json().space.id as string;
    await call(who, 'PUT', `/api/spaces/${spaceId}/files`, {
      revision: created.json().space.revision,
      files: [{ path: 'index.html', content: page }],
      replaceAll: true,
    });
    const deployed = await call(who, 'POST', '/api/deploy', { spaceId });
    expect(deployed.statusCode, deployed.body).toBe(200);
    return { spaceId, host: new URL(deployed.json().url).host };
  }
  let ip = 0;
  async function submit(host: string, mensaje: string) {
    ip += 1;
    const sent = await app.inject({
      method: 'POST',
      url: '/_div/forms/contacto',
      remoteAddress: `198.51.100.${ip}`,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams({ _div_page: '/', _div_hp: '', _div_t: '9000', nombre: 'Ana', mensaje }).toString(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  /** The notice of the submission whose text holds `mensaje`, once it arrives. */
  const noticeOf = (mensaje: string) => until(() => smtp.messages.find((m) => m.text.includes(`mensaje: ${mensaje}`)), 10_000);
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
  const linkIn = (mail: ReceivedMail) => {
    const link = /http:\/\/app\.test(\/api\/forms\/confirm-email\?token=[\w%-]+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeDefined();
    return link as string;
  };
  /** Opens a link as a browser does (asking for a page). */
  const open = (path: string) =>
    app.inject({ method: 'GET', url: path, headers: { host: 'app.test', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

  it('a third-party address stays pending (notices go to the owner) until its link is opened; the link works once', async () => {
    const { spaceId, host } = await site('Taller Avisos');
    const set = await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { notifyEmail: 'avisos@example.org' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ notifyEmail: 'avisos@example.org', notifyEmailStatus: 'pending' });
    const confirmation = await until(() => mailsTo('avisos@example.org')[0]);
    expect(confirmation.headers.subject).toBe('Confirma esta dirección para recibir avisos de formularios de DIV');
    // Nothing the owner chose (the space's name) reaches the third party.
    expect(confirmation.raw).not.toContain('Taller Avisos');

    // Pending: the submission is in the inbox, its notice goes to the owner's account, none to the address.
    await submit(host, 'Antes de confirmar');
    expect((await noticeOf('Antes de confirmar')).to).toEqual([owner.email]);
    expect(mailsTo('avisos@example.org')).toHaveLength(1);
    const inbox = await call(owner, 'GET', `/api/spaces/${spaceId}/submissions`);
    expect(inbox.json().submissions).toHaveLength(1);
    const test = await call(owner, 'POST', `/api/spaces/${spaceId}/form-settings/test`, { channel: 'email' });
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toBe(FORM_MESSAGES.notifyEmailPending);

    // A wrong token, no token: refused with a page in Spanish, nothing confirmed.
    const wrong = await open('/api/forms/confirm-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers['content-type']).toContain('text/html');
    expect(wrong.body).toContain('Enlace no válido');
    expect((await open('/api/forms/confirm-email')).statusCode).toBe(404);
    // A program asking for JSON gets the API's shape: the reason as a `message`.
    const asApi = await app.inject({ method: 'GET', url: '/api/forms/confirm-email?token=x', headers: { host: 'app.test' } });
    expect(asApi.statusCode).toBe(404);
    expect(asApi.json().message).toMatch(/\S/);
    expect((await settingsOf(spaceId)).notifyEmailStatus).toBe('pending');

    const confirmed = await open(linkIn(confirmation));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Dirección confirmada');
    expect(confirmed.body).toContain('lang="es"');
    expect((await settingsOf(spaceId)).notifyEmailStatus).toBe('confirmed');
    await submit(host, 'Después de confirmar');
    expect((await noticeOf('Después de confirmar')).to).toEqual(['avisos@example.org']);

    // Single use: the same link again is refused.
    const reused = await open(linkIn(confirmation));
    expect(reused.statusCode).toBe(404);
    expect(reused.body).toContain('ya se usó');
    // Only the stored hash of the token, never the token.
    const [row] = await database.db.select().from(formSettings).where(eq(formSettings.spaceId, spaceId));
    expect(JSON.stringify(row)).not.toContain(new URL(`http://x${linkIn(confirmation)}`).searchParams.get('token'));
  });

  it('an expired link is refused (410); "Reenviar confirmación" mails a new one and the earlier stops working', async () => {
    const { spaceId } = await site('Taller Caducado');
    await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { notifyEmail: 'caduca@example.org' });
    const first = await until(() => mailsTo('caduca@example.org')[0]);
    await database.db
      .update(formSettings)
      .set({ notifyEmailTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(formSettings.spaceId, spaceId));
    const expired = await open(linkIn(first));
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('El enlace ha caducado');
    expect((await settingsOf(spaceId)).notifyEmailStatus).toBe('pending');

    const resent = await call(owner, 'POST', `/api/spaces/${spaceId}/form-settings/confirmation`);
    expect(resent.json()).toEqual({ ok: true, message: FORM_MESSAGES.confirmationSent });
    const second = await until(() => mailsTo('caduca@example.org')[1]);
    expect(linkIn(second)).not.toBe(linkIn(first));
    expect((await open(linkIn(first))).statusCode).toBe(404);
    expect((await open(linkIn(second))).statusCode).toBe(200);
    expect((await settingsOf(spaceId)).notifyEmailStatus).toBe('confirmed');
    // Nothing left to confirm; another person cannot ask.
    const again = await call(owner, 'POST', `/api/spaces/${spaceId}/form-settings/confirmation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FORM_MESSAGES.confirmationNotNeeded);
    const stranger = await createTestUser(database);
    expect((await call(stranger, 'POST', `/api/spaces/${spaceId}/form-settings/confirmation`)).statusCode).toBe(404);
  });

  it("the owner's own account email needs no confirmation; changing the address again needs a new one", async () => {
    const { spaceId, host } = await site('Taller Propio');
    const before = smtp.messages.length;
    const set = await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { notifyEmail: owner.email.toUpperCase() });
    expect(set.json().notifyEmailStatus).toBe('confirmed');
    await submit(host, 'Al propietario');
    const notice = await noticeOf('Al propietario');
    expect(notice.to.map((a) => a.toLowerCase())).toEqual([owner.email.toLowerCase()]);
    expect(smtp.messages.slice(before).some((m) => m.headers.subject?.startsWith('Confirma'))).toBe(false);

    const other = await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { notifyEmail: 'otra@example.org' });
    expect(other.json().notifyEmailStatus).toBe('pending');
    const cleared = await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { notifyEmail: null });
    expect(cleared.json()).toMatchObject({ notifyEmail: null, notifyEmailStatus: 'account' });
  });

  it('confirmation mails are limited per owner across spaces: past the limit 429 and the address is not changed', async () => {
    const someone = await createTestUser(database, { plan: 'free' });
    const a = await site('Límite A', someone);
    const b = await site('Límite B', someone);
    const patch = (spaceId: string, notifyEmail: string) =>
      call(someone, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { notifyEmail });
    for (let i = 0; i < FORM_LIMITS.confirmationsPerHour - 1; i += 1) {
      expect((await patch(a.spaceId, `limite${i}@example.org`)).statusCode).toBe(200);
    }
    expect((await call(someone, 'POST', `/api/spaces/${a.spaceId}/form-settings/confirmation`)).statusCode).toBe(200);
    const over = await patch(b.spaceId, 'otra-mas@example.org');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(FORM_MESSAGES.confirmationRateLimited);
    const resend = await call(someone, 'POST', `/api/spaces/${a.spaceId}/form-settings/confirmation`);
    expect(resend.statusCode).toBe(429);
    const settingsB = await call(someone, 'GET', `/api/spaces/${b.spaceId}/form-settings`);
    expect(settingsB.json()).toMatchObject({ notifyEmail: null, notifyEmailStatus: 'account' });
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo('otra-mas@example.org')).toHaveLength(0);
    // The owner's own address is no mail to anyone else, so it is not limited.
    expect((await patch(b.spaceId, someone.email)).json().notifyEmailStatus).toBe('confirmed');
  });
});
