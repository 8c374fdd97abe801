import { createHmac } from 'node:crypto';
import { submissionListSchema } from '@div/shared/forms';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { formSubmissions, formUsage } from '../../db/schema/forms';
import { users } from '../../db/schema/users';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { startWebhookServer, type TestWebhookServer, until } from '../../test/webhook-server';
import { pruneSubmissions } from './service';

type User = Awaited<ReturnType<typeof createTestUser>>;
const SITES = 'sites.test';

const contactPage = (lang = 'es') => `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><title>Café Lúa</title></head>
<body><h1>Contacto</h1>
<form id="contacto"><label for="f-nombre">Tu nombre:</label><input id="f-nombre" name="nombre" required>
<label>Correo electrónico <input type="email" name="email" required></label>
<textarea name="mensaje" placeholder="Cuéntanos"></textarea><label for="f-dia">Día de la visita</label><input type="date" id="f-dia" name="dia">
<input type="file" name="adjunto"><button>Enviar mensaje</button></form>
</body></html>`;

describe.each(testDrivers)('forms on published sites (%s)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let hook: TestWebhookServer;
  let owner: User;
  let spaceId: string;
  const host = 'cafe-lua.sites.test';

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    smtp = await startSmtpServer();
    hook = await startWebhookServer((n) => (n < 1 ? 500 : 200));
    app = await createTestApp(database, {
      SITES_DOMAIN: SITES,
      PUBLIC_URL: 'http://app.test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'DIV <no-reply@div.test>',
      FORMS_RETRY_BASE_MS: '50',
      FORMS_DELIVERY_POLL_MS: '50',
      FORMS_RATE_PER_IP: '3',
      FORMS_RATE_PER_SITE: '1000',
    });
    owner = await createTestUser(database, { plan: 'free', email: `dueña-${Date.now()}@example.com`.replace('ñ', 'n') });
    const created = await call(owner, 'POST', '/api/spaces', { name: 'Café Lúa' });
    spaceId = created.json().space.id;
    const saved = await call(owner, 'PUT', `/api/spaces/${spaceId}/files`, {
      revision: created.json().space.revision,
      files: [{ path: 'index.html', content: contactPage() }],
      replaceAll: true,
    });
    expect(saved.statusCode).toBe(200);
    const deployed = await call(owner, 'POST', '/api/deploy', { spaceId });
    expect(deployed.statusCode, deployed.body).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await smtp.close();
    await hook.close();
  });

  const call = (user: User | null, method: string, url: string, payload?: unknown) => injectAs(app, user, method, url, payload);
  let ip = 0;
  /** A visitor posting the form (a new IP each time unless given). */
  function submit(fields: Record<string, string>, options: { json?: boolean; ip?: string; type?: string; raw?: string } = {}) {
    ip += 1;
    return app.inject({
      method: 'POST',
      url: '/_div/forms/contacto',
      remoteAddress: options.ip ?? `203.0.113.${ip}`,
      headers: {
        host,
        'content-type': options.type ?? 'application/x-www-form-urlencoded',
        ...(options.json ? { accept: 'application/json' } : { accept: 'text/html' }),
      },
      payload: options.raw ?? new URLSearchParams({ _div_page: '/', _div_hp: '', ...fields }).toString(),
    });
  }
  const inbox = async (query = '') => {
    const res = await call(owner, 'GET', `/api/spaces/${spaceId}/submissions${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return submissionListSchema.parse(res.json());
  };

  it('publishes the form pointed at the site origin, with the honeypot and the script', async () => {
    const home = await app.inject({ method: 'GET', url: '/', headers: { host } });
    expect(home.body).toContain('action="/_div/forms/contacto" method="post"');
    expect(home.body).toContain('name="_div_hp"');
    const script = await app.inject({ method: 'GET', url: '/_div/forms.js', headers: { host } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    const specs = await app.inject({ method: 'GET', url: '/_div/forms.json', headers: { host } });
    expect(specs.statusCode).toBe(404);
  });

  it('without JavaScript: stores the submission, redirects to a thank-you page, emails the owner and calls the signed webhook (retried after a 500)', async () => {
    const settings = await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { webhookUrl: hook.url });
    expect(settings.statusCode, settings.body).toBe(200);
    const secret = settings.json().webhookSecret as string;
    expect(secret).toMatch(/^whsec_/);

    const res = await submit({
      nombre: 'María Núñez',
      email: 'maria@example.org',
      mensaje: '¿Abrís el domingo?',
      dia: '2026-12-13',
      _div_t: '9000',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/_div/forms/contacto?sent=1&page=%2F');
    const thanks = await app.inject({ method: 'GET', url: res.headers.location as string, headers: { host } });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('<html lang="es">');
    expect(thanks.body).toContain('¡Gracias!');
    expect(thanks.body).toContain('href="/"');

    const list = await inbox();
    expect(list.unread).toBe(1);
    const [sub] = list.submissions;
    expect(sub).toMatchObject({
      formName: 'contacto',
      page: '/',
      read: false,
      spam: false,
      test: false,
      locked: false,
      email: 'maria@example.org',
    });
    // Each field keeps what its page calls it (issue 43): the label, else the placeholder.
    expect(sub?.fields).toEqual([
      { name: 'nombre', value: 'María Núñez', label: 'Tu nombre' },
      { name: 'email', value: 'maria@example.org', label: 'Correo electrónico' },
      { name: 'mensaje', value: '¿Abrís el domingo?', label: 'Cuéntanos' },
      { name: 'dia', value: '2026-12-13', label: 'Día de la visita' },
    ]);

    const mail = await smtp.waitFor(1);
    expect(mail.to).toEqual([owner.email]);
    expect(mail.headers['reply-to']).toBe('maria@example.org');
    expect(mail.headers.subject).toContain('contacto');
    // The notice names the fields as the page does and writes the date as a person reads it.
    expect(mail.text).toContain('Cuéntanos: ¿Abrís el domingo?');
    expect(mail.text).toContain('Tu nombre: María Núñez');
    expect(mail.text).toContain('Día de la visita: 13 de diciembre de 2026');
    expect(mail.text).not.toContain('2026-12-13');

    const delivered = await until(() => (hook.calls.length >= 2 ? hook.calls : undefined));
    expect(delivered[0]?.status).toBe(500);
    expect(delivered[1]?.status).toBe(200);
    // A retry sends the same event: same id, same body, a fresh signature timestamp.
    expect(delivered[1]?.body).toBe(delivered[0]?.body);
    for (const call of delivered) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(call.signature) ?? [];
      expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${call.body}`).digest('hex'));
      expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    }
    const payload = JSON.parse(delivered[1]?.body ?? '{}');
    expect(payload).toMatchObject({
      type: 'form.submission',
      data: { id: sub?.id, formName: 'contacto', email: 'maria@example.org' },
    });
    expect(delivered[0]?.eventId).toBe(delivered[1]?.eventId);
  });

  it('with JavaScript: answers JSON with the success text, and refuses clearly in the site language', async () => {
    const ok = await submit({ nombre: 'Ana', email: 'ana@example.org', mensaje: 'Hola', _div_t: '5000' }, { json: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, message: 'Hemos recibido tu mensaje.' });

    const missing = await submit({ nombre: 'Ana', email: '', mensaje: 'Hola' }, { json: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ ok: false, message: 'Falta rellenar: email.' });

    const noJs = await submit({ nombre: '', email: 'a@b.example' });
    expect(noJs.statusCode).toBe(400);
    expect(noJs.headers['content-type']).toContain('text/html');
    expect(noJs.body).toContain('Falta rellenar: nombre.');
    expect(noJs.body).toContain('Vuelve atrás con el botón del navegador');
  });

  it('refuses file attachments, oversized fields and bodies, and too many fields', async () => {
    const file = await submit({ nombre: 'Ana', email: 'ana@example.org', adjunto: 'cv.pdf' }, { json: true });
    expect(file.statusCode).toBe(415);
    expect(file.json().message).toContain('no admite archivos adjuntos');
    const multipart = await submit({}, { json: true, type: 'multipart/form-data; boundary=x', raw: '--x--' });
    expect(multipart.statusCode).toBe(415);
    expect(multipart.json().message).toContain('no admite archivos adjuntos');

    const long = await submit({ nombre: 'Ana', email: 'ana@example.org', mensaje: 'a'.repeat(5001) }, { json: true });
    expect(long.statusCode).toBe(413);
    expect(long.json().message).toBe('Un campo es demasiado largo: mensaje.');
    const huge = await submit({ nombre: 'Ana', email: 'ana@example.org', mensaje: 'a'.repeat(70_000) }, { json: true });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toContain('demasiado largo');
    const many = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`f${i}`, 'x']));
    const tooMany = await submit({ nombre: 'Ana', email: 'ana@example.org', ...many }, { json: true });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('El formulario tiene demasiados campos.');
    const before = (await inbox('?folder=all')).submissions.length;
    expect(before).toBe(2);
  });

  it('keeps spam apart: honeypot, too fast, too many links — the visitor sees success, the owner sees it in Spam, nobody is notified', async () => {
    const mailsBefore = smtp.messages.length;
    const bots: Record<string, string>[] = [
      { nombre: 'Bot', email: 'bot@spam.example', _div_hp: 'http://spam.example', _div_t: '9000' },
      { nombre: 'Bot', email: 'bot@spam.example', _div_t: '300' },
      { nombre: 'Bot', email: 'bot@spam.example', mensaje: 'http://a.example www.b.example https://c.example', _div_t: '9000' },
    ];
    for (const fields of bots) {
      const res = await submit(fields, { json: true });
      expect(res.statusCode).toBe(200);
    }
    const spam = await inbox('?folder=spam');
    expect(spam.submissions.map((s) => s.spamReason).sort()).toEqual(['honeypot', 'links', 'too-fast']);
    expect(spam.spam).toBe(3);
    expect((await inbox()).submissions.every((s) => !s.spam)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.length).toBe(mailsBefore + 1);

    // "Not spam" moves it back to the inbox.
    const honeypot = spam.submissions.find((s) => s.spamReason === 'honeypot');
    const moved = await call(owner, 'PATCH', `/api/spaces/${spaceId}/submissions/${honeypot?.id}`, { spam: false, read: true });
    expect(moved.json()).toMatchObject({ spam: false, read: true, spamReason: null });
  });

  it('limits submissions per IP per site per minute with a clear message', async () => {
    const fields = { nombre: 'Rafa', email: 'rafa@example.org', _div_t: '9000' };
    for (let i = 0; i < 3; i++) expect((await submit(fields, { json: true, ip: '198.51.100.7' })).statusCode).toBe(200);
    const limited = await submit(fields, { json: true, ip: '198.51.100.7' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain('Espera un minuto');
    expect((await submit(fields, { json: true, ip: '198.51.100.8' })).statusCode).toBe(200);
  });

  it('over the monthly allowance: stores the submission locked, tells the owner once, and an upgrade unlocks it', async () => {
    const period = new Date().toISOString().slice(0, 7);
    await database.db
      .insert(formUsage)
      .values({ ownerId: owner.id, period, used: 50 })
      .onConflictDoUpdate({ target: [formUsage.ownerId, formUsage.period], set: { used: 50 } });
    const res = await submit({ nombre: 'Tardía', email: 'tarde@example.org', _div_t: '9000' }, { json: true });
    expect(res.statusCode).toBe(200);
    const list = await inbox();
    const locked = list.submissions[0];
    expect(locked).toMatchObject({ locked: true, fields: [], email: null });
    expect(list.allowance).toEqual({ used: 51, limit: 50, locked: 1 });
    const notice = await until(() => smtp.messages.find((m) => m.headers.subject?.includes('Has alcanzado los envíos')));
    expect(notice.to).toEqual([owner.email]);
    expect(notice.text).not.toContain('Tardía');
    await database.db.update(users).set({ plan: 'small' }).where(eq(users.id, owner.id));
    const read = await call(owner, 'GET', `/api/spaces/${spaceId}/submissions/${locked?.id}`);
    expect(read.json()).toMatchObject({ locked: false, email: 'tarde@example.org' });
  });

  it('gives owners search, CSV with BOM, delete and delete all; other people get 404', async () => {
    const found = await inbox('?q=n%C3%BA%C3%B1ez');
    expect(found.submissions).toHaveLength(1);
    const csv = await call(owner, 'GET', `/api/spaces/${spaceId}/submissions/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('María Núñez');
    // Columns are headed by the page's labels, and the file is named after the project (issue 43).
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFfecha,formulario,página,spam,prueba,Tu nombre,Correo electrónico,Cuéntanos,Día de la visita',
    );
    expect(csv.headers['content-disposition']).toBe('attachment; filename="envios-cafe-lua.csv"');

    const stranger = await createTestUser(database);
    expect((await call(stranger, 'GET', `/api/spaces/${spaceId}/submissions`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/spaces/${spaceId}/submissions`)).statusCode).toBe(401);

    const [first] = found.submissions;
    expect((await call(owner, 'DELETE', `/api/spaces/${spaceId}/submissions/${first?.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/api/spaces/${spaceId}/submissions/${first?.id}`)).statusCode).toBe(404);
    const all = await call(owner, 'DELETE', `/api/spaces/${spaceId}/submissions?folder=all`);
    expect(all.json().deleted).toBeGreaterThan(0);
    expect((await inbox('?folder=all')).submissions).toHaveLength(0);
  });

  it('retention deletes submissions past the space retention (12 by default); deleting the space deletes the rest', async () => {
    const old = new Date(Date.now() - 13 * 30 * 24 * 3600 * 1000);
    const recent = new Date(Date.now() - 11 * 30 * 24 * 3600 * 1000);
    for (const createdAt of [old, recent]) {
      await database.db
        .insert(formSubmissions)
        .values({ spaceId, formName: 'contacto', page: '/', fields: [{ name: 'n', value: 'x' }], createdAt });
    }
    expect(await pruneSubmissions({ db: database.db })).toBe(1);
    expect((await inbox()).submissions.map((s) => s.createdAt)).toEqual([recent.toISOString()]);
    await call(owner, 'PATCH', `/api/spaces/${spaceId}/form-settings`, { retentionMonths: 6 });
    expect(await pruneSubmissions({ db: database.db })).toBe(1);

    await submit({ nombre: 'Última', email: 'ultima@example.org', _div_t: '9000' }, { json: true });
    expect((await call(owner, 'DELETE', `/api/spaces/${spaceId}`)).statusCode).toBe(204);
    const [left] = await database.db.select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.spaceId, spaceId));
    expect(left?.n).toBe(0);
  });
});
