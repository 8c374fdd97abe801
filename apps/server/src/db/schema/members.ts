import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';
import { users } from './users';

/** People a space's owner works with: each with the role 'editor' or 'viewer' (ADR 0211). */
export const spaceMembers = pgTable(
  'space_members',
  {
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.userId] }), index('space_members_user_idx').on(t.userId)],
);

/**
 * A pending invitation to a space, for one email address. The link carries a random token; only its
 * SHA-256 is stored. Accepting it (signed in with that email) makes a member and deletes the row.
 */
export const spaceInvitations = pgTable(
  'space_invitations',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('space_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('space_invitations_space_email_idx').on(t.spaceId, t.email),
  ],
);
