import { createHmac, randomBytes } from 'node:crypto';
import { DAY_MS } from '@div/shared/constants';
import { type FormField, fieldTitle, fieldValueText, WEBHOOK_RETRIES } from '@div/shared/forms';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { formDeliveries, formSettings, formSubmissions } from '../../db/schema/forms';
import { spaces } from '../../db/schema/spaces';
import { users } from '../../db/schema/users';
import { guardedFetch } from '../../lib/guarded-fetch';
import { mailProviderOf } from '../../providers/mail/create';
import { notifyEmailStatusOf } from './notify-address';

/**
 * Delivers the notices queued with each submission (ADR 0193): an email to the owner (reply-to the
 * visitor) and a signed webhook call, each retried with exponential backoff (base × 4ⁿ) up to
 * WEBHOOK_RETRIES times after the first attempt. Rows are claimed with SKIP LOCKED and a lease, so
 * several instances share the work and a crashed one's rows come back.
 */

const LEASE_MS = 60_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}"}`, as Stripe signs its events. */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

interface SubmissionNotice {
  id: string;
  spaceId: string;
  spaceName: string;
  formName: string;
  page: string;
  createdAt: Date;
  email: string | null;
  fields: FormField[];
  test: boolean;
}

/** The JSON a webhook receives. */
export function webhookPayload(eventId: string, s: SubmissionNotice): string {
  return JSON.stringify({
    id: eventId,
    type: 'form.submission',
    created: Math.floor(s.createdAt.getTime() / 1000),
    data: {
      id: s.id,
      spaceId: s.spaceId,
      formName: s.formName,
      page: s.page,
      createdAt: s.createdAt.toISOString(),
      email: s.email,
      fields: s.fields,
      test: s.test,
    },
  });
}

/** Posts a signed payload; rejects unless the endpoint answers 2xx. */
export async function callWebhook(ctx: AppContext, url: string, secret: string, eventId: string, body: string): Promise<void> {
  const fetcher = guardedFetch({ allowPrivate: ctx.config.webhooksAllowPrivate });
  const response = await fetcher(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'DIV-Webhooks/1.0',
      'div-event-id': eventId,
      'div-signature': signWebhook(secret, body, Math.floor(Date.now() / 1000)),
    },
    body,
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  await response.body?.cancel().catch(() => {});
  if (response.status < 200 || response.status >= 300) throw new Error(`el receptor respondió ${response.status}.`);
}

export function noticeText(s: SubmissionNotice): string {
  const lines = s.fields.map((f) => `${fieldTitle(f)}: ${fieldValueText(f.value)}`);
  return `${s.test ? '[Prueba] ' : ''}Nuevo envío del formulario «${s.formName}» en ${s.page} (${s.spaceName}).\n\n${lines.join('\n')}\n`;
}

const escapeHtml = (v: string) => v.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function noticeHtml(s: SubmissionNotice): string {
  const rows = s.fields
    .map(
      (f) =>
        `<tr><th align="left" valign="top">${escapeHtml(fieldTitle(f))}</th><td style="white-space:pre-wrap">${escapeHtml(fieldValueText(f.value))}</td></tr>`,
    )
    .join('');
  return `<p>Nuevo envío del formulario «${escapeHtml(s.formName)}» en ${escapeHtml(s.page)} (${escapeHtml(s.spaceName)}).</p><table cellpadding="6">${rows}</table>`;
}

/**
 * Where a space's notices go: its settings' address once confirmed (or the owner's own), else the
 * owner's account email; a pending third-party address gets nothing (ADR 0249).
 */
async function recipientOf(ctx: AppContext, spaceId: string): Promise<{ to: string; spaceName: string } | undefined> {
  const [row] = await ctx.db
    .select({
      ownerEmail: users.email,
      notifyEmail: formSettings.notifyEmail,
      notifyEmailVerifiedAt: formSettings.notifyEmailVerifiedAt,
      spaceName: spaces.name,
    })
    .from(spaces)
    .innerJoin(users, eq(users.id, spaces.ownerId))
    .leftJoin(formSettings, eq(formSettings.spaceId, spaces.id))
    .where(eq(spaces.id, spaceId))
    .limit(1);
  if (!row) return undefined;
  const confirmed = row.notifyEmail && notifyEmailStatusOf({ ...row, notifyEmail: row.notifyEmail }) === 'confirmed';
  return { to: confirmed && row.notifyEmail ? row.notifyEmail : row.ownerEmail, spaceName: row.spaceName };
}

async function loadNotice(ctx: AppContext, submissionId: string): Promise<SubmissionNotice | undefined> {
  const [row] = await ctx.db
    .select({
      id: formSubmissions.id,
      spaceId: formSubmissions.spaceId,
      spaceName: spaces.name,
      formName: formSubmissions.formName,
      page: formSubmissions.page,
      createdAt: formSubmissions.createdAt,
      email: formSubmissions.email,
      fields: formSubmissions.fields,
      test: formSubmissions.test,
    })
    .from(formSubmissions)
    .innerJoin(spaces, eq(spaces.id, formSubmissions.spaceId))
    .where(eq(formSubmissions.id, submissionId))
    .limit(1);
  return row;
}

/**
 * Sends the email notice of one submission; says to whom and how it went (SMTP, or only the local
 * outbox when no mail server is configured), so a test send can tell the truth (issue 43).
 */
