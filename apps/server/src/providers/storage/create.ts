import type { AppContext } from '../../context';
import { DatabaseStorage } from './database';
import type { StorageProvider } from './types';

const cache = new WeakMap<AppContext, StorageProvider>();

/** The app's storage provider: the database (ADR 0202); object storage would be chosen here by configuration. */
export function storageOf(ctx: AppContext): StorageProvider {
  let provider = cache.get(ctx);
  if (!provider) {
    provider = new DatabaseStorage(ctx.db);
    cache.set(ctx, provider);
  }
  return provider;
}
