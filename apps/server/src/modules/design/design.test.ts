import { designChangeResponseSchema, designPreviewResponseSchema, designsResponseSchema } from '@div/shared/design';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { composeFromPrompt } from '../../providers/ai/composer/compose';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase } from '../../test/db';

type User = { authorization: string; email?: string };

/** "Cambiar diseño" and "Usar en la portada" (issue 38): new versions without an AI message. */
describe('design families and the hero photo of a space', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: User;
  let viewer: User & { email: string };
  let stranger: User;
  let spaceId: string;
  const site = composeFromPrompt('Una web para el taller de bicis Radios en Vigo, color principal naranja, con galería').files;

  const call = (user: User | null, method: string, url: string, payload?: unknown, headers?: Record<string, string>) =>
    injectAs(app, user, method, url, payload, headers);
  const current = async () => (await call(owner, 'GET', `/api/spaces/${spaceId}`)).json();
  const fileOf = (files: { name: string; content: string }[], path: string) => files.find((f) => f.name === path)?.content ?? '';

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await createTestApp(database, { COMPOSER_PACE: '0' });
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga' });
    viewer = (await createTestUser(database, { name: 'Vera' })) as User & { email: string };
    stranger = await createTestUser(database, { name: 'Extraño' });
    spaceId = (await call(owner, 'POST', '/api/spaces', { name: 'Radios' })).json().space.id;
    const saved = await call(owner, 'PUT', `/api/spaces/${spaceId}/files`, {
      revision: (await current()).space.revision,
      files: site,
      replaceAll: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const invited = await call(owner, 'POST', `/api/spaces/${spaceId}/invitations`, { email: viewer.email, role: 'viewer' });
    const token = invited.json().link.split('/').pop();
    expect((await call(viewer, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lists the other families, and a member sees a preview of the site in each', async () => {
    const listed = await call(viewer, 'GET', `/api/spaces/${spaceId}/designs`);
    expect(listed.statusCode, listed.body).toBe(200);
    const body = designsResponseSchema.parse(listed.json());
    expect(body.current).toBe('gazette');
    expect(body.restylable).toBe(true);
    expect(body.families.map((f) => f.id)).not.toContain('gazette');
    expect(body.families.length).toBeGreaterThanOrEqual(12);
    expect(body.families.filter((f) => f.dark).length).toBeGreaterThanOrEqual(2);
    const preview = await call(viewer, 'GET', `/api/spaces/${spaceId}/designs/noir/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const { html } = designPreviewResponseSchema.parse(preview.json());
    expect(html).toContain('/* Design: Noir (noir) */');
    expect(html).toContain('Playfair Display');
    expect(html).toContain('Radios');
    // Looking changes nothing.
    expect(fileOf((await current()).files, 'style.css')).toContain('(gazette) */');
  });

  it('applies a family as a new version; others are refused with a reason', async () => {
    const before = await current();
    expect((await call(stranger, 'POST', `/api/spaces/${spaceId}/design`, { family: 'noir' })).statusCode).toBe(404);
    expect((await call(viewer, 'POST', `/api/spaces/${spaceId}/design`, { family: 'noir' })).statusCode).toBe(403);
    const unknown = await call(owner, 'POST', `/api/spaces/${spaceId}/design`, { family: 'nada' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Ese diseño no existe. Elige uno de la lista.');
    expect((await call(owner, 'POST', `/api/spaces/${spaceId}/design`, {})).statusCode).toBe(400);

    const applied = await call(owner, 'POST', `/api/spaces/${spaceId}/design`, { family: 'noir' });
    expect(applied.statusCode, applied.body).toBe(201);
    const result = designChangeResponseSchema.parse(applied.json());
    expect(result.revision).toBe(before.space.revision + 1);
    expect(result.version.source).toBe('design');
    expect(result.version.prompt).toBe('Cambiar diseño: Noir');
    const after = await current();
    expect(fileOf(after.files, 'style.css')).toContain('/* Design: Noir (noir) */');
    expect(fileOf(after.files, 'index.html')).toContain('design-noir');
    expect(fileOf(after.files, 'fonts.css')).toContain('Playfair Display');
    const same = await call(owner, 'POST', `/api/spaces/${spaceId}/design`, { family: 'noir' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('El sitio ya tiene ese diseño.');
  });

  it('puts an uploaded image in the hero, sized and described', async () => {
    const missing = await call(owner, 'POST', `/api/spaces/${spaceId}/hero-image`, { name: 'nada.webp' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/No encuentro esa imagen/);
    const webp = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .webp()
      .toBuffer();
    const uploaded = await call(owner, 'POST', `/api/spaces/${spaceId}/images?name=taller.webp`, webp, {
      'content-type': 'application/octet-stream',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await call(viewer, 'POST', `/api/spaces/${spaceId}/hero-image`, { name: 'taller.webp' })).statusCode).toBe(403);
    const used = await call(owner, 'POST', `/api/spaces/${spaceId}/hero-image`, { name: 'taller.webp' });
    expect(used.statusCode, used.body).toBe(201);
    const html = fileOf((await current()).files, 'index.html');
    expect(html).toMatch(
      /<div class="hero-art hero-art-photo">\s*<img class="hero-photo" src="images\/taller\.webp" alt="Radios" width="1200" height="800">/,
    );
    // The preview of another design shows the photo at its preview URL.
    const preview = designPreviewResponseSchema.parse(
      (await call(owner, 'GET', `/api/spaces/${spaceId}/designs/studio/preview`)).json(),
    );
    expect(preview.html).toMatch(new RegExp(`src="/preview/images/${spaceId}/[^"]+"`));
  });
});
