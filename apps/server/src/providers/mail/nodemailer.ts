import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { loadOnUse } from '../../lib/load-on-use';
import { MailError, type MailMessage, type MailProvider, type SentMail } from './types';

const nodemailer = loadOnUse<typeof import('nodemailer')>('nodemailer');

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

/** Refuses what is not one plain address, so a header never carries a second recipient. */
function checkAddress(value: string | undefined, field: string): void {
  if (value !== undefined && !EMAIL.test(value)) throw new MailError(`${field} is not one email address`);
}

function mailOf(from: string, message: MailMessage) {
  checkAddress(message.to, 'to');
  checkAddress(message.replyTo, 'replyTo');
  return {
    from,
    to: message.to,
    subject: message.subject.replace(/[\r\n]+/g, ' '),
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
  };
}

/** Delivers through an SMTP server (smtp:// or smtps://, credentials in the URL). */
export class SmtpMailProvider implements MailProvider {
  readonly kind = 'smtp';
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(options: { url: string; from: string; timeoutMs?: number }) {
    const timeout = options.timeoutMs ?? 15_000;
    this.transport = nodemailer().createTransport({
      url: options.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    this.from = options.from;
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail(mailOf(this.from, message));
    return { messageId: info.messageId };
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * The offline default: the same message nodemailer would send, written to `{dir}/{time}-{id}.eml`
 * and logged, so a local run shows what would have gone out.
 */
export class LocalMailProvider implements MailProvider {
  readonly kind = 'local';
  private readonly transport: Transporter;

  constructor(private readonly options: { dir: string; from: string; log?: FastifyBaseLogger }) {
    this.transport = nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail(mailOf(this.options.from, message));
    const id = info.messageId.replace(/[^\w.-]+/g, '');
    const file = path.join(this.options.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
    await mkdir(this.options.dir, { recursive: true });
    await writeFile(file, info.message as Buffer);
    this.options.log?.info({ to: message.to, subject: message.subject, file }, 'mail kept in the local outbox');
    return { messageId: info.messageId };
  }

  close(): void {}
}
