import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { preferredEncoding } from '../../lib/encoding';
import { etagOf, isHtmlPath, type PreparedFile, pagePathOf } from './content';

// A published file as it is served: every variant's headers built once per deployment (ADR 0221),
// then the answer to one request is a lookup, an Accept-Encoding choice and one write.

/**
 * Generated sites may load scripts, styles, fonts and images from any HTTPS CDN and run inline code,
 * but they are never served on the app's origin, so the app's storage and cookies stay out of reach.
 */
export const SITE_CSP = [
  "default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'",
  "img-src 'self' https: data: blob:",
  "connect-src 'self' https:",
  "frame-ancestors 'self'",
  "form-action 'self' https:",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

const HTML_CACHE = 'no-cache';
/** Asset paths are not content-hashed, so a short freshness and then revalidation by ETag (ADR 0102). */
const ASSET_CACHE = 'public, max-age=60, must-revalidate';

export interface Variant {
  headers: OutgoingHttpHeaders;
  etag: string;
  body: Buffer;
}

export interface ServedFile {
  /** The page path counted by analytics; undefined for assets. */
  page: string | undefined;
  identity: Variant;
  gzip: Variant | undefined;
  br: Variant | undefined;
}

export const common = (contentType: string, cacheControl: string): OutgoingHttpHeaders => ({
  'content-type': contentType,
  'cache-control': cacheControl,
  vary: 'Accept-Encoding',
  'content-security-policy': SITE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
});

function variant(base: OutgoingHttpHeaders, etag: string, body: Buffer, encoding?: string): Variant {
  const headers: OutgoingHttpHeaders = { ...base, etag, 'content-length': body.length };
  if (encoding) headers['content-encoding'] = encoding;
  return { headers, etag, body };
}

export function servedFile(file: PreparedFile): ServedFile {
  const html = isHtmlPath(file.path);
  const base = common(file.contentType, html ? HTML_CACHE : ASSET_CACHE);
  return {
    page: html ? pagePathOf(file.path) : undefined,
    identity: variant(base, `"${file.etag}"`, file.body),
    gzip: file.gzip ? variant(base, `"${file.etag}-gz"`, file.gzip, 'gzip') : undefined,
    br: file.brotli ? variant(base, `"${file.etag}-br"`, file.brotli, 'br') : undefined,
  };
}

export function generated(path: string, contentType: string, text: string): ServedFile {
  const body = Buffer.from(text, 'utf8');
  return servedFile({ path, contentType, etag: etagOf(body), body, gzip: null, brotli: null });
}

function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag || ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Writes the chosen variant, or a 304 when the client holds it; returns the status written. */
export function writeServedFile(req: IncomingMessage, res: ServerResponse, status: number, file: ServedFile): number {
  const encoding = preferredEncoding(req.headers['accept-encoding'] as string | undefined);
  const chosen = (encoding === 'br' && file.br) || (encoding !== 'identity' && file.gzip) || file.identity;
  const inm = req.headers['if-none-match'];
  if (status === 200 && inm && matches(inm, chosen.etag)) {
    res.writeHead(304, {
      etag: chosen.etag,
      'cache-control': chosen.headers['cache-control'],
      vary: 'Accept-Encoding',
    });
    res.end();
    return 304;
  }
  res.writeHead(status, chosen.headers);
  if (req.method === 'HEAD') res.end();
  else res.end(chosen.body);
  return status;
}

/** The file a request path names: `/`, `/about`, `/about.html`, `/docs/` and `/docs` alike. */
export function lookupFile<T = ServedFile>(files: ReadonlyMap<string, T>, url: string): T | undefined {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return undefined;
    }
  }
  const p = path.replace(/^\/+/, '');
  if (p === '') return files.get('index.html');
  if (p.includes('..')) return undefined;
  if (p.endsWith('/')) return files.get(`${p}index.html`);
  return files.get(p) ?? files.get(`${p}.html`) ?? files.get(`${p}/index.html`);
}
