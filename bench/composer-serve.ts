import http from 'node:http';
import { compress, preferredEncoding } from '../apps/server/src/lib/encoding.ts';

/** A composed site: its files by path. */
export type SiteFiles = Record<string, string>;

const types: Record<string, string> = { html: 'text/html; charset=utf-8', css: 'text/css', js: 'text/javascript' };

/**
 * Serves composed sites for the composer benchmarks on 127.0.0.1:port: /<index>/ is site <index>'s
 * index.html, /<index>/<file> its other files, compressed as the hosting compresses them.
 */
export async function serveSites(sites: SiteFiles[], port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const [, index = '0', asked = ''] = (req.url ?? '/').split('/');
    const file = asked || 'index.html';
    const content = sites[Number(index)]?.[file];
    if (content === undefined) return res.writeHead(404).end();
    const type = types[file.split('.').pop() ?? 'html'] ?? 'text/plain';
    // Compressed as DIV's hosting serves it (lib/encoding.ts): brotli, else gzip.
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (encoding === 'identity') return res.writeHead(200, { 'content-type': type }).end(content);
    void compress(Buffer.from(content), encoding).then((body) =>
      res.writeHead(200, { 'content-type': type, 'content-encoding': encoding, vary: 'accept-encoding' }).end(body),
    );
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return server;
}
