import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FORM_MESSAGES, submissionListSchema } from '@div/shared/forms';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { DatabaseHandle } from '../../db/client';
import { formDeliveries, formUsage } from '../../db/schema/forms';
import { createTestApp, createTestUser, injectAs, testConfig } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { startWebhookServer, until } from '../../test/webhook-server';
import { runDigests } from './deliveries';
import { previewFormsToken } from './preview';
import { periodOf } from './submit';

type User = Awaited<ReturnType<typeof createTestUser>>;

const page = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Taller</title></head>
<body><form id="contacto"><input name="nombre" required><input type="email" name="email"><textarea name="mensaje"></textarea>
<button>Enviar</button></form></body></html>`;

/**
 * The owner's notices beyond the first delivery (issue 23): the test-send buttons, a webhook that
 * never answers 2xx, the daily digest, and the editor preview's test submissions (ADR 0195).
 */
describe.each(testDrivers)('form notices and preview tests (%s)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let owner: User;
  const env = {
    SITES_DOMAIN: 'sites.test',
    PUBLIC_URL: 'http://app.test',
    MAIL_FROM: 'DIV <no-reply@div.test>',
    FORMS_RETRY_BASE_MS: '10',
    FORMS_DELIVERY_POLL_MS: '20',
    FORMS_RATE_PER_IP: '100',
    SESSION_SECRET: 'a-session-secret-for-the-forms-notices-test',
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    smtp = await startSmtpServer();
    app = await createTestApp(database, { ...env, SMTP_URL: smtp.url });
    owner = await createTestUser(database, { plan: 'free' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await smtp.close();
  });

  const call = (user: User | null, method: string, url: string, payload?: unknown) => injectAs(app, user, method, url, payload);
  /** A published space with a contact form; returns its id and host. */
  async function site(name: string) {
    const created = await call(owner, 'POST', '/api/spaces', { name });
    const spaceId = created.json().space.id as string;
    await call(owner, 'PUT', `/api/spaces/${spaceId}/files`, {
      revision: created.json().space.revision,
      files: [{ path: 'index.html', content: page }],
      replaceAll: true,
    });
    const deployed = await call(owner, 'POST', '/api/deploy', { spaceId });
    expect(deployed.statusCode, deployed.body).toBe(200);
    return { spaceId, host: new URL(deployed.json().url).host };
  }
  let ip = 0;
  function submit(host: string, fields: Record<string, string>) {
    ip += 1;
    return app.inject({
      method: 'POST',
      url: '/_div/forms/contacto',
      remoteAddress: `198.51.100.${ip}`,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams({ _div_page: '/', _div_hp: '', _div_t: '9000', ...fields }).toString(),
    });
  }
  const inbox = async (spaceId: string, folder = 'inbox') =>
    submissionListSchema.parse((await call(owner, 'GET', `/api/spaces/${spaceId}/submissions?folder=${folder}`)).json());

  it('test-send buttons: a sample email reaches SMTP, a signed sample webhook reaches the receiver, failures say why', async () => {
    const { spaceId } = await site('Taller Pruebas');
    const hook = await startWebhookServer();
    try {
      const before = smtp.messages.length;
      const email = await call(owner, 'POST', `/api/spaces/${spaceId}/form-settings/test`, { channel: 'email' });
      expect(email.json()).toEqual({ ok: true, message: FORM_MESSAGES.testEmailSent(owner.email) });
      expect(email.json().message).toContain(owner.email);
      const mail = await smtp.waitFor(before + 1);
      expect(mail.to).toEqual([owner.email]);
      expect(mail.headers.subject).toMatch(/^\[Prueba\] /);
      expect(mail.text).toContain('mensaje: Este es un envío de prueba desde DIV.');

      const none = await call(owner, 'POST', `/api/spaces/${spaceId}/form-settings/test`, { channel: 'webhook' });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(FORM_MESSAGES.noWebhook);

      const settings = await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { webhookUrl: hook.url });
      const secret = settings.json().webhookSecret as string;
      const sent = await call(owner, 'POST', `/api/spaces/${spaceId}/form-settings/test`, { channel: 'webhook' });
      expect(sent.json()).toEqual({ ok: true, message: FORM_MESSAGES.testWebhookSent });
      const [received] = await hook.waitFor(1);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(received?.signature ?? '') ?? [];
      expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${received?.body}`).digest('hex'));
      expect(JSON.parse(received?.body ?? '{}')).toMatchObject({ type: 'form.submission', data: { test: true } });

      // A receiver that refuses: the button reports the outcome, nothing is queued.
      await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, {
        webhookUrl: hook.url.replace(/:\d+\//, ':1/'),
      });
      const failed = await call(owner, 'POST', `/api/spaces/${spaceId}/form-settings/test`, { channel: 'webhook' });
      expect(failed.statusCode).toBe(200);
      expect(failed.json().ok).toBe(false);
      expect(failed.json().message).toContain(FORM_MESSAGES.testFailed);

      // Only the owner may send tests; another person's request finds nothing.
      const stranger = await createTestUser(database);
      expect((await call(stranger, 'POST', `/api/spaces/${spaceId}/form-settings/test`, { channel: 'email' })).statusCode).toBe(
        404,
      );
      expect((await call(owner, 'POST', `/api/spaces/${spaceId}/form-settings/test`, { channel: 'sms' })).statusCode).toBe(400);
    } finally {
      await hook.close();
    }
  });

  it('a test email with no mail server says it stayed in the local outbox, not that it was sent', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'div-outbox-'));
    const offline = await createTestApp(database, { ...env, DATA_DIR: dataDir });
    try {
      const { spaceId } = await site('Taller sin correo');
      const answer = await injectAs(offline, owner, 'POST', `/api/spaces/${spaceId}/form-settings/test`, { channel: 'email' });
      expect(answer.json()).toEqual({ ok: true, message: FORM_MESSAGES.testEmailKeptLocally(owner.email) });
      expect(answer.json().message).toMatch(/^No hay servidor de correo configurado/);
      // The message itself is there to read.
      const kept = readdirSync(path.join(dataDir, 'mail')).filter((name) => name.endsWith('.eml'));
      expect(kept).toHaveLength(1);
    } finally {
      await offline.close();
    }
  });

  it('a webhook that keeps answering 500 is tried six times (the first and 5 retries), then given up with its last error', async () => {
    const { spaceId, host } = await site('Taller Caído');
    const hook = await startWebhookServer(() => 500);
    try {
      await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { webhookUrl: hook.url, notify: 'off' });
      expect((await submit(host, { nombre: 'Rosa', mensaje: 'Hola' })).statusCode).toBe(200);
      const failed = await until(async () => {
        const [row] = await database.db
          .select({ attempts: formDeliveries.attempts, failed: formDeliveries.failed, lastError: formDeliveries.lastError })
          .from(formDeliveries)
          .where(and(eq(formDeliveries.spaceId, spaceId), eq(formDeliveries.kind, 'webhook')));
        return row?.failed ? row : undefined;
      }, 15_000);
      expect(failed).toEqual({ attempts: 6, failed: true, lastError: 'el receptor respondió 500.' });
      await new Promise((r) => setTimeout(r, 300));
      expect(hook.calls).toHaveLength(6);
      expect(new Set(hook.calls.map((c) => c.eventId)).size).toBe(1);
      // The submission itself is safe in the inbox.
      expect((await inbox(spaceId)).submissions).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it('daily digest: one email a day lists the submissions since the last one (no spam, no tests), instead of one each', async () => {
    const { spaceId, host } = await site('Taller Resumen');
    await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { notify: 'digest', notifyEmail: 'avisos@example.org' });
    // A third-party address gets notices once it opens its confirmation link (ADR 0249).
    const confirmation = await until(() => smtp.messages.find((m) => m.to.includes('avisos@example.org')));
    const link = /http:\/\/app\.test(\S+)/.exec(confirmation.text)?.[1] ?? '';
    expect((await app.inject({ method: 'GET', url: link, headers: { host: 'app.test' } })).statusCode).toBe(200);
    const before = smtp.messages.length;
    await submit(host, { nombre: 'Ana', email: 'ana@example.org', mensaje: 'Primera consulta' });
    await submit(host, { nombre: 'Luis', mensaje: 'Segunda consulta' });
    await submit(host, { nombre: 'Bot', mensaje: 'x', _div_hp: 'spam' });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(before);

    const ctx: AppContext = { config: testConfig({ ...env, SMTP_URL: smtp.url }), db: database.db, database, log: app.log };
    expect(await runDigests(ctx)).toBeGreaterThanOrEqual(1);
    const digest = await until(() => smtp.messages.slice(before).find((m) => m.to.includes('avisos@example.org')));
    expect(digest.headers.subject).toBe('Resumen diario: 2 envío(s) de formularios · Taller Resumen');
    expect(digest.text).toContain('mensaje: Primera consulta');
    expect(digest.text).toContain('mensaje: Segunda consulta');
    expect(digest.text).not.toContain('Bot');
    expect(digest.text).toContain(`http://app.test/space/${spaceId}/forms`);
    // Not due again within the day.
    const count = smtp.messages.length;
    await runDigests(ctx);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.slice(before).filter((m) => m.to.includes('avisos@example.org'))).toHaveLength(1);
    expect(smtp.messages.length).toBe(count);
  });

  it('preview test submissions: recorded as "prueba" with the token the editor gets, notify no one, count nothing; no token, no record', async () => {
    const { spaceId } = await site('Taller Vista');
    await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { notify: 'each' });
    const got = await call(owner, 'GET', `/api/spaces/${spaceId}/forms/preview-token`);
    expect(got.statusCode).toBe(200);
    const { token } = got.json() as { token: string };
    const usageBefore = await database.db
      .select({ used: formUsage.used })
      .from(formUsage)
      .where(eq(formUsage.period, periodOf(new Date())));
    const mailsBefore = smtp.messages.length;

    const post = (tok: string, body: string) =>
      app.inject({
        method: 'POST',
        url: `/preview/forms/contacto?token=${encodeURIComponent(tok)}`,
        headers: { host: 'app.test', origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    const ok = await post(
      token,
      new URLSearchParams({ nombre: 'Prueba', mensaje: 'Desde la vista previa', _div_page: '/' }).toString(),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    expect(ok.json()).toEqual({ ok: true, message: FORM_MESSAGES.previewSaved });
    const list = await inbox(spaceId);
    expect(list.submissions).toHaveLength(1);
    expect(list.submissions[0]).toMatchObject({
      test: true,
      formName: 'contacto',
      fields: [
        { name: 'nombre', value: 'Prueba' },
        { name: 'mensaje', value: 'Desde la vista previa' },
      ],
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(mailsBefore);
    const usageAfter = await database.db
      .select({ used: formUsage.used })
      .from(formUsage)
      .where(eq(formUsage.period, periodOf(new Date())));
    expect(usageAfter).toEqual(usageBefore);

    const empty = await post(token, new URLSearchParams({ nombre: ' ' }).toString());
    expect(empty.statusCode).toBe(400);
    expect(empty.json().ok).toBe(false);

    // Forged, expired or another space's signature: refused before the body is read.
    const expired = previewFormsToken(testConfig(env), spaceId, owner.id, Date.now() - 13 * 3_600_000).token;
    for (const bad of ['', `${spaceId}.9999999999.${'A'.repeat(43)}`, expired]) {
      const refused = await post(bad, 'nombre=x');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(FORM_MESSAGES.previewExpired);
    }
    expect((await inbox(spaceId)).submissions).toHaveLength(1);
    // Only members who read the inbox get a token.
    const stranger = await createTestUser(database);
    expect((await call(stranger, 'GET', `/api/spaces/${spaceId}/forms/preview-token`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/spaces/${spaceId}/forms/preview-token`)).statusCode).toBe(401);
  });
});
