import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A Pro user's own OpenAI-compatible endpoints (custom models, ADR 0085). The API key is stored
 * encrypted (AES-256-GCM, see modules/custom-models/secrets.ts) and only its last 4 characters in
 * clear, for display. Deleting the user deletes them (cascade).
 */
export const customModelEndpoints = pgTable(
  'custom_model_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to the owner's id. */
    apiKeyEncrypted: text('api_key_encrypted').notNull(),
    apiKeyLast4: text('api_key_last4').notNull(),
    models: jsonb('models').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custom_model_endpoints_user_idx').on(t.userId)],
);
