import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright';
import { compress } from '../apps/server/src/lib/encoding.ts';

/**
 * Checks of a composed site's craft in Chromium (issue 38), for bench/composer-design.ts: what a
 * person notices at one width. Runs in the page, so it is self-contained.
 */
export function craftProblems(): string[] {
  const out: string[] = [];
  const width = window.innerWidth;
  if (document.documentElement.scrollWidth > width + 1) out.push('page wider than the screen');
  // A word of the title drawn on two lines (broken inside the word).
  const h1 = document.querySelector('h1');
  if (h1) {
    const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of (node.textContent ?? '').matchAll(/[^\s\-–—/]+/gu)) {
        const range = document.createRange();
        range.setStart(node, m.index ?? 0);
        range.setEnd(node, (m.index ?? 0) + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(`title breaks inside "${m[0]}"`);
      }
    }
    if (h1.getBoundingClientRect().right > width + 1) out.push('title wider than the screen');
  }
  // Navigation links shown in the bar on more than one line.
  const links = document.querySelector('.nav-links');
  if (links && getComputedStyle(links).display !== 'none' && getComputedStyle(links).position !== 'absolute') {
    const tops = new Set([...links.children].map((li) => Math.round(li.getBoundingClientRect().top)));
    if (tops.size > 1) out.push('navigation wraps');
  }
  // A floating button over text. A button must stay clear of the text at the top of the page and at
  // its end; a bar across the screen hides what scrolls under it for a moment, so the page must end
  // with room for it (checked at the end only).
  const float = document.querySelector<HTMLElement>('.whatsapp-float, [class*="float"]');
  if (float) {
    const bar = float.getBoundingClientRect().width >= width * 0.9;
    for (const y of bar ? [document.documentElement.scrollHeight] : [0, document.documentElement.scrollHeight]) {
      window.scrollTo({ top: y, behavior: 'instant' });
      const f = float.getBoundingClientRect();
      const under = [...document.querySelectorAll('h1, h2, h3, p, li, td, th, dt, dd, label, input, textarea, select, .btn, img')]
        .filter((el) => !float.contains(el))
        .find((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.left < f.right - 1 && r.right > f.left + 1 && r.top < f.bottom - 1 && r.bottom > f.top + 1;
        });
      if (under) out.push(`floating button covers ${under.tagName.toLowerCase()} (${y ? 'end' : 'top'})`);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  }
  return out;
}

/** Bytes of the first screen: every response of the first load, as served with brotli and gzip. */
export async function compressedSizes(bodies: Buffer[]): Promise<{ raw: number; br: number; gzip: number }> {
  let br = 0;
  let gzip = 0;
  for (const body of bodies) {
    br += (await compress(body, 'br')).length;
    gzip += gzipSync(body, { level: 5 }).length;
  }
  return { raw: bodies.reduce((n, b) => n + b.length, 0), br, gzip };
}

/**
 * Lighthouse's mobile conditions as far as Chromium alone gives them (Lighthouse is not installed):
 * a 390 × 844 screen, 4× slower CPU and the slow-4G network (150 ms, 1.6 Mbit/s down), files served
 * compressed (gzip: Chromium asks for brotli only over HTTPS). `bytes` is what crossed the network.
 * First and largest contentful paint and layout shift, in ms and score units.
 */
export async function mobileTimings(
  browser: Browser,
  url: string,
): Promise<{ fcp: number; lcp: number; cls: number; bytes: number }> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // What crossed the network: fonts inlined as data: URLs in fonts.css come with it and are not counted again.
  let bytes = 0;
  const fetched = new Set<string>();
  cdp.on('Network.responseReceived', (e: { requestId: string; response: { url: string } }) => {
    if (/^https?:/.test(e.response.url)) fetched.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    if (fetched.has(e.requestId)) bytes += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(400);
  const t = await page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number; cls: number }>((done) => {
        let lcp = 0;
        let cls = 0;
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) lcp = Math.max(lcp, e.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((l) => {
          for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        setTimeout(() => done({ fcp, lcp, cls }), 100);
      }),
  );
  await page.close();
  return { ...t, bytes };
}
