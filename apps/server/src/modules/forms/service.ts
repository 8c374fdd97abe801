import {
  DEFAULT_FORM_RETENTION_MONTHS,
  FORM_MESSAGES,
  type FormSettings,
  formAllowanceOf,
  type ListSubmissionsQuery,
  listSubmissionsQuerySchema,
  type Submission,
  type SubmissionList,
  type UpdateFormSettings,
} from '@div/shared/forms';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { formSettings, formSubmissions, formUsage } from '../../db/schema/forms';
import { spaces } from '../../db/schema/spaces';
import { users } from '../../db/schema/users';
import { AppError, notFound } from '../../lib/errors';
import { newWebhookSecret } from './deliveries';
import { notifyAddressChange, notifyEmailStatusOf } from './notify-address';
import { periodOf } from './submit';

/** The owner scope every inbox call runs in: the space (already access-checked) and its owner. */
export interface InboxScope {
  db: Database;
  spaceId: string;
  ownerId: string;
  ownerPlan: string;
}

export const columns = {
  id: formSubmissions.id,
  spaceId: formSubmissions.spaceId,
  formName: formSubmissions.formName,
  page: formSubmissions.page,
  createdAt: formSubmissions.createdAt,
  read: formSubmissions.read,
  spam: formSubmissions.spam,
  spamReason: formSubmissions.spamReason,
  test: formSubmissions.test,
  seq: formSubmissions.seq,
  email: formSubmissions.email,
  fields: formSubmissions.fields,
};
export interface Row {
  id: string;
  spaceId: string;
  formName: string;
  page: string;
  createdAt: Date;
  read: boolean;
  spam: boolean;
  spamReason: string | null;
  test: boolean;
  seq: number | null;
  email: string | null;
  fields: { name: string; value: string }[];
}

/** A submission as the owner sees it: past the plan's allowance, its content is withheld. */
export function toSubmission(row: Row, plan: string): Submission {
  const locked = row.seq !== null && row.seq > formAllowanceOf(plan);
  return {
    id: row.id,
    spaceId: row.spaceId,
    formName: row.formName,
    page: row.page,
    createdAt: row.createdAt.toISOString(),
    read: row.read,
    spam: row.spam,
    spamReason: row.spamReason,
    test: row.test,
    locked,
    email: locked ? null : row.email,
    fields: locked ? [] : row.fields,
  };
}

export function filterOf(spaceId: string, folder: 'inbox' | 'spam' | 'all', q: string | undefined): SQL {
  const parts: SQL[] = [eq(formSubmissions.spaceId, spaceId)];
  if (folder !== 'all') parts.push(eq(formSubmissions.spam, folder === 'spam'));
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`(${formSubmissions.fields}::text ilike ${like} or ${formSubmissions.formName} ilike ${like} or ${formSubmissions.page} ilike ${like})`,
    );
  }
  return and(...parts) as SQL;
}

/** Newest first, a page at a time, with the unread and spam counts and this month's allowance. */
export async function listSubmissions(scope: InboxScope, query: ListSubmissionsQuery): Promise<SubmissionList> {
  const q = listSubmissionsQuerySchema.parse(query);
  const where = [filterOf(scope.spaceId, q.folder, q.q)];
  if (q.cursor) {
    const [at, id] = q.cursor.split('|');
    if (!at || !id || Number.isNaN(Date.parse(at))) throw new AppError('BAD_REQUEST', 'Cursor no válido.');
    where.push(sql`(${formSubmissions.createdAt}, ${formSubmissions.id}) < (${at}::timestamptz, ${id})`);
  }
  const limit = q.limit;
  const [rows, counts, usage] = await Promise.all([
    scope.db
      .select(columns)
      .from(formSubmissions)
      .where(and(...where))
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(limit + 1),
    scope.db
      .select({
        unread: sql<number>`count(*) filter (where not ${formSubmissions.read} and not ${formSubmissions.spam})`.mapWith(Number),
        spam: sql<number>`count(*) filter (where ${formSubmissions.spam})`.mapWith(Number),
      })
      .from(formSubmissions)
      .where(eq(formSubmissions.spaceId, scope.spaceId)),
    scope.db
      .select({ used: formUsage.used })
      .from(formUsage)
      .where(and(eq(formUsage.ownerId, scope.ownerId), eq(formUsage.period, periodOf(new Date())))),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const used = usage[0]?.used ?? 0;
  const allowance = formAllowanceOf(scope.ownerPlan);
  return {
    submissions: page.map((r) => toSubmission(r, scope.ownerPlan)),
    nextCursor: rows.length > limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
    unread: counts[0]?.unread ?? 0,
    spam: counts[0]?.spam ?? 0,
    allowance: { used, limit: allowance, locked: Math.max(0, used - allowance) },
  };
}

export async function getSubmission(scope: InboxScope, id: string): Promise<Submission> {
  const [row] = await scope.db
    .select(columns)
    .from(formSubmissions)
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.spaceId, scope.spaceId)))
    .limit(1);
  if (!row) throw notFound(FORM_MESSAGES.notFound);
  return toSubmission(row, scope.ownerPlan);
}

