import { createHash } from 'node:crypto';
import { compress } from '../../lib/encoding';

const types: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  webmanifest: 'application/manifest+json',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  ico: 'image/x-icon',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

export function contentTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return types[ext] ?? 'application/octet-stream';
}

const compressible = (type: string) => /^(text\/|application\/(json|xml|manifest)|image\/svg)/.test(type);

/** A strong validator: the SHA-256 of the bytes (the encoding is appended per variant). */
export function etagOf(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 27);
}

export interface PreparedFile {
  path: string;
  contentType: string;
  etag: string;
  body: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
}

/**
 * Precomputes what serving needs: type, validator and the gzip and brotli variants (kept only when
 * smaller; lib/encoding's settings keep a 1 MB deploy well under the deploy budget).
 */
export async function prepareFile(path: string, content: string | Buffer): Promise<PreparedFile> {
  const body = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const contentType = contentTypeOf(path);
  let gz: Buffer | null = null;
  let br: Buffer | null = null;
  if (compressible(contentType) && body.length >= 256) {
    [gz, br] = await Promise.all([compress(body, 'gzip'), compress(body, 'br')]);
    if (gz.length >= body.length) gz = null;
    if (br.length >= body.length) br = null;
  }
  return { path, contentType, etag: etagOf(body), body, gzip: gz, brotli: br };
}

/** Files that are pages: counted by analytics and listed in the sitemap. */
export const isHtmlPath = (path: string) => /\.html?$/i.test(path);

/** The public path of a page: index.html is `/`, about.html is `/about`, blog/index.html is `/blog/`. */
export function pagePathOf(filePath: string): string {
  if (filePath === 'index.html') return '/';
  if (filePath.endsWith('/index.html')) return `/${filePath.slice(0, -'index.html'.length)}`;
  return `/${filePath.replace(/\.html?$/i, '')}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a host that matches no published site gets. */
export function noSitePage(host: string): string {
  return `<!DOCTYPE html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Sitio no encontrado</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc;color:#0f172a}main{text-align:center;padding:2rem}h1{font-size:1.5rem}p{color:#475569}@media(prefers-color-scheme:dark){body{background:#020617;color:#f1f5f9}p{color:#94a3b8}}</style>
</head><body><main><h1>404 · Sitio no encontrado</h1><p>No hay ningún sitio publicado en <strong>${escapeHtml(host)}</strong>.</p></main></body></html>`;
}

/** A published site's 404 when it has no 404.html of its own. */
export function sitePageNotFound(): string {
  return `<!DOCTYPE html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Página no encontrada</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc;color:#0f172a}main{text-align:center;padding:2rem}a{color:#4f46e5}@media(prefers-color-scheme:dark){body{background:#020617;color:#f1f5f9}a{color:#a5b4fc}}</style>
</head><body><main><h1>404 · Página no encontrada</h1><p><a href="/">Volver al inicio</a></p></main></body></html>`;
}