export async function emailNotice(
  ctx: AppContext,
  notice: SubmissionNotice,
): Promise<{ to: string; via: 'smtp' | 'local' } | undefined> {
  const recipient = await recipientOf(ctx, notice.spaceId);
  if (!recipient) return undefined;
  const mail = mailProviderOf(ctx);
  await mail.send({
    to: recipient.to,
    subject: `${notice.test ? '[Prueba] ' : ''}Nuevo mensaje de «${notice.formName}» · ${recipient.spaceName}`,
    text: `${noticeText(notice)}\nLee y gestiona tus envíos en ${ctx.config.publicUrl}/space/${notice.spaceId}/forms\n`,
    html: noticeHtml(notice),
    replyTo: notice.email ?? undefined,
  });
  return { to: recipient.to, via: mail.kind };
}

/** Sends a webhook call for one submission, signed with the space's secret. */
export async function webhookNotice(ctx: AppContext, notice: SubmissionNotice, eventId: string): Promise<void> {
  const [settings] = await ctx.db
    .select({ url: formSettings.webhookUrl, secret: formSettings.webhookSecret })
    .from(formSettings)
    .where(eq(formSettings.spaceId, notice.spaceId))
    .limit(1);
  if (!settings?.url) return;
  await callWebhook(ctx, settings.url, settings.secret, eventId, webhookPayload(eventId, notice));
}

async function deliver(ctx: AppContext, row: { id: string; spaceId: string; submissionId: string | null; kind: string }) {
  if (row.kind === 'locked-email') {
    const recipient = await recipientOf(ctx, row.spaceId);
    if (!recipient) return;
    await mailProviderOf(ctx).send({
      to: recipient.to,
      subject: `Has alcanzado los envíos de formularios de tu plan · ${recipient.spaceName}`,
      text: `Tu sitio «${recipient.spaceName}» ha recibido más envíos de formularios de los que incluye tu plan este mes.\nLos guardamos todos: mejora tu plan para leerlos en ${ctx.config.publicUrl}/pricing\n`,
    });
    return;
  }
  const notice = row.submissionId ? await loadNotice(ctx, row.submissionId) : undefined;
  if (!notice) return;
  if (row.kind === 'email') await emailNotice(ctx, notice);
  else if (row.kind === 'webhook') await webhookNotice(ctx, notice, row.id);
}

/** Claims due notices and delivers them; returns how many were attempted. */
export async function runDueDeliveries(ctx: AppContext, limit = 20): Promise<number> {
  const claimed = await ctx.db.execute(sql`
    update form_deliveries set attempts = attempts + 1, locked_until = now() + ${`${LEASE_MS} milliseconds`}::interval
    where id in (
      select id from form_deliveries
      where done_at is null and next_at <= now() and (locked_until is null or locked_until < now())
      order by next_at limit ${limit} for update skip locked)
    returning id, space_id as "spaceId", submission_id as "submissionId", kind, attempts`);
  const rows = (
    claimed as unknown as { rows: { id: string; spaceId: string; submissionId: string | null; kind: string; attempts: number }[] }
  ).rows;
  await Promise.all(
    rows.map(async (row) => {
      try {
        await deliver(ctx, row);
        await ctx.db.update(formDeliveries).set({ doneAt: new Date(), lockedUntil: null }).where(eq(formDeliveries.id, row.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const last = row.attempts > WEBHOOK_RETRIES;
        const delay = ctx.config.FORMS_RETRY_BASE_MS * 4 ** (row.attempts - 1);
        ctx.log.warn({ err: error, delivery: row.id, kind: row.kind, attempt: row.attempts }, 'form notice not delivered');
        await ctx.db
          .update(formDeliveries)
          .set({
            lastError: message.slice(0, 500),
            lockedUntil: null,
            ...(last ? { doneAt: new Date(), failed: true } : { nextAt: new Date(Date.now() + delay) }),
          })
          .where(and(eq(formDeliveries.id, row.id)));
      }
    }),
  );
  return rows.length;
}

/** Sends the daily digest of every space that asked for one and got submissions since the last. */
export async function runDigests(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await ctx.db
    .select({ spaceId: formSettings.spaceId, since: formSettings.lastDigestAt })
    .from(formSettings)
    .where(
      and(
        eq(formSettings.notify, 'digest'),
        sql`(${formSettings.lastDigestAt} is null or ${formSettings.lastDigestAt} <= ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz)`,
      ),
    );
  let sent = 0;
  for (const space of due) {
    const since = space.since ?? new Date(now.getTime() - DAY_MS);
    const rows = await ctx.db
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(
        and(
          eq(formSubmissions.spaceId, space.spaceId),
          eq(formSubmissions.spam, false),
          eq(formSubmissions.test, false),
          sql`${formSubmissions.createdAt} > ${since.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(formSubmissions.createdAt)
      .limit(200);
    await ctx.db.update(formSettings).set({ lastDigestAt: now }).where(eq(formSettings.spaceId, space.spaceId));
    if (rows.length === 0) continue;
    const notices = (await Promise.all(rows.map((r) => loadNotice(ctx, r.id)))).filter((n) => n !== undefined);
    const recipient = await recipientOf(ctx, space.spaceId);
    if (!recipient) continue;
    await mailProviderOf(ctx).send({
      to: recipient.to,
      subject: `Resumen diario: ${notices.length} envío(s) de formularios · ${recipient.spaceName}`,
      text: `${notices.map(noticeText).join('\n---\n\n')}\nLee y gestiona tus envíos en ${ctx.config.publicUrl}/space/${space.spaceId}/forms\n`,
    });
    sent += 1;
  }
  return sent;
}
