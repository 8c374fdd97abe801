import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { elements } from '../../lib/html-elements';
import { thumbnailDocument } from './thumbnail';

/**
 * Issue 36 item 17: the card's thumbnail is the page with nothing that runs, navigates to script or
 * loads from elsewhere. The card's empty sandbox stays the second line, not the only one.
 */
const OWN = '/preview/images/space-1/0123456789abcdef0123456789abcdef-480.webp';
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const page = `<!doctype html><html><head><title>Café</title>
<link rel="stylesheet" href="https://evil.example/a.css"><link rel="preconnect" href="https://evil.example">
<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/">
<link rel="stylesheet" href="style.css">
<style>@import url(https://evil.example/i.css); body { background: url("https://evil.example/bg.png") } .x { background: u\\72 l(https://evil.example/esc.png) } @font-face { font-family: F; src: url(https://evil.example/f.woff2) }</style>
</head><body onload="alert(1)">
<h1 onclick="alert(1)" style="color: red; background-image: url(//evil.example/p.gif)">Mi página</h1>
<img src="https://evil.example/pixel.gif" width="1" height="1"><img src="images/foto.jpg" alt="Foto" onerror="alert(1)">
<img src="${PIXEL}" alt="inline"><img src="/\\evil.example/slash.gif">
<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe><div srcdoc="x">srcdoc</div>
<a href="javascript:alert(1)">x</a> <a href=" jav&#x09;ascript:alert(1)">y</a> <a href="https://ok.example/">Visítanos</a>
<form action="javascript:alert(1)"><button formaction="JAVASCRIPT:alert(2)">b</button></form>
<svg width="10" height="10"><image href="https://evil.example/svg.png"/><a xlink:href="javascript:alert(1)"><rect fill="url(https://evil.example/f.svg#a)" width="5" height="5"/></a><set attributeName="href" to="javascript:alert(1)"/><use href="https://evil.example/u.svg#a"/></svg>
<video poster="https://evil.example/poster.jpg" src="https://evil.example/v.mp4"></video>
<picture><source srcset="https://evil.example/s.webp 1x"><img src="images/foto.jpg" srcset="images/foto.jpg 1x, https://evil.example/2x.png 2x"></picture>
<object data="https://evil.example/o"></object><embed src="https://evil.example/e">
<noscript><img src="https://evil.example/noscript.gif"></noscript>
<div style="background: url('images/foto.jpg')">Fondo propio</div>
<input type="image" src="https://evil.example/in.png"><table background="https://evil.example/t.png"><tr><td>t</td></tr></table>
<a href="https://ok.example/" ping="https://evil.example/ping">ping</a>
</body></html>`;

const files = [
  { path: 'index.html', content: page },
  { path: 'style.css', content: 'h1 { color: #123456; }' },
];

const normal = (value: string) =>
  [...value]
    .filter((c) => c > ' ')
    .join('')
    .toLowerCase();

describe('the thumbnail is sanitised (issue 36)', () => {
  it('keeps no handler, srcdoc, javascript: URL or external load, and keeps what the page shows', () => {
    const html = thumbnailDocument(files, { 'foto.jpg': OWN }) as string;
    expect(html).not.toBeNull();
    const doc = parse(html, { scriptingEnabled: false }) as DefaultTreeAdapterTypes.Document;
    const found = [...elements(doc as never)];
    // Nothing that runs or frames: no handler, no srcdoc, no script-bearing or framing element.
    for (const el of found) {
      for (const { name, value } of el.attrs) {
        expect(name.startsWith('on'), `${el.tagName} ${name}`).toBe(false);
        expect(name, el.tagName).not.toBe('srcdoc');
        expect(normal(value), `${el.tagName} ${name}`).not.toMatch(/^(?:javascript|vbscript):/);
      }
      expect(['script', 'iframe', 'object', 'embed', 'base', 'frame', 'set']).not.toContain(el.tagName);
      if (el.tagName === 'meta') expect(el.attrs.map((a) => a.name)).not.toContain('http-equiv');
    }
    // No external load anywhere: attributes, style attributes, style sheets, noscript.
    expect(html).not.toContain('evil.example');
    // What the page shows stays: its text, its own stylesheet, its own and inline images, a real link.
    expect(html).toContain('Mi página');
    expect(html).toContain('color: #123456');
    expect(html).toContain('color: red');
    expect(found.filter((el) => el.tagName === 'img' && el.attrs.some((a) => a.name === 'src' && a.value === OWN))).toHaveLength(
      2,
    );
    expect(html).toContain(PIXEL);
    expect(html).toContain(`url('${OWN}')`);
    expect(html).toContain('href="https://ok.example/"');
    expect(html).toContain('Fondo propio');
  });
});
