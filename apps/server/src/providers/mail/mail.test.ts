import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { testConfig } from '../../test/app';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { mailProviderOf } from './create';
import { LocalMailProvider, SmtpMailProvider } from './nodemailer';
import { MailError } from './types';

describe('SMTP mail provider (nodemailer) against a real smtp-server', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'div', pass: 's3cr3t', rejectRecipient: (a) => a.startsWith('nobody@') });
  });
  afterAll(() => smtp.close());

  it('delivers a message with sender, recipient, reply-to, accented subject and both bodies', async () => {
    const mail = new SmtpMailProvider({ url: smtp.url, from: 'DIV <no-reply@div.example>' });
    const sent = await mail.send({
      to: 'owner@example.com',
      subject: 'Nuevo mensaje en «Café Lúa»',
      text: 'Nombre: María Núñez\nMensaje: ¿Abrís el domingo?',
      html: '<p>Nombre: María Núñez</p>',
      replyTo: 'maria@example.org',
    });
    const received = await smtp.waitFor(1);
    expect(received.from).toBe('no-reply@div.example');
    expect(received.to).toEqual(['owner@example.com']);
    expect(received.headers.subject).toBe('Nuevo mensaje en «Café Lúa»');
    expect(received.headers['reply-to']).toBe('maria@example.org');
    expect(received.headers['message-id']).toBe(sent.messageId);
    expect(received.text).toBe('Nombre: María Núñez\nMensaje: ¿Abrís el domingo?');
    expect(received.raw).toContain('text/html');
    mail.close();
  });

  it('rejects when the server refuses the recipient or the credentials are wrong', async () => {
    const mail = new SmtpMailProvider({ url: smtp.url, from: 'no-reply@div.example' });
    await expect(mail.send({ to: 'nobody@example.com', subject: 'x', text: 'x' })).rejects.toThrow(/550|Mailbox/);
    const wrong = new SmtpMailProvider({ url: smtp.url.replace('s3cr3t', 'wrong'), from: 'no-reply@div.example' });
    await expect(wrong.send({ to: 'owner@example.com', subject: 'x', text: 'x' })).rejects.toThrow(/Invalid|auth/i);
  });

  it('rejects when no server listens, within its timeout', async () => {
    const mail = new SmtpMailProvider({ url: 'smtp://127.0.0.1:1', from: 'no-reply@div.example', timeoutMs: 2000 });
    await expect(mail.send({ to: 'owner@example.com', subject: 'x', text: 'x' })).rejects.toThrow();
  });

  it('refuses anything but one plain address, so a header never adds recipients', async () => {
    const mail = new SmtpMailProvider({ url: smtp.url, from: 'no-reply@div.example' });
    const before = smtp.messages.length;
    await expect(mail.send({ to: 'a@example.com, b@example.com', subject: 'x', text: 'x' })).rejects.toThrow(MailError);
    await expect(
      mail.send({ to: 'owner@example.com', subject: 'x', text: 'x', replyTo: 'v@example.org\r\nBcc: c@example.com' }),
    ).rejects.toThrow(MailError);
    const ok = await mail.send({ to: 'owner@example.com', subject: 'Hola\r\nBcc: c@example.com', text: 'x' });
    const received = await smtp.waitFor(before + 1);
    expect(received.headers['message-id']).toBe(ok.messageId);
    expect(received.to).toEqual(['owner@example.com']);
    expect(received.headers.bcc).toBeUndefined();
  });
});

describe('local mail provider (offline default)', () => {
  it('keeps the built message as an .eml file in the outbox folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'div-mail-'));
    const mail = new LocalMailProvider({ dir, from: 'DIV <no-reply@localhost>' });
    await mail.send({ to: 'owner@example.com', subject: 'Prueba de aviso', text: 'Hola', replyTo: 'v@example.org' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dir, files[0] as string), 'utf8');
    expect(eml).toContain('To: owner@example.com');
    expect(eml).toContain('Reply-To: v@example.org');
    expect(eml).toContain('Subject: Prueba de aviso');
    expect(eml).toContain('Hola');
  });
});

describe('mailProviderOf', () => {
  it('is SMTP when SMTP_URL is set, the local outbox otherwise', () => {
    const ctxOf = (env: Record<string, string>) => ({ config: testConfig(env) }) as unknown as AppContext;
    expect(mailProviderOf(ctxOf({})).kind).toBe('local');
    expect(mailProviderOf(ctxOf({ SMTP_URL: 'smtp://127.0.0.1:2525' })).kind).toBe('smtp');
  });
});
