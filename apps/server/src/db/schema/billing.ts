import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The billing provider's customer of a user, created on first checkout. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_customers_customer_idx').on(t.customerId)],
);

/** Webhook event ids already applied: a replayed event is acknowledged and skipped. */
export const processedEvents = pgTable('processed_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Subscriptions of the local billing provider (used when STRIPE_SECRET_KEY is unset): the state
 * Stripe would keep, read back through the same provider interface.
 */
export const localSubscriptions = pgTable(
  'local_subscriptions',
  {
    id: text('id').primaryKey().default(sql`'local_sub_' || replace(gen_random_uuid()::text, '-', '')`),
    customerId: text('customer_id').notNull(),
    priceId: text('price_id').notNull(),
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_subscriptions_customer_idx').on(t.customerId)],
);
