import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { invitationMessage } from './invitation-mail';

type User = Awaited<ReturnType<typeof createTestUser>>;

/**
 * The invitation email (issue 25, ADR 0214): with SMTP configured the invitee receives the link
 * (in the inviter's language) and the answer says so; without it, or when the server refuses, the
 * invitation still stands and the answer says the link must be copied. Real smtp-server, real app.
 */
describe('invitation emails', () => {
  let database: DatabaseHandle;
  let smtp: TestSmtpServer;
  let app: FastifyInstance;
  let offline: FastifyInstance;
  let outbox: string;
  let owner: User;

  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startSmtpServer({ user: 'div', pass: 'clave', rejectRecipient: (a) => a.startsWith('rebota') });
    app = await createTestApp(database, {
      PUBLIC_URL: 'https://div.example',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'DIV <hola@div.example>',
    });
    outbox = mkdtempSync(path.join(tmpdir(), 'div-outbox-'));
    offline = await createTestApp(database, { PUBLIC_URL: 'https://div.example', DATA_DIR: outbox });
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga <Núñez>' });
  });
  afterAll(async () => {
    await app.close();
    await offline.close();
    await smtp.close();
    await database.close();
  });

  async function spaceOf(on: FastifyInstance, name: string) {
    const created = await on.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { authorization: owner.authorization },
      payload: { name },
    });
    return created.json().space.id as string;
  }
  const inviteOn = (on: FastifyInstance, spaceId: string, body: object, headers: Record<string, string> = {}) =>
    on.inject({
      method: 'POST',
      url: `/api/spaces/${spaceId}/invitations`,
      headers: { authorization: owner.authorization, ...headers },
      payload: body,
    });

  it('emails the link in Spanish by default; the link in the email lets the invitee in', async () => {
    const ana = await createTestUser(database, { name: 'Ana' });
    const spaceId = await spaceOf(app, 'Café <Lúa>');
    const before = smtp.messages.length;
    const invited = await inviteOn(app, spaceId, { email: ana.email, role: 'editor' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().emailed).toBe(true);
    const mail = await smtp.waitFor(before + 1);
    expect(mail.to).toEqual([ana.email]);
    expect(mail.from).toBe('hola@div.example');
    expect(mail.headers.subject).toBe('Olga <Núñez> te invita a «Café <Lúa>» en DIV');
    expect(mail.text).toContain('como editor (puedes editar, generar y publicar)');
    expect(mail.text).toContain(`Aceptar la invitación: ${invited.json().link}`);
    expect(mail.text).toContain('caduca en 14 días');
    // The HTML part shows the names as text, never as markup.
    const html = invitationMessage({
      to: ana.email,
      inviter: 'Olga <Núñez>',
      spaceName: 'Café <Lúa>',
      role: 'editor',
      link: 'https://div.example/invite/a"b',
      locale: 'es',
    }).html;
    expect(html).toContain('Olga &lt;Núñez&gt; te invita a su proyecto «Café &lt;Lúa&gt;»');
    expect(html).toContain('href="https://div.example/invite/a&quot;b"');
    expect(html).not.toContain('<Lúa>');
    const link = /https:\/\/div\.example\/invite\/[\w-]+/.exec(mail.text)?.[0] ?? '';
    const token = link.slice(link.lastIndexOf('/') + 1);
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      headers: { authorization: ana.authorization },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ spaceId, role: 'editor' });
  });

  it("writes in the inviter's language: the one chosen in the app, else their browser's", async () => {
    const spaceId = await spaceOf(app, 'Bakery');
    const before = smtp.messages.length;
    const chosen = await inviteOn(
      app,
      spaceId,
      { email: 'lee@example.test', role: 'viewer', locale: 'en' },
      { 'accept-language': 'es-ES' },
    );
    expect(chosen.json().emailed).toBe(true);
    const english = await smtp.waitFor(before + 1);
    expect(english.headers.subject).toBe('Olga <Núñez> invited you to “Bakery” on DIV');
    expect(english.text).toContain('as a viewer (you can look at it)');
    expect(english.text).toContain(`Accept the invitation: ${chosen.json().link}`);

    await inviteOn(app, spaceId, { email: 'kim@example.test', role: 'viewer' }, { 'accept-language': 'en-GB,en;q=0.9' });
    expect((await smtp.waitFor(before + 2)).headers.subject).toBe('Olga <Núñez> invited you to “Bakery” on DIV');

    const bad = await inviteOn(app, spaceId, { email: 'x@example.test', role: 'viewer', locale: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(smtp.messages).toHaveLength(before + 2);
  });

  it('a refused email still leaves a working invitation, answered as not emailed', async () => {
    const spaceId = await spaceOf(app, 'Rebote');
    const invited = await inviteOn(app, spaceId, { email: 'rebota@example.test', role: 'viewer' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().emailed).toBe(false);
    const preview = await app.inject({ method: 'GET', url: `/api/invitations/${invited.json().link.split('/').pop()}` });
    expect(preview.json()).toMatchObject({ spaceName: 'Rebote', email: 'rebota@example.test' });
  });

  it('without SMTP the email is only kept in the local outbox, and the answer says to copy the link', async () => {
    const spaceId = await spaceOf(offline, 'Sin correo');
    const before = smtp.messages.length;
    const invited = await inviteOn(offline, spaceId, { email: 'luz@example.test', role: 'viewer' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().emailed).toBe(false);
    const files = readdirSync(path.join(outbox, 'mail'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outbox, 'mail', files[0] as string), 'utf8');
    expect(eml).toContain('To: luz@example.test');
    expect(smtp.messages).toHaveLength(before);
  });
});
