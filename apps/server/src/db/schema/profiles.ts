import type { SiteProfile } from '@div/shared/profile';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';

/**
 * "Lo que entendí" (issue 37, ADR 0254): what the composer read from a space's brief, one row per
 * space, written at its first generation and kept up to date by follow-ups and the profile card.
 */
export const spaceProfiles = pgTable('space_profiles', {
  spaceId: text('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').$type<SiteProfile>().notNull(),
  /** The brief of the first generation, as written: a kind chosen in the card composes the site from it again. */
  brief: text('brief'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
