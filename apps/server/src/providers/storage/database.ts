import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storedObjects } from '../../db/schema/assets';
import type { StorageProvider, StoredObject } from './types';

/**
 * Objects as `bytea` rows of `stored_objects`, written in binary format (ADR 0109) and deleted with
 * their space (foreign key). Shared by every instance with no extra service to run.
 */
export class DatabaseStorage implements StorageProvider {
  readonly kind = 'database' as const;
  constructor(private readonly db: Database) {}

  async putMany(spaceId: string, objects: { key: string; body: Buffer; contentType: string }[]): Promise<void> {
    if (!objects.length) return;
    await this.db
      .insert(storedObjects)
      .values(objects.map((o) => ({ spaceId, key: o.key, body: o.body, contentType: o.contentType })))
      .onConflictDoNothing();
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const [row] = await this.db
      .select({ body: storedObjects.body, contentType: storedObjects.contentType })
      .from(storedObjects)
      .where(eq(storedObjects.key, key))
      .limit(1);
    return row;
  }

  async deleteMany(keys: string[]): Promise<void> {
    if (keys.length) await this.db.delete(storedObjects).where(inArray(storedObjects.key, keys));
  }
}
