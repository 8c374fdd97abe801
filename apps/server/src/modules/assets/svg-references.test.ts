import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IMAGE_MESSAGES } from '@div/shared/assets';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processImage } from './process';

/**
 * Issue 36 item 13: the SVG check reads what librsvg reads. XML character references (`&#117;rl(`,
 * `&#64;import`) and CSS escapes (`u\72 l(`) are decoded before the rules, and a local listener
 * proves that drawing such an SVG reaches out to nothing.
 */
describe('SVG references hidden behind entities or CSS escapes', () => {
  let listener: Server;
  const requests: string[] = [];
  let base = '';

  beforeAll(async () => {
    listener = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      response.end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  const svg = (inner: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">${inner}<rect width="40" height="40" fill="#4f46e5"/></svg>`;
  const hostile = () => [
    svg(`<rect width="40" height="40" style="fill:&#117;rl(${base}/entity-url.svg#p)"/>`),
    svg(`<rect width="40" height="40" fill="&#x75;&#x72;&#x6C;(${base}/hex-url.svg#p)"/>`),
    svg(`<style>&#64;import url(${base}/entity-import.css);</style>`),
    svg(`<style>@imp&#x6f;rt "${base}/entity-import-2.css";</style>`),
    svg(`<rect width="40" height="40" style="fill:u\\72 l(${base}/css-escape-url.svg#p)"/>`),
    svg(`<style>@\\69mport url(${base}/css-escape-import.css);</style>`),
    svg(`<style>rect { fill: \\75\\72\\6c(${base}/css-escape-all.svg#p) }</style>`),
    svg(`<image width="40" height="40" href="&#104;ttp${base.slice(4)}/entity-href.png"/>`),
    svg(`<a href="&#106;avascript:alert(1)"><rect width="4" height="4"/></a>`),
  ];

  it('refuses every one of them (415, in Spanish), a clean SVG with entities still passes', async () => {
    for (const text of hostile()) {
      await expect(processImage(Buffer.from(text)), text).rejects.toMatchObject({
        status: 415,
        message: IMAGE_MESSAGES.svgUnsafe,
      });
    }
    const clean = svg(
      '<text x="2" y="20" font-size="10">Caf&#233; &amp; t&#xe9;</text><rect width="4" height="4" fill="url(#g)"/>',
    );
    const processed = await processImage(Buffer.from(clean));
    expect(processed.format).toBe('svg');
    expect(requests).toEqual([]);
  });

  it('nothing is fetched when such an SVG is drawn by the image library, even past the check', async () => {
    for (const text of hostile()) {
      // Drawn as the upload draws it (density for twice its width), the check left out on purpose.
      await sharp(Buffer.from(text), { density: 144 })
        .webp()
        .toBuffer()
        .catch(() => undefined);
    }
    // Give a late fetch the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests).toEqual([]);
  });
});
