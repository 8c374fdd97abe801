import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';

/**
 * A space's git remote (issue 41, ADR 0263): one per space. The token is stored encrypted
 * (AES-256-GCM, modules/custom-models/secrets.ts), bound to the space's id, and never read back out.
 * Deleting the space deletes it (cascade).
 */
export const gitConnections = pgTable('git_connections', {
  spaceId: text('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  /** https URL without credentials. */
  url: text('url').notNull(),
  branch: text('branch').notNull(),
  username: text('username').notNull(),
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to the space's id. */
  tokenEncrypted: text('token_encrypted').notNull(),
  /** The commit last pushed or pulled; null until the first sync. */
  lastSyncedOid: text('last_synced_oid'),
  /** The space revision that commit holds (versions after it are "ahead"). */
  syncedRevision: integer('synced_revision'),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  /** Push each new version in the background (ADR 0278); off by default. */
  autoPush: boolean('auto_push').notNull().default(false),
  /** The newest version revision an automatic push was started for: each is tried once, by one instance. */
  autoPushRevision: integer('auto_push_revision'),
  /** The last failure in plain Spanish; null after a success. */
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
