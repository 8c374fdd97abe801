import { randomBytes } from 'node:crypto';
import { API_KEY_MESSAGES, API_KEY_PREFIX_LENGTH, API_KEY_TAG, type ApiKey, MAX_ACTIVE_API_KEYS } from '@div/shared/api-keys';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/users';
import { AppError, notFound } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';

/** A new key: the tag and 256 random bits, URL-safe. */
export function newApiKey(): string {
  return `${API_KEY_TAG}${randomBytes(32).toString('base64url')}`;
}

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

type Row = { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

function toApiKey(row: Row): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Creates a key; the returned `key` is the only copy that will ever exist in clear. */
export async function createApiKey(opts: {
  db: Database;
  userId: string;
  name: string;
}): Promise<{ apiKey: ApiKey; key: string }> {
  const key = newApiKey();
  const row = await opts.db.transaction(async (tx) => {
    // Serialises concurrent creations of one user so the active-key cap holds.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${opts.userId} for update`);
    const [active] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, opts.userId), isNull(apiKeys.revokedAt)));
    if (Number(active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) throw new AppError('CONFLICT', API_KEY_MESSAGES.tooMany);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ userId: opts.userId, name: opts.name, prefix: key.slice(0, API_KEY_PREFIX_LENGTH), keyHash: hashToken(key) })
      .returning(columns);
    if (!inserted) throw new Error('api key not created');
    return inserted;
  });
  return { apiKey: toApiKey(row), key };
}

export async function listApiKeys(opts: { db: Database; userId: string }): Promise<ApiKey[]> {
  const rows = await opts.db
    .select(columns)
    .from(apiKeys)
    .where(eq(apiKeys.userId, opts.userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** Revokes one of the user's keys (idempotent); another user's key is 404. */
export async function revokeApiKey(opts: { db: Database; userId: string; keyId: string; now?: Date }): Promise<ApiKey> {
  const [row] = await opts.db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${(opts.now ?? new Date()).toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, opts.keyId), eq(apiKeys.userId, opts.userId)))
    .returning(columns);
  if (!row) throw notFound(API_KEY_MESSAGES.notFound);
  return toApiKey(row);
}

export interface KeyOwner {
  keyId: string;
  userId: string;
  plan: string;
  developerPlan: string;
}

/** How stale `last_used_at` may get before a request writes it again (saves a write per request). */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** The owner of an active key, or undefined for an unknown or revoked one. Marks the key as used. */
export async function findKeyOwner(opts: { db: Database; key: string; now?: Date }): Promise<KeyOwner | undefined> {
  if (!opts.key.startsWith(API_KEY_TAG)) return undefined;
  const [row] = await opts.db
    .select({
      keyId: apiKeys.id,
      userId: apiKeys.userId,
      lastUsedAt: apiKeys.lastUsedAt,
      plan: users.plan,
      developerPlan: users.developerPlan,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashToken(opts.key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  const now = opts.now ?? new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await opts.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  }
  return { keyId: row.keyId, userId: row.userId, plan: row.plan, developerPlan: row.developerPlan };
}
