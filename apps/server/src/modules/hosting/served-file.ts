import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { preferredEncoding } from '../../lib/encoding';
import { STAMP_FIELD, STAMP_SLOT } from '../forms/fill-stamp';
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
  /**
   * A page with DIV forms: its bytes around each empty fill-stamp slot, filled with the signed time
   * of each request (ADR 0253); its weak ETag still answers 304 to a client holding the page.
   */
  stamped?: Buffer[] | undefined;
}

/** Writes the serve time into a page's stamp slots. */
export type FillStamper = () => string;

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
  const stamped = html ? stampedParts(file.body) : undefined;
  if (stamped) {
    return {
      page: pagePathOf(file.path),
      identity: variant(base, `W/"${file.etag}"`, file.body),
      gzip: undefined,
      br: undefined,
      stamped,
    };
  }
  return {
    page: html ? pagePathOf(file.path) : undefined,
    identity: variant(base, `"${file.etag}"`, file.body),
    gzip: file.gzip ? variant(base, `"${file.etag}-gz"`, file.gzip, 'gzip') : undefined,
    br: file.brotli ? variant(base, `"${file.etag}-br"`, file.brotli, 'br') : undefined,
  };
}

const slot = Buffer.from(STAMP_SLOT);

/** The page's bytes split at its stamp slots, or undefined when it has none. */
function stampedParts(body: Buffer): Buffer[] | undefined {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(slot); at !== -1; at = body.indexOf(slot, from)) {
    parts.push(body.subarray(from, at));
    from = at + slot.length;
  }
  if (parts.length === 0) return undefined;
  parts.push(body.subarray(from));
  return parts;
}

/** A stamped page's bytes for one request, gzipped (fast level) when the client takes it. */
function stampedVariant(file: ServedFile, parts: Buffer[], stamp: FillStamper | undefined, encoding: string): Variant {
  const filled = Buffer.from(`name="${STAMP_FIELD}" value="${stamp ? stamp() : ''}"`);
  const body = Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [filled, part])));
  const { etag, headers } = file.identity;
  if (encoding === 'identity') return { etag, body, headers: { ...headers, 'content-length': body.length } };
  const gz = gzipSync(body, { level: 1 });
  return { etag, body: gz, headers: { ...headers, 'content-length': gz.length, 'content-encoding': 'gzip' } };
}

export function generated(path: string, contentType: string, text: string): ServedFile {
  const body = Buffer.from(text, 'utf8');
  return servedFile({ path, contentType, etag: etagOf(body), body, gzip: null, brotli: null });
}

function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag || ifNoneMatch.trim() === '*') return true;
  const weak = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === weak);
}

/**
 * Writes the chosen variant, or a 304 when the client holds it; returns the status written. A page
 * with forms gets `stamp` written into it (ADR 0253).
 */
export function writeServedFile(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  file: ServedFile,
  stamp?: FillStamper,
): number {
  const encoding = preferredEncoding(req.headers['accept-encoding'] as string | undefined);
  const kept = file.stamped
    ? undefined
    : (encoding === 'br' && file.br) || (encoding !== 'identity' && file.gzip) || file.identity;
  const etag = kept?.etag ?? file.identity.etag;
  const inm = req.headers['if-none-match'];
  if (status === 200 && inm && matches(inm, etag)) {
    res.writeHead(304, {
      etag,
      'cache-control': file.identity.headers['cache-control'],
      vary: 'Accept-Encoding',
    });
    res.end();
    return 304;
  }
  const chosen = kept ?? stampedVariant(file, file.stamped ?? [], stamp, encoding);
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
