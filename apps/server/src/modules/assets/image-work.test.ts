import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';

/**
 * Issue 36 item 2: image work is bounded. Four 397-byte SVGs of filters over a 1600×1600 canvas
 * held the thread pool for 30 s each, and health waited with them. Over a real socket: four such
 * uploads at once, health answering all along.
 */
const filterSvg = (seed: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="10" seed="${seed}"/><feGaussianBlur stdDeviation="40"/></filter>${'<rect width="1600" height="1600" filter="url(#f)"/>'.repeat(4)}</svg>`;

describe('image work does not hold the server (issue 36)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base = '';
  let owner: Awaited<ReturnType<typeof createTestUser>>;
  let spaceId = '';

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await createTestApp(database, { PUBLIC_URL: 'http://app.test' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    owner = await createTestUser(database, { plan: 'free' });
    const created = await fetch(`${base}/api/spaces`, {
      method: 'POST',
      headers: { host: 'app.test', authorization: owner.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Filtros' }),
    });
    spaceId = ((await created.json()) as { space: { id: string } }).space.id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const upload = (name: string, body: Buffer | string) =>
    fetch(`${base}/api/spaces/${spaceId}/images?name=${name}`, {
      method: 'POST',
      headers: { host: 'app.test', authorization: owner.authorization, 'content-type': 'application/octet-stream' },
      body,
    });

  it('four filter SVGs at once are refused quickly, and health stays fast meanwhile', { timeout: 60_000 }, async () => {
    await fetch(`${base}/api/health`, { headers: { host: 'app.test' } }); // warm: the first request compiles the route
    const started = Date.now();
    const uploads = Promise.all([0, 1, 2, 3].map((i) => upload(`filtro-${i}.svg`, filterSvg(i))));
    const latencies: number[] = [];
    let done = false;
    void uploads.finally(() => {
      done = true;
    });
    while (!done) {
      const t = performance.now();
      const health = await fetch(`${base}/api/health`, { headers: { host: 'app.test' } });
      await health.arrayBuffer();
      latencies.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = await uploads;
    // Filters are refused (415, in Spanish) before any drawing, or the account's third and fourth
    // upload at once wait for nothing (429): none took the seconds it used to.
    const refusals = await Promise.all(
      answers.map(async (answer) => [answer.status, ((await answer.json()) as { message: string }).message] as const),
    );
    for (const [status, message] of refusals) {
      expect([415, 429]).toContain(status);
      expect(message).toMatch(status === 415 ? /filtros/ : /subidas de imágenes en curso/);
    }
    expect(refusals.filter(([status]) => status === 415).length).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeLessThan(5000);
    // Health waited 26.8 s behind such uploads; on this shared machine it answers well under a second.
    expect(Math.max(...latencies)).toBeLessThan(1000);
    console.log(
      `health during 4 filter SVG uploads: max ${Math.round(Math.max(...latencies))} ms over ${latencies.length} requests`,
    );
  });
});
