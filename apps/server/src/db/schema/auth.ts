import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One sign-in in progress (10 minutes): only the SHA-256 of `state` is kept, with the PKCE verifier
 * and the hash of the nonce held in the browser's signed cookie. The row is deleted when spent.
 */
export const authStates = pgTable(
  'auth_states',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    stateHash: text('state_hash').notNull(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    browserNonceHash: text('browser_nonce_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_states_state_hash_idx').on(t.stateHash), index('auth_states_expires_idx').on(t.expiresAt)],
);

/**
 * Single-use login codes (`validate_code`, 60 s), stored hashed; `used_at` is set when spent. A code
 * is redeemed only by the browser whose sign-in produced it (`browser_nonce_hash`, ADR 0153).
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The hash of the sign-in's browser nonce; null (codes from before ADR 0153) redeems nothing. */
    browserNonceHash: text('browser_nonce_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_codes_expires_idx').on(t.expiresAt)],
);

/** The local identity provider's authorization codes, bound to a client, redirect URI and PKCE challenge. */
export const localIdpCodes = pgTable('local_idp_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  subject: text('subject').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The local identity provider's access tokens (for its userinfo endpoint), stored hashed. */
export const localIdpTokens = pgTable('local_idp_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  subject: text('subject').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
