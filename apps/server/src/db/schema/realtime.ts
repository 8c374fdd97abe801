import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytes } from './columns';
import { spaces } from './spaces';

/**
 * A space edited together has a Yjs document (ADR 0213). This row marks it and is the lock every
 * change of the document's log takes (`select … for update`), so the log and the space's files move
 * together whichever instance writes.
 */
export const spaceDocs = pgTable('space_docs', {
  spaceId: text('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  /** The space revision whose files the document last matched (a different one: files changed outside). */
  revision: integer('revision').notNull().default(0),
  /** A hash of each file's content at that revision: which side changed a file since. */
  synced: jsonb('synced').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The document's log: Yjs updates in the order they were stored, merged into one now and then. */
export const spaceDocUpdates = pgTable(
  'space_doc_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    update: bytes('update').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('space_doc_updates_space_idx').on(t.spaceId, t.id)],
);
