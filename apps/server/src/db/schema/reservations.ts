import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A message reserved for a running action (issue 9, ADR 0121). The row lives while the action runs
 * and renews its lease; it is deleted in the same transaction that records the result, or together
 * with giving the message back. A row whose lease ran out belongs to a process that died: any
 * instance gives its message back (`reclaimExpiredReservations`).
 */
export const messageReservations = pgTable(
  'message_reservations',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The period the message was counted in: a message of a period that has reset is not given back. */
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_reservations_lease_idx').on(t.leaseUntil)],
);
