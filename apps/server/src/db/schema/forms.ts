import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';
import { users } from './users';

/**
 * What visitors send through the forms of a published site (issue 23, ADR 0191). Deleted with the
 * space, and by the retention job after the space's retention.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    formName: text('form_name').notNull(),
    /** The page path the form was on. */
    page: text('page').notNull(),
    /** Fields in the order the form sent them: [{ name, value }]. */
    fields: jsonb('fields').$type<{ name: string; value: string }[]>().notNull(),
    /** The visitor's address when a field holds one (reply-to of notices). */
    email: text('email'),
    read: boolean('read').notNull().default(false),
    spam: boolean('spam').notNull().default(false),
    spamReason: text('spam_reason'),
    /** Sent from the editor's preview. */
    test: boolean('test').notNull().default(false),
    /** UTC month (`2026-11`) and position in the owner's monthly allowance; null for spam and tests. */
    period: text('period'),
    seq: integer('seq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submissions_space_created_idx').on(t.spaceId, t.createdAt)],
);

/** Per-space form settings; a space without a row has the defaults. */
export const formSettings = pgTable(
  'form_settings',
  {
    spaceId: text('space_id')
      .primaryKey()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** 'each' (an email per submission), 'digest' (one a day) or 'off'. */
    notify: text('notify').notNull().default('each'),
    notifyEmail: text('notify_email'),
    /**
     * When a third-party `notifyEmail` was confirmed by the link mailed to it (issue 36, ADR 0249);
     * notices go there only once it is set (the owner's own account email needs none).
     */
    notifyEmailVerifiedAt: timestamp('notify_email_verified_at', { withTimezone: true }),
    /** SHA-256 of the single-use confirmation token last mailed, and when it stops working. */
    notifyEmailTokenHash: text('notify_email_token_hash'),
    notifyEmailTokenExpiresAt: timestamp('notify_email_token_expires_at', { withTimezone: true }),
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret').notNull(),
    retentionMonths: integer('retention_months').notNull().default(12),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_settings_notify_token_idx').on(t.notifyEmailTokenHash)],
);

/** Submissions counted against each owner's monthly allowance (one row per owner and UTC month). */
export const formUsage = pgTable(
  'form_usage',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.period] })],
);

/**
 * Notices still to deliver for a submission (an email or a webhook call), retried with backoff.
 * Kept in the database so a restart or another instance picks them up.
 */
export const formDeliveries = pgTable(
  'form_deliveries',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    submissionId: text('submission_id').references(() => formSubmissions.id, { onDelete: 'cascade' }),
    /** 'email', 'webhook' or 'locked-email' (the owner is told the allowance is used up). */
    kind: text('kind').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failed: boolean('failed').notNull().default(false),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_deliveries_due_idx').on(t.nextAt).where(sql`done_at is null`)],
);
