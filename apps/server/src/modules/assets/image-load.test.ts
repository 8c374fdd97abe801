import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { IMAGE_MESSAGES } from '@div/shared/assets';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';

type User = Awaited<ReturnType<typeof createTestUser>>;

/**
 * Issue 36 item 2, the other half of image-work.test.ts: uploads the image library accepts and
 * works on for seconds (a 1600-wide SVG of thousands of gradient shapes, an animated GIF of noise
 * frames), four at once from two accounts, while the app's static files and health are polled
 * over a real socket. Before the image queue (ADR 0237) `GET /` waited 26.8 s behind such work.
 */

const CIRCLES = 450;
/** An SVG without filters that still costs librsvg real work: translucent gradient circles over 1600×1600. */
const heavySvg = (seed: number) => {
  const circles: string[] = [];
  for (let i = 0; i < CIRCLES; i += 1) {
    const x = (i * 7919 + seed * 131) % 1600;
    const y = (i * 104_729 + seed * 17) % 1600;
    circles.push(`<circle cx="${x}" cy="${y}" r="${60 + (i % 90)}" fill="url(#g${i % 8})" opacity="0.6"/>`);
  }
  const gradients = Array.from(
    { length: 8 },
    (_, g) =>
      `<radialGradient id="g${g}"><stop offset="0" stop-color="#${(g * 0x1f3a5b + seed).toString(16).padStart(6, '0').slice(-6)}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600"><defs>${gradients.join('')}</defs>${circles.join('')}</svg>`;
};

/** An animated GIF of `frames` frames (libvips joins them; `create` with a page height makes one frame). */
async function animatedGif(frames: number, frame: (i: number) => Promise<Buffer>) {
  const inputs = await Promise.all(Array.from({ length: frames }, (_, i) => frame(i)));
  return sharp(inputs, { join: { animated: true } })
    .gif({ effort: 1 })
    .toBuffer();
}

/** Noise does not compress: every frame is decoded and re-encoded for real. */
const noiseGif = (side: number, frames: number) =>
  animatedGif(frames, (i) =>
    sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 + i },
      },
    })
      .png()
      .toBuffer(),
  );
/** Frames of one colour each, all different (the encoder merges a frame equal to the one before). */
const plainGif = (side: number, frames: number) =>
  animatedGif(frames, (i) =>
    sharp({ create: { width: side, height: side, channels: 3, background: { r: (i * 37) % 256, g: 120, b: 200 } } })
      .png()
      .toBuffer(),
  );

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.POSITIVE_INFINITY;
};

