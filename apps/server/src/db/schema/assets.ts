import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytes } from './columns';
import { spaces } from './spaces';

/** One stored variant of an image (ADR 0203): the key its bytes have in the storage provider. */
export interface StoredVariant {
  width: number;
  height: number;
  bytes: number;
  key: string;
}

/**
 * A space's own images (issue 24, ADR 0202). The files name one as `images/<name>`; the bytes (the
 * original and its WebP variants) live in the storage provider under keys derived from `hash`.
 */
export const spaceImages = pgTable(
  'space_images',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    alt: text('alt').notNull().default(''),
    /** The format read from the bytes: jpeg, png, webp, gif, avif or svg. */
    format: text('format').notNull(),
    /** SHA-256 (hex) of the uploaded bytes: names the stored objects and the published paths. */
    hash: text('hash').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** The original plus every variant: what counts against the owner's storage. */
    storedBytes: integer('stored_bytes').notNull(),
    originalKey: text('original_key').notNull(),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('space_images_space_name_idx').on(t.spaceId, t.name),
    index('space_images_space_hash_idx').on(t.spaceId, t.hash),
  ],
);

/**
 * The database storage provider's objects (providers/storage/database.ts): bytes by key, kept with
 * the space they belong to so a deleted space takes them along.
 */
export const storedObjects = pgTable(
  'stored_objects',
  {
    key: text('key').primaryKey(),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    body: bytes('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_objects_space_idx').on(t.spaceId)],
);
