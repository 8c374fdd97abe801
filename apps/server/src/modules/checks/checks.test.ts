import { checksResponseSchema, type Finding, fixChecksResponseSchema } from '@div/shared/checks';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { createKeyUser } from '../developer-api/test-helpers';
import { defects, seededFiles } from './seeded-site.data';

type User = { authorization: string; email?: string };

/** A finding without its line: what "the same finding" means once fixes above it moved the lines. */
const key = (f: Finding) => `${f.rule}|${f.file}|${f.message.es}`;

describe.each(testDrivers)('Revisión: checks and fixes of a space (%s, issue 40)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: User;
  let viewer: User;
  let stranger: User;
  let spaceId: string;

  const call = (user: User | null, method: string, url: string, payload?: unknown, headers?: Record<string, string>) =>
    injectAs(app, user, method, url, payload, headers);

  async function join(user: User & { email: string }, role: 'editor' | 'viewer') {
    const invited = await call(owner, 'POST', `/api/spaces/${spaceId}/invitations`, { email: user.email, role });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = invited.json().link.split('/').pop();
    expect((await call(user, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  }

  async function seed(files = seededFiles) {
    const detail = (await call(owner, 'GET', `/api/spaces/${spaceId}`)).json();
    const saved = await call(owner, 'PUT', `/api/spaces/${spaceId}/files`, {
      revision: detail.space.revision,
      files,
      replaceAll: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(owner, 'POST', `/api/spaces/${spaceId}/versions`, {})).statusCode).toBe(201);
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { COMPOSER_PACE: '0', PUBLIC_URL: 'https://div.example' });
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga' });
    viewer = await createTestUser(database, { name: 'Vera' });
    stranger = await createTestUser(database, { name: 'Extraño' });
    spaceId = (await call(owner, 'POST', '/api/spaces', { name: 'La Espiga' })).json().space.id;
    const webp = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 180, g: 120, b: 60 } } })
      .webp()
      .toBuffer();
    const uploaded = await call(owner, 'POST', `/api/spaces/${spaceId}/images?name=hogaza-de-centeno.webp`, webp, {
      'content-type': 'application/octet-stream',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().image.path).toBe('images/hogaza-de-centeno.webp');
    await seed();
    await join(viewer as User & { email: string }, 'viewer');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('reports each seeded defect at its file and line, and nothing else', async () => {
    const res = await call(owner, 'GET', `/api/spaces/${spaceId}/checks`);
    expect(res.statusCode, res.body).toBe(200);
    const { findings, summary } = checksResponseSchema.parse(res.json());
    const found = findings.map((f) => `${f.rule} ${f.file}:${f.line}`).sort();
    expect(found).toEqual(defects.map((d) => `${d.rule} ${d.file}:${d.line}`).sort());
    for (const f of findings) {
      expect(f.message.es.length, f.rule).toBeGreaterThan(10);
      expect(f.message.en.length, f.rule).toBeGreaterThan(10);
    }
    expect(summary.errors).toBe(findings.filter((f) => f.severity === 'error').length);
    expect(summary.score).toBeLessThan(50);
  });

  it('fixes every fixable finding in one version that one restore undoes, adding none', async () => {
    const before = checksResponseSchema.parse((await call(owner, 'GET', `/api/spaces/${spaceId}/checks`)).json());
    const versionsBefore = (await call(owner, 'GET', `/api/spaces/${spaceId}/versions`)).json().versions;
    const res = await call(owner, 'POST', `/api/spaces/${spaceId}/checks/fix`, {});
    expect(res.statusCode, res.body).toBe(200);
    const fixed = fixChecksResponseSchema.parse(res.json());
    expect(fixed.version?.source).toBe('checks');
    expect(fixed.version?.prompt).toBe('Correcciones de la revisión');
    expect(fixed.findings.filter((f) => f.fixable)).toEqual([]);
    const remaining = new Set(before.findings.filter((f) => !f.fixable).map(key));
    expect(fixed.findings.map(key).filter((k) => !remaining.has(k))).toEqual([]);
    expect(fixed.findings).toHaveLength(remaining.size);
    expect(fixed.fixed).toBe(before.findings.length - remaining.size);
    // The alt text guessed from the file name is handed back to be read again.
    expect(fixed.review.map((r) => r.message.es).join(' ')).toContain('Hogaza de centeno');
    const index = fixed.files.find((f) => f.id === 'index.html')?.content ?? '';
    expect(index).toContain('id="servicios-2"');
    expect(index).not.toContain('Escribe aquí');
    expect(index).not.toContain('#reservas');
    const css = fixed.files.find((f) => f.id === 'style.css')?.content ?? '';
    expect(css).not.toContain('#b0b0b0');
    // What the space holds now is what the fix answered.
    const again = checksResponseSchema.parse((await call(viewer, 'GET', `/api/spaces/${spaceId}/checks`)).json());
    expect(again.findings).toEqual(fixed.findings);
    expect(again.revision).toBe(fixed.revision);

    // One step back in the history brings every file back.
    const versions = (await call(owner, 'GET', `/api/spaces/${spaceId}/versions`)).json().versions;
    expect(versions).toHaveLength(versionsBefore.length + 1);
    const undone = await call(owner, 'POST', `/api/spaces/${spaceId}/versions/${versionsBefore[0].id}/restore`);
    expect(undone.statusCode, undone.body).toBe(201);
    const restored = checksResponseSchema.parse((await call(owner, 'GET', `/api/spaces/${spaceId}/checks`)).json());
    expect(restored.findings).toEqual(before.findings);
  });

  it('fixes only the rules asked for, and writes no version when there is nothing to fix', async () => {
    const res = await call(owner, 'POST', `/api/spaces/${spaceId}/checks/fix`, { rules: ['missing-lang'] });
    const body = fixChecksResponseSchema.parse(res.json());
    expect(body.version).not.toBeNull();
    expect(body.findings.map((f) => f.rule)).not.toContain('missing-lang');
    expect(body.findings.map((f) => f.rule)).toContain('duplicate-id');
    expect(body.files.find((f) => f.id === 'about.html')?.content).toContain('<html lang="es">');
    const none = fixChecksResponseSchema.parse(
      (await call(owner, 'POST', `/api/spaces/${spaceId}/checks/fix`, { rules: ['missing-lang'] })).json(),
    );
    expect(none.version).toBeNull();
    expect(none.revision).toBe(body.revision);
  });

  it('resizes images through the image pipeline as part of the one fix version', async () => {
    const noise = (width: number, height: number) =>
      sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
        raw: { width, height, channels: 3 },
      });
    const space = (await call(owner, 'POST', '/api/spaces', { name: 'Imágenes pesadas' })).json().space.id;
    const uploaded = await call(
      owner,
      'POST',
      `/api/spaces/${space}/images?name=ruido.webp`,
      await noise(1600, 1600).webp().toBuffer(),
      {
        'content-type': 'application/octet-stream',
      },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const inline = (await noise(256, 256).png().toBuffer()).toString('base64');
    const page = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Ruido</title><meta name="description" content="Imágenes de prueba."></head><body><h1>Ruido</h1>
<img src="images/ruido.webp" width="100" height="100" alt="Ruido de color">
<img src="data:image/png;base64,${inline}" alt="Más ruido" width="128" height="128">
</body></html>`;
    const detail = (await call(owner, 'GET', `/api/spaces/${space}`)).json();
    const saved = await call(owner, 'PUT', `/api/spaces/${space}/files`, {
      revision: detail.space.revision,
      files: [{ path: 'index.html', content: page }],
      replaceAll: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = checksResponseSchema.parse((await call(owner, 'GET', `/api/spaces/${space}/checks`)).json());
    const weight = before.findings.filter((f) => f.rule === 'image-weight');
    expect(weight.map((f) => [f.severity, f.line, f.fixable]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ['notice', 2, true],
      ['warning', 3, true],
    ]);

    const res = await call(owner, 'POST', `/api/spaces/${space}/checks/fix`, {});
    expect(res.statusCode, res.body).toBe(200);
    const fixed = fixChecksResponseSchema.parse(res.json());
    expect(fixed.version?.prompt).toBe('Correcciones de la revisión');
    expect(fixed.findings.filter((f) => f.rule === 'image-weight')).toEqual([]);
    const index = fixed.files.find((f) => f.id === 'index.html')?.content ?? '';
    expect(index).not.toContain('data:image');
    expect(index).toContain('<img src="images/index-imagen.png" alt="Más ruido" width="128" height="128">');
    // The space's images now hold a 200 px variant of the one shown at 100 px, and the moved one.
    const { images } = (await call(owner, 'GET', `/api/spaces/${space}/images`)).json();
    const ruido = images.find((i: { name: string }) => i.name === 'ruido.webp');
    expect(ruido.variants.map((v: { width: number }) => v.width)).toEqual([200, 480, 960, 1600]);
    const small = await call(owner, 'GET', new URL(ruido.variants[0].url, 'https://div.example').pathname);
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(200);
    expect(images.find((i: { name: string }) => i.name === 'index-imagen.png')).toMatchObject({ alt: 'Más ruido', width: 256 });
  });

  it('lets members read, editors fix, and refuses bad input with a message', async () => {
    expect((await call(viewer, 'GET', `/api/spaces/${spaceId}/checks`)).statusCode).toBe(200);
    const refused = await call(viewer, 'POST', `/api/spaces/${spaceId}/checks/fix`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBeTruthy();
    expect((await call(stranger, 'GET', `/api/spaces/${spaceId}/checks`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/spaces/${spaceId}/checks`)).statusCode).toBe(401);
    const bad = await call(owner, 'POST', `/api/spaces/${spaceId}/checks/fix`, { rules: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/regla/i);
    expect((await call(owner, 'POST', `/api/spaces/${spaceId}/checks/fix`, { rules: [], extra: 1 })).statusCode).toBe(400);
  });

  it('answers the same under /v1 for an API key', async () => {
    const dev = await createKeyUser(database, { developerPlan: 'growth' });
    const own = (await call({ authorization: dev.sessionAuthorization }, 'POST', '/api/spaces', { name: 'API' })).json().space.id;
    const v1 = (method: string, url: string, payload?: unknown) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: { host: 'app.test', authorization: dev.authorization },
        ...(payload ? { payload: payload as object } : {}),
      });
    const read = await v1('GET', `/v1/spaces/${own}/checks`);
    expect(read.statusCode, read.body).toBe(200);
    expect(checksResponseSchema.parse(read.json()).findings.length).toBeGreaterThan(0);
    const fixed = await v1('POST', `/v1/spaces/${own}/checks/fix`, {});
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await v1('GET', `/v1/spaces/${spaceId}/checks`)).statusCode).toBe(404);
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/spaces/{id}/checks', '/v1/spaces/{id}/checks/fix']));
  });
});
