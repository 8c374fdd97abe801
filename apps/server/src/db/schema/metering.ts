import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One metered action (a generation, an API call): what the usage dashboard is computed from. */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    model: text('model'),
    provider: text('provider'),
    success: boolean('success').notNull(),
    /**
     * The composer declined (or a change awaits the person's confirmation): nothing was charged, and
     * it is neither a success nor a failure. /usage shows these as their own slice (issue 43).
     */
    refused: boolean('refused').notNull().default(false),
    durationMs: integer('duration_ms').notNull(),
    tokens: integer('tokens'),
    /** 'app' (the web app) or 'api' (the developer API). */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_events_user_created_idx').on(t.userId, t.createdAt)],
);
