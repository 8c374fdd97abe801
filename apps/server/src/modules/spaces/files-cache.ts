/**
 * The serialized (UTF-8 JSON) current files of recently opened spaces, keyed by space id and valid for one
 * revision. Files change only together with a revision bump (saveFiles, appendVersion), so an entry
 * whose revision equals the database's current one is exact; every request still reads the revision
 * (and checks the owner) in the database, so several instances stay correct without coordination.
 * Bounded by total size; least recently used entries leave first.
 */
export class FilesJsonCache {
  private readonly entries = new Map<string, { revision: number; json: Buffer }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(spaceId: string, revision: number): Buffer | undefined {
    const entry = this.entries.get(spaceId);
    if (!entry || entry.revision !== revision) return undefined;
    this.entries.delete(spaceId);
    this.entries.set(spaceId, entry);
    return entry.json;
  }

  set(spaceId: string, revision: number, json: Buffer): void {
    this.delete(spaceId);
    const size = json.byteLength;
    if (size > this.maxBytes) return;
    this.entries.set(spaceId, { revision, json });
    this.bytes += size;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.json.byteLength;
    }
  }

  delete(spaceId: string): void {
    const entry = this.entries.get(spaceId);
    if (!entry) return;
    this.entries.delete(spaceId);
    this.bytes -= entry.json.byteLength;
  }

  get size(): number {
    return this.entries.size;
  }
}
