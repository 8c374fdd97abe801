import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/users';
import { createTestUser } from '../../test/app';
import { createApiKey } from '../api-keys/service';

/** A user with the given developer plan and one API key; returns the key and its Authorization header. */
export async function createKeyUser(
  database: DatabaseHandle,
  options: { developerPlan?: string; plan?: string } = {},
): Promise<{ id: string; key: string; authorization: string; sessionAuthorization: string }> {
  const user = await createTestUser(database, { plan: options.plan ?? 'free' });
  if (options.developerPlan) {
    await database.db.update(users).set({ developerPlan: options.developerPlan }).where(eq(users.id, user.id));
  }
  const { key } = await createApiKey({ db: database.db, userId: user.id, name: 'test' });
  return { id: user.id, key, authorization: `Bearer ${key}`, sessionAuthorization: user.authorization };
}