/** Marks read/unread and spam/not spam. */
export async function updateSubmission(scope: InboxScope, id: string, change: { read?: boolean; spam?: boolean }) {
  const set: Partial<typeof formSubmissions.$inferInsert> = {};
  if (change.read !== undefined) set.read = change.read;
  if (change.spam !== undefined) {
    set.spam = change.spam;
    if (!change.spam) set.spamReason = null;
  }
  const updated = await scope.db
    .update(formSubmissions)
    .set(set)
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.spaceId, scope.spaceId)))
    .returning({ id: formSubmissions.id });
  if (updated.length === 0) throw notFound(FORM_MESSAGES.notFound);
  return getSubmission(scope, id);
}

export async function deleteSubmission(scope: InboxScope, id: string): Promise<void> {
  const deleted = await scope.db
    .delete(formSubmissions)
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.spaceId, scope.spaceId)))
    .returning({ id: formSubmissions.id });
  if (deleted.length === 0) throw notFound(FORM_MESSAGES.notFound);
}

/** Deletes every submission of the folder ('all' empties the inbox and the spam). Returns how many. */
export async function deleteAllSubmissions(scope: InboxScope, folder: 'inbox' | 'spam' | 'all'): Promise<number> {
  const deleted = await scope.db
    .delete(formSubmissions)
    .where(filterOf(scope.spaceId, folder, undefined))
    .returning({ id: formSubmissions.id });
  return deleted.length;
}

/** The space's form settings, made with defaults and a fresh webhook secret on first read. */
export async function getFormSettings(db: Database, spaceId: string): Promise<FormSettings> {
  const { ownerEmail, notifyEmailVerifiedAt, ...row } = await settingsRow(db, spaceId);
  return {
    ...row,
    notify: row.notify as FormSettings['notify'],
    notifyEmailStatus: notifyEmailStatusOf({ notifyEmail: row.notifyEmail, notifyEmailVerifiedAt, ownerEmail }),
  };
}

/** The settings row with the owner's account email (the one address that needs no confirmation). */
export async function settingsRow(db: Database, spaceId: string) {
  await db.insert(formSettings).values({ spaceId, webhookSecret: newWebhookSecret() }).onConflictDoNothing();
  const [row] = await db
    .select({
      notify: formSettings.notify,
      notifyEmail: formSettings.notifyEmail,
      notifyEmailVerifiedAt: formSettings.notifyEmailVerifiedAt,
      webhookUrl: formSettings.webhookUrl,
      webhookSecret: formSettings.webhookSecret,
      retentionMonths: formSettings.retentionMonths,
      ownerEmail: users.email,
    })
    .from(formSettings)
    .innerJoin(spaces, eq(spaces.id, formSettings.spaceId))
    .innerJoin(users, eq(users.id, spaces.ownerId))
    .where(eq(formSettings.spaceId, spaceId))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Applies the owner's change. A new third-party notice address is stored pending, with the token the
 * caller mails (`confirm`); the owner's own address is confirmed at once (ADR 0249).
 */
export async function updateFormSettings(
  db: Database,
  spaceId: string,
  change: UpdateFormSettings,
): Promise<{ settings: FormSettings; confirm: { to: string; token: string } | null }> {
  const current = await settingsRow(db, spaceId);
  const set: Partial<typeof formSettings.$inferInsert> = { updatedAt: new Date() };
  let confirm: { to: string; token: string } | null = null;
  if (change.notify !== undefined) set.notify = change.notify;
  if (change.notifyEmail !== undefined) {
    const address = notifyAddressChange(change.notifyEmail, current.notifyEmail, current.ownerEmail);
    Object.assign(set, address.set);
    if (address.token && change.notifyEmail) confirm = { to: change.notifyEmail, token: address.token };
  }
  if (change.webhookUrl !== undefined) set.webhookUrl = change.webhookUrl;
  if (change.retentionMonths !== undefined) set.retentionMonths = change.retentionMonths;
  if (change.rotateSecret) set.webhookSecret = newWebhookSecret();
  await db.update(formSettings).set(set).where(eq(formSettings.spaceId, spaceId));
  return { settings: await getFormSettings(db, spaceId), confirm };
}

/** Deletes submissions older than their space's retention (default 12 months). Returns how many. */
export async function pruneSubmissions(opts: { db: Database; now?: Date }): Promise<number> {
  const now = (opts.now ?? new Date()).toISOString();
  const result = await opts.db.execute(sql`
    delete from form_submissions f
    where f.created_at < ${now}::timestamptz - make_interval(months => coalesce(
      (select s.retention_months from form_settings s where s.space_id = f.space_id), ${DEFAULT_FORM_RETENTION_MONTHS}::int))
    returning f.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
