import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** A project. `revision` increments on every change of its files (optimistic concurrency). */
export const spaces = pgTable(
  'spaces',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Anyone with the share link may view it (read-only) and remix it (ADR 0210). */
    isPublic: boolean('is_public').notNull().default(false),
    /** The published site may be remixed by anyone and shows the "Hecho con DIV · Remixar" badge. */
    allowRemix: boolean('allow_remix').notNull().default(false),
    /** The space this one was remixed from (null once that one is deleted; the name stays). */
    remixedFromId: text('remixed_from_id').references((): AnyPgColumn => spaces.id, { onDelete: 'set null' }),
    remixedFromName: text('remixed_from_name'),
    /** How many times this space was remixed. */
    remixCount: integer('remix_count').notNull().default(0),
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spaces_owner_created_idx').on(t.ownerId, t.createdAt)],
);

/** The current files of a space; one row per path. */
export const spaceFiles = pgTable(
  'space_files',
  {
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    content: text('content').notNull(),
    language: text('language').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.path] })],
);

/** Immutable snapshots of a space's files; never updated, only appended and pruned by retention. */
export const spaceVersions = pgTable(
  'space_versions',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** The space revision this version made current; orders versions within a space. */
    revision: integer('revision').notNull(),
    files: jsonb('files').$type<{ path: string; content: string }[]>().notNull(),
    prompt: text('prompt'),
    source: text('source').notNull(),
    /** Who made the version (a member or the owner); null for versions from before members, or a deleted user. */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A restore's origin (issue 22): the version it brought back, and when that version was made (kept
     * on its own so the label survives the origin being pruned by retention).
     */
    restoredFromId: text('restored_from_id').references((): AnyPgColumn => spaceVersions.id, { onDelete: 'set null' }),
    restoredFromAt: timestamp('restored_from_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('space_versions_space_revision_idx').on(t.spaceId, t.revision),
    index('space_versions_created_idx').on(t.createdAt),
  ],
);

/**
 * A counter per user that changes whenever any of the user's spaces or their versions change: bumped
 * by triggers of migration 0010 in the same transaction as the change, read with the session. An
 * answer cached under one stamp (the projects list, a space's summary and versions) is current while
 * the stamp is the same, on every instance (ADR 0136).
 */
export const userSpaceStamps = pgTable('user_space_stamps', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stamp: bigint('stamp', { mode: 'number' }).notNull().default(0),
});
