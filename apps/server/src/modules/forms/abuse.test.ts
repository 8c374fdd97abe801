import { Writable } from 'node:stream';
import { submissionListSchema } from '@div/shared/forms';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { formSubmissions, formUsage } from '../../db/schema/forms';
import { createTestUser, injectAs, testConfig } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { until } from '../../test/webhook-server';
import { periodOf } from './submit';

type User = Awaited<ReturnType<typeof createTestUser>>;

const contactPage = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Taller</title></head>
<body><form id="contacto"><input name="nombre" required><input type="email" name="email"><textarea name="mensaje"></textarea>
<button>Enviar</button></form></body></html>`;
const noFormPage = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Sin formulario</title></head>
<body><h1>Hola</h1></body></html>`;

/**
 * What outsiders can make the forms of a published site keep (issue 36 items 5, 11 and 12): only the
 * forms and fields the deployment declares, spam in a small bounded folder, a daily byte bound per
 * site that never spends the owner's month, IPv6 visitors limited by /64, and NUL bytes refused.
 */
describe.each(testDrivers)('forms against abuse (%s)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let owner: User;
  const lines: { level: number; msg?: string; err?: unknown }[] = [];
  const DAY_BYTES = 40_000;
  const SPAM_BYTES = 24_000;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    smtp = await startSmtpServer();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = testConfig({
      LOG_LEVEL: 'info',
      SITES_DOMAIN: 'sites.test',
      PUBLIC_URL: 'http://app.test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'DIV <no-reply@div.test>',
      FORMS_DELIVERY_POLL_MS: '50',
      FORMS_RATE_PER_IP: '3',
      FORMS_RATE_PER_SITE: '1000',
      FORMS_BYTES_PER_SITE_PER_DAY: String(DAY_BYTES),
      FORMS_SPAM_BYTES_PER_SITE: String(SPAM_BYTES),
    });
    app = await buildApp(config, { database, logger: { level: 'info', stream } });
    await app.ready();
    owner = await createTestUser(database, { plan: 'free' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await smtp.close();
  });

  const call = (method: string, url: string, payload?: unknown) => injectAs(app, owner, method, url, payload);
  /** A published space with the given home page; returns its id and host. */
  async function site(name: string, html = contactPage) {
    const created = await call('POST', '/api/spaces', { name });
    const spaceId = created.json().space.id as string;
    await call('PUT', `/api/spaces/${spaceId}/files`, {
      revision: created.json().space.revision,
      files: [{ path: 'index.html', content: html }],
      replaceAll: true,
    });
    const deployed = await call('POST', '/api/deploy', { spaceId });
    expect(deployed.statusCode, deployed.body).toBe(200);
    return { spaceId, host: new URL(deployed.json().url).host };
  }
  let ip = 0;
  function post(host: string, body: string, options: { form?: string; ip?: string } = {}) {
    ip += 1;
    return app.inject({
      method: 'POST',
      url: `/_div/forms/${options.form ?? 'contacto'}`,
      remoteAddress: options.ip ?? `192.0.2.${ip % 250}`,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: body,
    });
  }
  const fields = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ _div_page: '/', _div_hp: '', _div_t: '9000', nombre: 'Ana', ...extra }).toString();
  const inbox = async (spaceId: string, folder = 'all') =>
    submissionListSchema.parse((await call('GET', `/api/spaces/${spaceId}/submissions?folder=${folder}&limit=200`)).json());
  const used = async () => {
    const [row] = await database.db
      .select({ used: formUsage.used })
      .from(formUsage)
      .where(and(eq(formUsage.ownerId, owner.id), eq(formUsage.period, periodOf(new Date()))));
    return row?.used ?? 0;
  };
  const keptBytes = async (spaceId: string, spam: boolean) => {
    const [row] = await database.db
      .select({ bytes: sql<number>`coalesce(sum(octet_length(${formSubmissions.fields}::text)), 0)`.mapWith(Number) })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.spaceId, spaceId), eq(formSubmissions.spam, spam)));
    return row?.bytes ?? 0;
  };

  it('stores only forms the deployment declares: another form name, or any form on a site without one, is 404 and keeps nothing', async () => {
    const withForm = await site('Taller Declarado');
    const without = await site('Taller Sin Formulario', noFormPage);
    const other = await post(withForm.host, fields({ cualquiera: 'x' }), { form: 'otro' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ ok: false, message: 'Este formulario no se puede enviar.' });
    const none = await post(without.host, fields(), { form: 'contacto' });
    expect(none.statusCode).toBe(404);
    // The required field of the declared form cannot be skipped by posting under another name.
    const skipped = await post(withForm.host, fields({ nombre: '' }), { form: 'contacto-2' });
    expect(skipped.statusCode).toBe(404);
    expect((await inbox(withForm.spaceId)).submissions).toHaveLength(0);
    expect((await inbox(without.spaceId)).submissions).toHaveLength(0);
  });

  it('fields the form does not declare go to spam and count nothing; a post with no timing at all (no script time, no page stamp) too', async () => {
    const { spaceId, host } = await site('Taller Campos');
    const before = await used();
    const unknown = await post(host, fields({ mensaje: 'Hola', otra_cosa: 'relleno' }));
    expect(unknown.statusCode).toBe(200);
    // A browser without JavaScript sends the page's server stamp (fill-stamp.test.ts); a post with
    // neither the script's time nor the stamp never came from the published page (ADR 0253).
    const noTiming = await post(host, new URLSearchParams({ _div_page: '/', nombre: 'Bot', mensaje: 'Hola' }).toString());
    expect(noTiming.statusCode).toBe(200);
    const emptyTiming = await post(
      host,
      new URLSearchParams({ _div_t: '', _div_s: '', nombre: 'Bot', mensaje: 'Hola' }).toString(),
    );
    expect(emptyTiming.statusCode).toBe(200);
    const spam = await inbox(spaceId, 'spam');
    expect(spam.submissions.map((s) => s.spamReason).sort()).toEqual(['no-timing', 'no-timing', 'unknown-fields']);
    expect((await inbox(spaceId, 'inbox')).submissions).toHaveLength(0);
    expect(await used()).toBe(before);
    // A declared form with its timing reaches the inbox.
    expect((await post(host, fields({ mensaje: 'Buenas' }))).statusCode).toBe(200);
    expect((await inbox(spaceId, 'inbox')).submissions).toHaveLength(1);
  });

  it('spam costs storage only within a small folder per site: the oldest spam makes room, the month is not spent', async () => {
    const { spaceId, host } = await site('Taller Spam');
    const before = await used();
    const big = 'x'.repeat(4900);
    for (let i = 0; i < 12; i++) {
      const res = await post(host, fields({ _div_hp: 'bot', mensaje: `${i} ${big}` }));
      expect(res.statusCode).toBe(200);
    }
    expect(await keptBytes(spaceId, true)).toBeLessThanOrEqual(SPAM_BYTES);
    const kept = (await inbox(spaceId, 'spam')).submissions;
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept[0]?.fields.find((f) => f.name === 'mensaje')?.value.startsWith('11 ')).toBe(true);
    expect(kept.some((s) => s.fields.some((f) => f.value.startsWith('0 ')))).toBe(false);
    expect(await used()).toBe(before);
  });

  it('bounds the bytes a site keeps per day: past it the visitor is told to come back tomorrow, nothing is stored or counted', async () => {
    const { spaceId, host } = await site('Taller Lleno');
    const before = await used();
    const big = 'y'.repeat(4900);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post(host, fields({ mensaje: `${i} ${big}` }))).statusCode);
    const accepted = statuses.filter((s) => s === 200).length;
    expect(accepted).toBeGreaterThan(3);
    expect(statuses.slice(accepted)).toEqual(Array(12 - accepted).fill(429));
    const refused = await post(host, fields({ mensaje: `otra vez ${big}` }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Este sitio ha recibido demasiados mensajes hoy. Inténtalo de nuevo mañana.');
    expect(await keptBytes(spaceId, false)).toBeLessThanOrEqual(DAY_BYTES);
    expect((await inbox(spaceId, 'inbox')).submissions).toHaveLength(accepted);
    expect(await used()).toBe(before + accepted);
  });

  it('limits IPv6 visitors by /64, as sign-in does', async () => {
    const { host } = await site('Taller IPv6');
    const ok = ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:ffff:ffff:ffff:ffff'];
    for (const address of ok) expect((await post(host, fields(), { ip: address })).statusCode).toBe(200);
    const sameNetwork = await post(host, fields(), { ip: '2001:db8:1:2:1234::9' });
    expect(sameNetwork.statusCode).toBe(429);
    expect((await post(host, fields(), { ip: '2001:db8:1:3::a' })).statusCode).toBe(200);
  });

  it('test sends are limited per space: the sixth within the hour is 429 and sends nothing', async () => {
    const { spaceId } = await site('Taller Pruebas Limitadas');
    const tests = () => smtp.messages.filter((m) => m.headers.subject?.startsWith('[Prueba]')).length;
    const before = tests();
    for (let i = 0; i < 5; i++) {
      const sent = await call('POST', `/api/spaces/${spaceId}/form-settings/test`, { channel: 'email' });
      expect(sent.json().ok, sent.body).toBe(true);
    }
    await until(() => (tests() >= before + 5 ? true : undefined));
    const sixth = await call('POST', `/api/spaces/${spaceId}/form-settings/test`, { channel: 'email' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Has enviado demasiadas pruebas. Espera una hora e inténtalo de nuevo.');
    await new Promise((r) => setTimeout(r, 200));
    expect(tests()).toBe(before + 5);
  });

  it('a NUL byte answers 400 with a clear message and logs no failed SQL at error level', async () => {
    const { spaceId, host } = await site('Taller Nulo');
    const errorsBefore = lines.filter((l) => l.level >= 50).length;
    const value = await post(host, 'a=%00&_div_t=9000');
    expect(value.statusCode).toBe(400);
    expect(value.json().message).toBe('Un campo contiene caracteres no válidos: a.');
    const inField = await post(host, `${fields()}&mensaje=hola%00mundo`);
    expect(inField.statusCode).toBe(400);
    const inName = await post(host, `${fields()}&x%00=1`);
    expect(inName.statusCode).toBe(400);
    const inPage = await post(host, `${fields()}`.replace('_div_page=%2F', '_div_page=%2F%00'));
    expect(inPage.statusCode).toBe(400);
    expect(lines.filter((l) => l.level >= 50).slice(errorsBefore)).toEqual([]);
    expect((await inbox(spaceId)).submissions).toHaveLength(0);
  });
});