describe('static files and health stay fast while heavy images are processed (issue 36)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base = '';
  let webDist = '';
  const spaces = new Map<User, string>();
  const owners: User[] = [];

  beforeAll(async () => {
    // A built web app as the server serves it: index.html and a hashed asset with its .br and .gz.
    webDist = mkdtempSync(path.join(tmpdir(), 'div-web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html lang="es"><head><title>DIV</title></head><body></body></html>`,
    );
    const script = `export const words = ${JSON.stringify(Array.from({ length: 20_000 }, (_, i) => `palabra-${i}`))};\n`;
    writeFileSync(path.join(webDist, 'assets', 'app-3f2a1b.js'), script);
    writeFileSync(path.join(webDist, 'assets', 'app-3f2a1b.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(webDist, 'assets', 'app-3f2a1b.js.gz'), gzipSync(script));

    database = await openTestDatabase('pglite');
    app = await createTestApp(database, { PUBLIC_URL: 'http://app.test', WEB_DIST: webDist });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    for (const name of ['Fotos A', 'Fotos B']) {
      const owner = await createTestUser(database, { plan: 'free' });
      const created = await fetch(`${base}/api/spaces`, {
        method: 'POST',
        headers: { host: 'app.test', authorization: owner.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      spaces.set(owner, ((await created.json()) as { space: { id: string } }).space.id);
      owners.push(owner);
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const upload = (owner: User, name: string, body: Buffer | string) =>
    fetch(`${base}/api/spaces/${spaces.get(owner)}/images?name=${name}`, {
      method: 'POST',
      headers: { host: 'app.test', authorization: owner.authorization, 'content-type': 'application/octet-stream' },
      body,
    });
  /** One request's time to its last byte, in ms. */
  const timed = async (url: string, headers: Record<string, string> = {}) => {
    const t = performance.now();
    const response = await fetch(`${base}${url}`, { headers: { host: 'app.test', ...headers } });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    return performance.now() - t;
  };
  const probes = {
    health: () => timed('/api/health'),
    page: () => timed('/'),
    script: () => timed('/assets/app-3f2a1b.js', { 'accept-encoding': 'br, gzip' }),
  };

  it('four accepted SVG and GIF uploads at once: p95 of static files and health under 300 ms', { timeout: 180_000 }, async () => {
    const [a, b] = owners as [User, User];
    const gifs = await Promise.all([noiseGif(600, 16), noiseGif(600, 16)]);
    for (const probe of Object.values(probes)) await probe(); // warm: each route compiles on its first request

    const started = performance.now();
    const took = (name: string, sent: Promise<Response>) =>
      sent.then((response) => {
        console.log(`${name}: ${response.status} after ${Math.round(performance.now() - started)} ms`);
        return response;
      });
    const uploads = Promise.all([
      took('nubes.svg', upload(a, 'nubes.svg', heavySvg(1))),
      took('ruido.gif', upload(a, 'ruido.gif', gifs[0] as Buffer)),
      took('burbujas.svg', upload(b, 'burbujas.svg', heavySvg(2))),
      took('nieve.gif', upload(b, 'nieve.gif', gifs[1] as Buffer)),
    ]);
    let done = false;
    void uploads.finally(() => {
      done = true;
    });
    const latencies: Record<keyof typeof probes, number[]> = { health: [], page: [], script: [] };
    while (!done) {
      for (const [name, probe] of Object.entries(probes) as [keyof typeof probes, () => Promise<number>][]) {
        latencies[name].push(await probe());
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const busyMs = performance.now() - started;
    const answers = await uploads;

    const report = Object.fromEntries(
      Object.entries(latencies).map(([name, values]) => [
        name,
        { n: values.length, p95: Math.round(p95(values)), max: Math.round(Math.max(...values)) },
      ]),
    );
    console.log(`static files and health during 4 heavy uploads (${Math.round(busyMs)} ms of image work):`, report);
    // The uploads were real work (seconds), and every probe was sampled many times during it.
    expect(busyMs).toBeGreaterThan(1500);
    for (const values of Object.values(latencies)) {
      expect(values.length).toBeGreaterThanOrEqual(10);
      // 300 ms: a person notices a page that waits longer; idle these answer in 1–5 ms, and the
      // shared 2-core machine (other helpers' builds and tests) adds tens of ms at times, so a
      // tighter bound would fail for the neighbours' work, not ours. Without the queue they waited
      // for whole uploads: seconds.
      expect(p95(values)).toBeLessThan(300);
    }
    // And the images were taken (each within the 10 s a step may run).
    const outcomes = await Promise.all(answers.map(async (answer) => `${answer.status} ${await answer.text()}`.slice(0, 120)));
    for (const outcome of outcomes) expect(outcome).toMatch(/^201 /);
  });

  it('an animated GIF counts the pixels of all its frames: 41 frames of 1 Mpx are refused (413), 12 small ones pass', async () => {
    const [a] = owners as [User];
    // One frame is 1 Mpx, far under the 40 Mpx bound; all 41 together are over it.
    const tall = await plainGif(1000, 41);
    expect((await sharp(tall).metadata()).pages).toBe(41);
    const started = performance.now();
    const refused = await upload(a, 'largo.gif', tall);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toBe(IMAGE_MESSAGES.tooManyPixels);
    // Refused from the header, before decoding 41 Mpx.
    expect(performance.now() - started).toBeLessThan(3000);

    const small = await plainGif(200, 12);
    const accepted = await upload(a, 'corto.gif', small);
    expect(accepted.status, await accepted.clone().text()).toBe(201);
  });
});
