/**
 * Buffers of recently opened spaces, keyed by space id and valid for one version of it. Used twice:
 * - the serialized (UTF-8 JSON) current files, for one revision. Files change only together with a
 *   revision bump (saveFiles, appendVersion), so an entry whose revision equals the database's current
 *   one is exact; every request still reads the revision (and checks the owner) in the database, so
 *   several instances stay correct without coordination;
 * - the compressed answer of GET /api/spaces/{id}, for one ETag (and encoding).
 * Bounded by total size; least recently used entries leave first.
 */
export class VersionedBufferCache<V extends string | number = number> {
  private readonly entries = new Map<string, { version: V; bytes: Buffer }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string, version: V): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.bytes;
  }

  set(key: string, version: V, bytes: Buffer): void {
    this.delete(key);
    const size = bytes.byteLength;
    if (size > this.maxBytes) return;
    this.entries.set(key, { version, bytes });
    this.bytes += size;
    for (const [oldKey, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= entry.bytes.byteLength;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes.byteLength;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The serialized files of a space, per revision. */
export class FilesJsonCache extends VersionedBufferCache<number> {}
