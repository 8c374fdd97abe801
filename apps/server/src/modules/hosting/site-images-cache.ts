import type { AppContext } from '../../context';
import { IMMUTABLE, readVariant, VARIANT_FILE } from '../assets/service';
import { common, type ServedFile } from './served-file';

const MAX_IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The images a published site serves (ADR 0205): content-hashed paths, so cached for ever by
 * browsers and CDNs; this instance keeps the most recent ones in memory (never stale).
 */
export class SiteImages {
  /** Image variants served lately, by space and file. */
  private readonly images = new Map<string, Buffer>();
  private imageBytes = 0;

  constructor(private readonly ctx: AppContext) {}

  /** The variant `file` when the deployment serves it, else undefined (a 404). */
  async file(entry: { spaceId: string; images: Set<string> }, file: string): Promise<ServedFile | undefined> {
    const name = file.replace(/\?.*$/, '');
    const match = VARIANT_FILE.exec(name);
    const key = `${entry.spaceId}/${name}`;
    const served = match !== null && entry.images.has(match[1] as string);
    let body = served ? this.images.get(key) : undefined;
    if (!body && served) {
      body = await readVariant(this.ctx, entry.spaceId, name);
      if (body) this.remember(key, body);
    }
    if (!body) return undefined;
    const etag = `"${match?.[1]}-${match?.[2]}"`;
    const headers = { ...common('image/webp', IMMUTABLE), etag, 'content-length': body.length };
    delete headers.vary;
    return { page: undefined, identity: { headers, etag, body }, gzip: undefined, br: undefined };
  }

  private remember(key: string, body: Buffer): void {
    this.images.set(key, body);
    this.imageBytes += body.length;
    while (this.imageBytes > MAX_IMAGE_CACHE_BYTES && this.images.size > 1) {
      const [oldest, bytes] = this.images.entries().next().value as [string, Buffer];
      this.images.delete(oldest);
      this.imageBytes -= bytes.length;
    }
  }
}
