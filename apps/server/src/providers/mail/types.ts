/**
 * Outgoing mail behind one interface: SMTP (nodemailer) when SMTP_URL is set, otherwise the local
 * outbox, which builds the same message and keeps it as an .eml file in DATA_DIR/mail (and logs it),
 * so nothing leaves the machine and every message can still be read.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the recipient's "Reply" goes (e.g. the visitor who filled a form). */
  replyTo?: string;
}

export interface SentMail {
  /** The Message-ID header of the sent message. */
  messageId: string;
}

export interface MailProvider {
  readonly kind: 'smtp' | 'local';
  /** Sends one message; rejects when the server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<SentMail>;
  /** Releases open connections (server shutdown). */
  close(): void;
}

export class MailError extends Error {}
