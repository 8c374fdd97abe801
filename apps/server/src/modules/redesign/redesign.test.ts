import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { htmlToMarkdown } from './html-to-markdown';
import { fetchPageAsMarkdown } from './service';

const PAGE = `<!DOCTYPE html>
<html lang="es"><head><title>Bicis &amp; Café</title>
<meta name="description" content="Taller de bicis con café">
<style>body{color:red}</style><script>alert('x')</script></head>
<body>
<nav><a href="/">Inicio</a> <a href="/tienda">Tienda</a></nav>
<h1>Bienvenidos a <em>Bicis</em></h1>
<p>Reparamos tu bici en <strong>24&nbsp;horas</strong>.<br>Sin cita.</p>
<img src="/img/taller.jpg" alt="El taller">
<ul><li>Reparaciones</li><li>Venta</li></ul>
<ol><li>Trae tu bici</li><li>Tómate un café</li></ol>
<table><tr><th>Servicio</th><th>Precio</th></tr><tr><td>Puesta a punto</td><td>30 €</td></tr></table>
<!-- un comentario -->
<footer>© 2025 Bicis</footer>
</body></html>`;

describe('htmlToMarkdown', () => {
  it('keeps title, headings, text, links, images, lists and tables, and drops scripts and styles', () => {
    const md = htmlToMarkdown(PAGE, { baseUrl: 'https://bicis.example/inicio' });
    expect(md).toContain('# Bicis & Café');
    expect(md).toContain('> Taller de bicis con café');
    expect(md).toContain('# Bienvenidos a _Bicis_');
    expect(md).toContain('[Tienda](https://bicis.example/tienda)');
    expect(md).toContain('**24 horas**');
    expect(md).toContain('![El taller](https://bicis.example/img/taller.jpg)');
    expect(md).toContain('- Reparaciones');
    expect(md).toContain('2. Tómate un café');
    expect(md).toContain('| Servicio | Precio |');
    expect(md).toContain('| --- | --- |');
    expect(md).toContain('© 2025 Bicis');
    expect(md).not.toContain('alert');
    expect(md).not.toContain('color:red');
    expect(md).not.toContain('comentario');
  });

  it('answers something for any input', () => {
    for (const input of ['', '<', '<<>>', '<div><p>sin cerrar', '&#xZZ; &bogus; &#0;', '<script>nunca cierra']) {
      expect(typeof htmlToMarkdown(input)).toBe('string');
    }
  });
});

describe('POST /api/re-design', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database);
    server = createServer((req, res) => {
      if (req.url === '/json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const redesign = (authorization: string | null, url: string) =>
    app.inject({
      method: 'POST',
      url: '/api/re-design',
      headers: authorization ? { authorization } : {},
      payload: { url },
    });

  it('needs a signed-in user on medium or pro', async () => {
    const signedOut = await redesign(null, 'https://example.com');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe('No estás autenticado. Por favor, inicia sesión.');
    for (const plan of ['free', 'small']) {
      const user = await createTestUser(database, { plan });
      const answer = await redesign(user.authorization, 'https://example.com');
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ openProModal: true, upsell: { reason: 'redesign', plan: 'medium' } });
    }
  });

  it('refuses loopback, private and link-local targets in the production configuration', async () => {
    const user = await createTestUser(database, { plan: 'medium' });
    for (const url of [
      `${base}/`,
      base.replace('127.0.0.1', 'localhost'),
      'http://10.0.0.5/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
    ]) {
      const answer = await redesign(user.authorization, url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().message).toContain('red privada o local');
    }
    const ftp = await redesign(user.authorization, 'ftp://example.com/');
    expect(ftp.statusCode).toBe(400);
  });

  it('converts a page to markdown (service with the explicit loopback option for the local server)', async () => {
    const { markdown } = await fetchPageAsMarkdown({ url: `${base}/`, fetchOptions: { allowLoopback: true } });
    expect(markdown).toContain('# Bienvenidos a _Bicis_');
    expect(markdown).toContain(`[Tienda](${base}/tienda)`);
    await expect(fetchPageAsMarkdown({ url: `${base}/json`, fetchOptions: { allowLoopback: true } })).rejects.toThrow(
      'no devuelve una página web',
    );
  });
});
