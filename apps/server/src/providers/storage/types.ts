/**
 * Bytes kept for the app (issue 24, ADR 0202): today uploaded images and their variants. One small
 * interface, so object storage can take over later without touching the features; the default
 * keeps the bytes in the app's database, which every instance already shares.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface StorageProvider {
  readonly kind: 'database';
  /** Stores the objects (all or none); an existing key keeps its bytes (keys are content-addressed). */
  putMany(spaceId: string, objects: { key: string; body: Buffer; contentType: string }[]): Promise<void>;
  /** The object, or undefined when there is none under the key. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the objects; missing keys are ignored. */
  deleteMany(keys: string[]): Promise<void>;
}
