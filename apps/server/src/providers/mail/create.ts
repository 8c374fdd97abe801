import path from 'node:path';
import type { AppContext } from '../../context';
import { LocalMailProvider, SmtpMailProvider } from './nodemailer';
import type { MailProvider } from './types';

const cache = new WeakMap<AppContext, MailProvider>();

/** The app's mail provider, chosen by configuration: SMTP with SMTP_URL, the local outbox otherwise. */
export function mailProviderOf(ctx: AppContext): MailProvider {
  let provider = cache.get(ctx);
  if (!provider) {
    const c = ctx.config;
    const from = c.MAIL_FROM ?? `DIV <no-reply@${new URL(c.publicUrl).hostname}>`;
    provider = c.SMTP_URL
      ? new SmtpMailProvider({ url: c.SMTP_URL, from })
      : new LocalMailProvider({ dir: path.resolve(c.DATA_DIR, 'mail'), from, log: ctx.log });
    cache.set(ctx, provider);
  }
  return provider;
}
