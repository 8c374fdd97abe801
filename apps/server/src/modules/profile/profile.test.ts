import { profileResponseSchema, profileSaveResponseSchema } from '@div/shared/profile';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestUser, injectAs } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { contentSteps, type OpenAiTestServer, startOpenAiTestServer } from '../../test/openai-server';
import { createSpaceFor, eventOf, listenTestApp, messagesUsed, postGenerate, readSpace } from '../generation/test-helpers';

type User = Awaited<ReturnType<typeof createTestUser>>;

const BRIEF =
  'Panadería La Espiga en Sevilla, calle Feria 12. Teléfono 954 123 456, correo hola@laespiga.es. Abrimos de lunes a sábado de 8 a 14.';

describe('"Lo que entendí": the site profile kept with the space (local composer, issue 37)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;
  let owner: User;
  let editor: User;
  let viewer: User;
  let stranger: User;
  let spaceId: string;

  const call = (user: User | null, method: string, path: string, payload?: unknown) => injectAs(app, user, method, path, payload);
  const profileOf = async (user: User = owner) => {
    const response = await call(user, 'GET', `/api/spaces/${spaceId}/profile`);
    expect(response.statusCode, response.body).toBe(200);
    return profileResponseSchema.parse(response.json()).profile;
  };
  const page = async () =>
    (await readSpace(url, owner.authorization, spaceId)).files.find((f) => f.id === 'index.html')?.content ?? '';

  async function join(user: User, role: 'editor' | 'viewer') {
    const invited = await call(owner, 'POST', `/api/spaces/${spaceId}/invitations`, { email: user.email, role });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = invited.json().link.split('/').pop();
    expect((await call(user, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, url } = await listenTestApp(database, { COMPOSER_PACE: '0' }));
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga' });
    editor = await createTestUser(database, { name: 'Edu' });
    viewer = await createTestUser(database, { name: 'Vera' });
    stranger = await createTestUser(database, { name: 'Extraño' });
    spaceId = await createSpaceFor(url, owner.authorization, 'La Espiga');
    await join(editor, 'editor');
    await join(viewer, 'viewer');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("has no profile before the first generation, and keeps the brief's facts from it", async () => {
    expect(await profileOf()).toBeNull();
    const answer = await postGenerate(url, owner.authorization, { prompt: BRIEF, spaceId });
    expect(eventOf(answer.events, 'done'), JSON.stringify(answer.events.at(-1))).toBeDefined();
    const profile = await profileOf(viewer);
    expect(profile).toMatchObject({
      name: 'Panadería La Espiga',
      kind: 'bakery',
      language: 'es',
      city: 'Sevilla',
      phone: '954 123 456',
      email: 'hola@laespiga.es',
      hours: 'de lunes a sábado de 8 a 14',
    });
    expect(profile?.uncertain).not.toContain('kind');
    const kinds = (await call(viewer, 'GET', `/api/spaces/${spaceId}/profile`)).json().kinds;
    expect(kinds).toContainEqual({ id: 'bakery', es: 'panadería', en: 'bakery' });
  });

  it("takes a follow-up's new phone and name into the profile", async () => {
    for (const prompt of ['cambia el tlf a 600 111 222', 'cambia el nombre a «Horno Espiga»']) {
      const answer = await postGenerate(url, owner.authorization, { prompt, spaceId });
      expect(eventOf(answer.events, 'done'), JSON.stringify(answer.events.at(-1))).toBeDefined();
    }
    expect(await profileOf()).toMatchObject({ name: 'Horno Espiga', phone: '600 111 222', email: 'hola@laespiga.es' });
  });

  it('writes a corrected fact on the page as one version, charging no message', async () => {
    const used = await messagesUsed(database, owner.id);
    const saved = await call(editor, 'PUT', `/api/spaces/${spaceId}/profile`, {
      name: 'Obrador Espiga',
      phone: '+34 955 000 111',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = profileSaveResponseSchema.parse(saved.json());
    expect(result.applied.sort()).toEqual(['name', 'phone']);
    expect(result.stored).toEqual([]);
    expect(result.version).toMatchObject({ source: 'profile', prompt: 'Datos corregidos en «Lo que entendí»' });
    const html = await page();
    expect(html).toContain('<title>Obrador Espiga');
    expect(html).not.toContain('Horno Espiga');
    expect(html).toContain('href="tel:+34955000111"');
    expect(await profileOf()).toMatchObject({ name: 'Obrador Espiga', phone: '+34 955 000 111' });
    expect(await messagesUsed(database, owner.id)).toBe(used);
  });

  it('composes the site again when the kind changes, keeping the corrected facts, charging no message', async () => {
    const used = await messagesUsed(database, owner.id);
    const saved = await call(owner, 'PUT', `/api/spaces/${spaceId}/profile`, { kind: 'cafe' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ applied: ['kind'], stored: [], version: { source: 'profile' } });
    const html = await page();
    expect(html).toContain('data-kind-id="cafe"');
    expect(html).toContain('<title>Obrador Espiga');
    expect(html).toContain('data-fact="phone">+34 955 000 111<');
    expect(await profileOf()).toMatchObject({ kind: 'cafe', name: 'Obrador Espiga', phone: '+34 955 000 111' });
    expect(await messagesUsed(database, owner.id)).toBe(used);
  });

  it('writes edited lists (a row added, changed, removed) on the page in place, charging no message, and reads the first profile back', async () => {
    const shop = await createSpaceFor(url, owner.authorization, 'Taller');
    const brief =
      'Taller de bicis Radios Libres en Zaragoza. Precios: puesta a punto 35 €, cambio de cadena 20 €. Equipo: Marta (mecánica), Iker (ventas).';
    const answer = await postGenerate(url, owner.authorization, { prompt: brief, spaceId: shop });
    expect(eventOf(answer.events, 'done'), JSON.stringify(answer.events.at(-1))).toBeDefined();
    const read = profileResponseSchema.parse((await call(owner, 'GET', `/api/spaces/${shop}/profile`)).json());
    expect(read.profile?.people).toEqual([
      { name: 'Marta', role: 'mecánica' },
      { name: 'Iker', role: 'ventas' },
    ]);
    const used = await messagesUsed(database, owner.id);
    const ownerSaved = await call(owner, 'PUT', `/api/spaces/${shop}/profile`, {
      items: [
        { label: 'Puesta a punto', price: '39 €' },
        { label: 'Lavado completo', price: '15 €' },
      ],
      people: [{ name: 'Marta', role: 'jefa de taller' }],
    });
    expect(ownerSaved.statusCode, ownerSaved.body).toBe(200);
    const result = profileSaveResponseSchema.parse(ownerSaved.json());
    expect(result.applied.sort()).toEqual(['items', 'people']);
    expect(result.version).toMatchObject({ source: 'profile' });
    const html = (await readSpace(url, owner.authorization, shop)).files.find((f) => f.id === 'index.html')?.content ?? '';
    expect(html).toContain('Lavado completo');
    expect(html).toContain('39 €');
    expect(html).not.toContain('Cambio de cadena');
    expect(html).toContain('jefa de taller');
    expect(html).not.toContain('Iker');
    expect(await messagesUsed(database, owner.id)).toBe(used);
    // The profile as first read stays available to restore, whatever was corrected since.
    const again = profileResponseSchema.parse((await call(owner, 'GET', `/api/spaces/${shop}/profile`)).json());
    expect(again.profile?.people).toEqual([{ name: 'Marta', role: 'jefa de taller' }]);
    expect(again.firstRead?.people).toEqual(read.profile?.people);
    expect(again.firstRead?.items).toEqual(read.profile?.items);
    const restored = await call(owner, 'PUT', `/api/spaces/${shop}/profile`, {
      items: again.firstRead?.items,
      people: again.firstRead?.people,
    });
    expect(restored.json().applied.sort()).toEqual(['items', 'people']);
    const back = (await readSpace(url, owner.authorization, shop)).files.find((f) => f.id === 'index.html')?.content ?? '';
    expect(back).toContain('Iker');
    expect(back).not.toContain('Lavado completo');
  });

  it('refuses bad corrections with a Spanish message', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /al menos un dato/],
      [{ email: 'no-es-un-correo' }, /correo no parece válido/],
      [{ phone: 'llámanos' }, /teléfono solo puede llevar números/],
      [{ name: '' }, /nombre no puede quedar vacío/],
      [{ colour: 'rojo' }, /Dato desconocido: colour/],
      [{ hours: 'x'.repeat(400) }, /como mucho 300 caracteres/],
      [{ language: 'fr' }, /idioma debe ser/],
      [{ kind: 'nave espacial' }, /no está en la lista/],
      [{ items: [{ label: '', price: '3 €' }] }, /producto necesita un nombre/],
      [{ people: [{ role: 'chef' }] }, /people\.0\.name: Cada dato debe ser un texto/],
      [{ services: Array.from({ length: 61 }, (_, i) => `s${i}`) }, /Como mucho 60 servicios/],
    ];
    for (const [body, message] of cases) {
      const response = await call(owner, 'PUT', `/api/spaces/${spaceId}/profile`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it('lets viewers read and only owners and editors correct; others see nothing', async () => {
    const viewerPut = await call(viewer, 'PUT', `/api/spaces/${spaceId}/profile`, { name: 'Otra' });
    expect(viewerPut.statusCode).toBe(403);
    expect(viewerPut.json().message).toMatch(/permiso|rol|editor/i);
    expect((await call(stranger, 'GET', `/api/spaces/${spaceId}/profile`)).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', `/api/spaces/${spaceId}/profile`, { name: 'Otra' })).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/spaces/${spaceId}/profile`)).statusCode).toBe(401);
    expect((await call(null, 'PUT', `/api/spaces/${spaceId}/profile`, { nope: true })).statusCode).toBe(401);
    expect((await profileOf())?.name).toBe('Obrador Espiga');
  });

  it('answers 404 with a reason when a space has not been generated yet', async () => {
    const empty = await createSpaceFor(url, owner.authorization, 'Vacío');
    const response = await call(owner, 'PUT', `/api/spaces/${empty}/profile`, { name: 'Algo' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/genera primero/);
  });
});

describe('"Lo que entendí" as a model\'s context', () => {
  let database: DatabaseHandle;
  let upstream: OpenAiTestServer;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    upstream = await startOpenAiTestServer();
    ({ app, url } = await listenTestApp(database, { AI_API_KEY: 'test-key', AI_BASE_URL: upstream.url }));
  });
  afterAll(async () => {
    await app?.close();
    await upstream?.close();
    await database?.close();
  });

  it('sends the stored profile, with a correction, to the model on a follow-up', async () => {
    const user = await createTestUser(database, { plan: 'pro' });
    const spaceId = await createSpaceFor(url, user.authorization);
    const site =
      '```html index.html\n<!DOCTYPE html>\n<html lang="es">\n<head><title>Panadería La Espiga</title></head>\n<body><h1>Panadería La Espiga</h1><p>Llámanos</p></body>\n</html>\n```\n';
    upstream.enqueue({ steps: contentSteps(site, 40) });
    const first = await postGenerate(url, user.authorization, {
      prompt: BRIEF,
      spaceId,
      model: 'deepseek/deepseek-chat-v3-0324',
    });
    expect(eventOf(first.events, 'done'), JSON.stringify(first.events.at(-1))).toBeDefined();
    // The first request had no profile yet; the brief is the request itself.
    expect(JSON.stringify(upstream.requests.at(-1)?.body?.messages)).not.toContain('What DIV understood');
    // A model's page has no facts the composer can find: the corrections are stored, the page is left alone.
    const corrected = await injectAs(app, user, 'PUT', `/api/spaces/${spaceId}/profile`, { hours: 'de 7 a 15', kind: 'cafe' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ applied: [], stored: ['kind', 'hours'], version: null });

    const edit =
      '```html index.html\n<<<<<<< SEARCH\n<p>Llámanos</p>\n=======\n<p>Llámanos al 954 123 456</p>\n>>>>>>> REPLACE\n```\n';
    upstream.enqueue({ steps: contentSteps(edit, 40) });
    const second = await postGenerate(url, user.authorization, {
      prompt: 'pon el teléfono',
      spaceId,
      model: 'deepseek/deepseek-chat-v3-0324',
    });
    expect(eventOf(second.events, 'done'), JSON.stringify(second.events.at(-1))).toBeDefined();
    const sent = upstream.requests.at(-1)?.body?.messages?.at(-1)?.content ?? '';
    expect(sent).toContain('What DIV understood about this site');
    expect(sent).toContain('"phone": "954 123 456"');
    expect(sent).toContain('"hours": "de 7 a 15"');
    expect(sent).toContain('"kind": "cafe"');
  });
});
