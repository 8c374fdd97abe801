import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { PreparedFile } from './content';

// How a deployment's files are stored (ADR 0227): a file that has a gzip variant is stored as that
// variant (and its brotli one) without its UTF-8 body, which is gzip's lossless content and is unpacked
// when the deployment is read. DIV's own `_div/` files keep their body: SQL reads it (ADR 0208).

const gunzipAsync = promisify(gunzip);

/**
 * DIV's own files of a deployment (`_div/forms.json`, `_div/images.json`): read by the app to serve
 * the site, never served, shared or remixed as the site's files (issue 36).
 */
export const isInternalFile = (path: string) => path.startsWith('_div/');

/** The columns a prepared file is written with: its body only when no gzip variant holds it. */
export function storedFile(file: PreparedFile): Omit<PreparedFile, 'body'> & { body: Buffer | null } {
  return { ...file, body: file.gzip && !isInternalFile(file.path) ? null : file.body };
}

/** A stored file's bytes: its body, or its gzip variant unpacked (zlib checks the gzip trailer's CRC). */
export async function bodyOf(row: { path: string; body: Buffer | null; gzip: Buffer | null }): Promise<Buffer> {
  if (row.body) return row.body;
  if (!row.gzip) throw new Error(`deployment file ${row.path} has neither a body nor a gzip variant`);
  return gunzipAsync(row.gzip);
}
