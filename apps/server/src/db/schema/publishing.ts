import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytes, utf8Text } from './columns';
import { spaces } from './spaces';
import { users } from './users';

export interface SiteSeo {
  title: string;
  description: string;
  image: string;
  indexing: boolean;
  canonicalUrl: string;
  structuredData: string;
}

/** The published side of a space: its unique subdomain slug, live deployment and SEO settings. */
export const sites = pgTable(
  'sites',
  {
    spaceId: text('space_id')
      .primaryKey()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    liveDeploymentId: text('live_deployment_id'),
    seo: jsonb('seo').$type<SiteSeo>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sites_slug_idx').on(t.slug), index('sites_owner_idx').on(t.ownerId)],
);

/** An immutable snapshot of what was published; never updated, only made live (again). */
export const deployments = pgTable(
  'deployments',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** The space revision the files came from; null when the files were sent with the request. */
    sourceRevision: integer('source_revision'),
    fileCount: integer('file_count').notNull(),
    totalBytes: integer('total_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deployments_space_created_idx').on(t.spaceId, t.createdAt)],
);

/**
 * The files of a deployment with their strong validator and precomputed gzip and brotli variants
 * (bytes, ADR 0109). `body` is null when the gzip variant holds the file (ADR 0227: unpacked when
 * read); DIV's own `_div/` files always keep it.
 */
export const deploymentFiles = pgTable(
  'deployment_files',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    etag: text('etag').notNull(),
    body: utf8Text('body'),
    gzip: bytes('gzip'),
    brotli: bytes('brotli'),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.path] })],
);

/** A custom domain pointed at a space, verified by a TXT record. */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
    token: text('token').notNull(),
    status: text('status').notNull().default('pending'),
    isDefault: boolean('is_default').notNull().default(false),
    lastError: text('last_error'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A hostname is unique among verified (active) domains only: any number of accounts may register
    // it, and the first to prove the TXT record gets it; the constraint settles a race (ADR 0156).
    uniqueIndex('custom_domains_verified_hostname_idx').on(t.hostname).where(sql`status = 'active'`),
    // One registration of a hostname per account (a second one is the owner's own duplicate).
    uniqueIndex('custom_domains_owner_hostname_idx').on(t.ownerId, t.hostname),
    index('custom_domains_hostname_idx').on(t.hostname),
  ],
);

/** Page views per site, page and day: no cookies, no addresses, only counts. */
export const pageViews = pgTable(
  'page_views',
  {
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.day, t.path] })],
);
