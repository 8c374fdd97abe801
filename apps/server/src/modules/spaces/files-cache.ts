/**
 * Values each valid for one version of what they were built from (a revision, an ETag, a spaces
 * stamp): an entry is returned only for the version it was stored with. Bounded by total size; least
 * recently used entries leave first.
 */
export class VersionedCache<V extends string | number, T> {
  private readonly entries = new Map<string, { version: V; value: T; size: number }>();
  /** Builds under way, so callers that miss together share one build (one query, not one each). */
  private readonly building = new Map<string, { version: V; value: Promise<T> }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  get(key: string, version: V): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * The cached value, or `build`'s, kept for the next caller of the same version. Callers asking for
   * a version already being built wait for that build; a failed build is not kept.
   */
  async getOrBuild(key: string, version: V, build: () => Promise<T>): Promise<T> {
    const cached = this.get(key, version);
    if (cached !== undefined) return cached;
    const pending = this.building.get(key);
    if (pending && pending.version === version) return pending.value;
    const value = build();
    const entry = { version, value };
    this.building.set(key, entry);
    try {
      const built = await value;
      this.set(key, version, built);
      return built;
    } finally {
      if (this.building.get(key) === entry) this.building.delete(key);
    }
  }

  set(key: string, version: V, value: T): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.maxBytes) return;
    this.entries.set(key, { version, value, size });
    this.bytes += size;
    for (const [oldKey, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Buffers, bounded by their total byte length. */
export class VersionedBufferCache<V extends string | number> extends VersionedCache<V, Buffer> {
  constructor(maxBytes = 64 * 1024 * 1024) {
    super(maxBytes, (bytes) => bytes.byteLength);
  }
}

/**
 * The serialized (UTF-8 JSON) current files of a space, per revision. Files change only together with
 * a revision bump (saveFiles, appendVersion), so an entry whose revision equals the database's current
 * one is exact; every request still reads the revision (and checks the owner) in the database, so
 * several instances stay correct without coordination.
 */
export class FilesJsonCache extends VersionedBufferCache<number> {}
