import { CLOSE, type RealtimeEvent } from '@div/shared/realtime';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { DatabaseHandle } from '../../db/client';
import { startOwnRedis } from '../../resilience/services';
import { createTestUser } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { connectEditor, type TestEditor } from '../../test/realtime-client';
import { createApiKey } from '../api-keys/service';
import { GENERATION_MESSAGES } from '../generation/run';
import { createSpaceFor, listenTestApp, messagesUsed, postGenerate, postJson, readSpace } from '../generation/test-helpers';

type User = Awaited<ReturnType<typeof createTestUser>>;
type Server = { app: FastifyInstance; url: string };

/** Polls until `check` holds (the document travels over real sockets). */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function putFiles(server: Server, user: User, spaceId: string, files: { path: string; content: string }[]) {
  const { revision } = await readSpace(server.url, user.authorization, spaceId);
  const response = await fetch(`${server.url}/api/spaces/${spaceId}/files`, {
    method: 'PUT',
    headers: { authorization: user.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ revision, files }),
  });
  expect(response.status).toBe(200);
}

async function share(server: Server, owner: User, spaceId: string, member: User, role: 'editor' | 'viewer') {
  const invited = await postJson(server.url, `/api/spaces/${spaceId}/invitations`, owner.authorization, {
    email: member.email,
    role,
  });
  expect(invited.status).toBe(201);
  const link = invited.json.link as string;
  const accepted = await postJson(
    server.url,
    `/api/invitations/${link.slice(link.lastIndexOf('/') + 1)}/accept`,
    member.authorization,
    {},
  );
  expect(accepted.status).toBe(200);
}

const fileOf = async (server: Server, user: User, spaceId: string, path: string) =>
  (await readSpace(server.url, user.authorization, spaceId)).files.find((file) => file.id === path)?.content;

describe.each(testDrivers)('editing a space together on %s (issue 25)', (driver) => {
  let database: DatabaseHandle;
  let server: Server;
  let owner: User;
  let ana: User;
  let vera: User;
  let stranger: User;
  const open: TestEditor[] = [];
  const editor = (user: User | null, spaceId: string, doc?: Y.Doc) => {
    const client = connectEditor({ baseUrl: server.url, spaceId, token: user?.token ?? null, ...(doc ? { doc } : {}) });
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    server = await listenTestApp(database, { COMPOSER_PACE: '0' });
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga' });
    ana = await createTestUser(database, { name: 'Ana' });
    vera = await createTestUser(database, { name: 'Vera' });
    stranger = await createTestUser(database, { name: 'Extraño' });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await server.app.close();
    await database.close();
  });

  it('two editors typing at once keep every keystroke, in the document and in the saved files', async () => {
    const spaceId = await createSpaceFor(server.url, owner.authorization);
    await putFiles(server, owner, spaceId, [{ path: 'index.html', content: '<p>hola</p>' }]);
    await share(server, owner, spaceId, ana, 'editor');
    const olga = editor(owner, spaceId);
    const anaClient = editor(ana, spaceId);
    await Promise.all([olga.synced, anaClient.synced]);
    await until(() => olga.text('index.html') === '<p>hola</p>' && anaClient.text('index.html') === '<p>hola</p>', 'seed');

    // Interleaved keystrokes at both ends of the same file, without waiting for each other.
    for (let i = 0; i < 20; i++) {
      olga.insert('index.html', 0, 'O');
      const end = anaClient.text('index.html').length;
      anaClient.insert('index.html', end, 'A');
    }
    const expected = `${'O'.repeat(20)}<p>hola</p>${'A'.repeat(20)}`;
    await until(() => olga.text('index.html') === expected && anaClient.text('index.html') === expected, 'both sets');
    await Promise.all([olga.saved(), anaClient.saved()]);
    expect(await fileOf(server, owner, spaceId, 'index.html')).toBe(expected);
  });

  it('shows who is in the space and where, under the name the server knows', async () => {
    const spaceId = await createSpaceFor(server.url, owner.authorization);
    await share(server, owner, spaceId, ana, 'editor');
    const olga = editor(owner, spaceId);
    const anaClient = editor(ana, spaceId);
    await Promise.all([olga.synced, anaClient.synced]);
    anaClient.awareness.setLocalState({
      user: { id: 'fake', name: 'Impostora', picture: null, color: '#e11d48', colorLight: '#e11d4833' },
      file: 'style.css',
    });
    await until(() => [...olga.awareness.getStates().values()].some((state) => state.file === 'style.css'), 'presence');
    const seen = [...olga.awareness.getStates().values()].find((state) => state.file === 'style.css');
    expect(seen?.user).toMatchObject({ id: ana.id, name: 'Ana', color: '#e11d48' });
    // Leaving removes the presence at once.
    anaClient.close();
    await until(() => ![...olga.awareness.getStates().values()].some((state) => state.file === 'style.css'), 'gone');
  });

  it('a viewer receives the edits but cannot change the document; strangers and visitors are refused', async () => {
    const spaceId = await createSpaceFor(server.url, owner.authorization);
    await putFiles(server, owner, spaceId, [{ path: 'index.html', content: 'base' }]);
    await share(server, owner, spaceId, vera, 'viewer');
    const olga = editor(owner, spaceId);
    const viewer = editor(vera, spaceId);
    await Promise.all([olga.synced, viewer.synced]);
    await until(() => viewer.text('index.html') === 'base', 'viewer sync');
    viewer.insert('index.html', 0, 'HACK ');
    olga.insert('index.html', 4, '!');
    await until(() => viewer.text('index.html').endsWith('base!'), 'viewer sees edits');
    await olga.saved();
    expect(olga.text('index.html')).toBe('base!');
    expect(await fileOf(server, owner, spaceId, 'index.html')).toBe('base!');
    expect(viewer.events.some((event) => event.type === 'welcome' && event.role === 'viewer')).toBe(true);

    expect((await editor(stranger, spaceId).closed).code).toBe(CLOSE.forbidden);
    expect((await editor(null, spaceId).closed).code).toBe(CLOSE.unauthorized);
    expect((await connectEditor({ baseUrl: server.url, spaceId, token: 'x'.repeat(43) }).closed).code).toBe(CLOSE.unauthorized);
    // An API key is the developer API's credential only (issue 19): a stranger's, or even the owner's,
    // opens no editing socket.
    for (const user of [stranger, owner]) {
      const { key } = await createApiKey({ db: database.db, userId: user.id, name: 'sin editor' });
      expect((await connectEditor({ baseUrl: server.url, spaceId, token: key }).closed).code).toBe(CLOSE.unauthorized);
    }
  });

  it('a member removed while connected is cut off; a viewer made editor comes back able to edit', async () => {
    const spaceId = await createSpaceFor(server.url, owner.authorization);
    await share(server, owner, spaceId, vera, 'viewer');
    await share(server, owner, spaceId, ana, 'editor');
    const viewer = editor(vera, spaceId);
    const anaClient = editor(ana, spaceId);
    await Promise.all([viewer.synced, anaClient.synced]);
    const patch = await fetch(`${server.url}/api/spaces/${spaceId}/members/${vera.id}`, {
      method: 'PATCH',
      headers: { authorization: owner.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'editor' }),
    });
    expect(patch.status).toBe(200);
    expect((await viewer.closed).code).toBe(CLOSE.roleChanged);
    const removed = await fetch(`${server.url}/api/spaces/${spaceId}/members/${ana.id}`, {
      method: 'DELETE',
      headers: { authorization: owner.authorization },
    });
    expect(removed.status).toBe(204);
    expect((await anaClient.closed).code).toBe(CLOSE.forbidden);
  });

  it('a restore by one member reaches the others at once, with who did it', async () => {
    const spaceId = await createSpaceFor(server.url, owner.authorization);
    await putFiles(server, owner, spaceId, [{ path: 'index.html', content: 'primera' }]);
    const first = await postJson(server.url, `/api/spaces/${spaceId}/versions`, owner.authorization, {});
    expect(first.status).toBe(201);
    await share(server, owner, spaceId, ana, 'editor');
    const anaClient = editor(ana, spaceId);
    await anaClient.synced;
    await until(() => anaClient.text('index.html') === 'primera', 'sync');
    anaClient.insert('index.html', 7, ' y segunda');
    await anaClient.saved();
    const versionId = (first.json.version as { id: string }).id;
    const restored = await postJson(server.url, `/api/spaces/${spaceId}/versions/${versionId}/restore`, owner.authorization, {});
    expect(restored.status).toBe(201);
    await until(() => anaClient.text('index.html') === 'primera', 'restored text');
    await until(
      () => anaClient.events.some((e: RealtimeEvent) => e.type === 'changed' && e.reason === 'restore' && e.by === 'Olga'),
      'event',
    );
    // The document and the files stay one: the next keystroke saves on top of the restored text.
    anaClient.insert('index.html', 0, '¡');
    await anaClient.saved();
    expect(await fileOf(server, owner, spaceId, 'index.html')).toBe('¡primera');
  });

  it('while one member generates, a second generation in the space is refused; the result and a deploy reach everyone', async () => {
    // A paced composer, so the generation is still running when the second one asks.
    const slow = await listenTestApp(database, { COMPOSER_PACE: '6000' });
    try {
      const spaceId = await createSpaceFor(slow.url, owner.authorization);
      await share(slow, owner, spaceId, ana, 'editor');
      const olga = connectEditor({ baseUrl: slow.url, spaceId, token: owner.token });
      open.push(olga);
      await olga.synced;
      const usedBefore = await messagesUsed(database, owner.id);
      let firstEvent: () => void = () => {};
      const running = new Promise<void>((resolve) => {
        firstEvent = resolve;
      });
      const anaRun = postGenerate(
        slow.url,
        ana.authorization,
        { prompt: 'Una web para un taller de cerámica con horarios', spaceId },
        { onEvent: () => firstEvent() },
      );
      await running;
      const second = await postGenerate(slow.url, owner.authorization, { prompt: 'Otra web distinta', spaceId });
      expect(second.status).toBe(409);
      expect(second.json?.message).toBe(GENERATION_MESSAGES.busy);
      const first = await anaRun;
      expect(first.events.some((event) => event.type === 'done')).toBe(true);
      // Only Ana's generation was charged (to the owner's allowance, ADR 0212).
      expect(await messagesUsed(database, owner.id)).toBe(usedBefore + 1);
      await until(
        () => olga.events.some((e: RealtimeEvent) => e.type === 'changed' && e.reason === 'generation' && e.by === 'Ana'),
        'generation event',
      );
      const generated = await fileOf(slow, owner, spaceId, 'index.html');
      await until(() => olga.text('index.html') === generated, 'generated files in the document');

      const deployed = await postJson(slow.url, '/api/deploy', ana.authorization, { spaceId });
      expect(deployed.status).toBe(200);
      await until(
        () => olga.events.some((e: RealtimeEvent) => e.type === 'changed' && e.reason === 'deploy' && e.by === 'Ana'),
        'deploy event',
      );
    } finally {
      await slow.app.close();
    }
  }, 120_000);

  it('edits made while disconnected merge when the connection returns, and the document survives a restart', async () => {
    const spaceId = await createSpaceFor(server.url, owner.authorization);
    await putFiles(server, owner, spaceId, [{ path: 'index.html', content: '<main></main>' }]);
    await share(server, owner, spaceId, ana, 'editor');
    const offlineDoc = new Y.Doc();
    const first = editor(ana, spaceId, offlineDoc);
    await first.synced;
    await until(() => first.text('index.html') === '<main></main>', 'sync');
    first.close();
    await first.closed;
    // Offline: Ana keeps typing into her copy; Olga edits the same file meanwhile.
    offlineDoc.getMap<Y.Text>('files').get('index.html')?.insert(6, 'ana');
    const olga = editor(owner, spaceId);
    await olga.synced;
    await until(() => olga.text('index.html') === '<main></main>', 'olga sync');
    olga.insert('index.html', 13, '<!--olga-->');
    await olga.saved();
    olga.close();

    // A restart: a new app on the same database.
    await server.app.close();
    server = await listenTestApp(database, { COMPOSER_PACE: '0' });
    const back = editor(ana, spaceId, offlineDoc);
    await back.synced;
    const merged = '<main>ana</main><!--olga-->';
    await until(() => back.text('index.html') === merged, 'merged after reconnect');
    await back.saved();
    expect(await fileOf(server, owner, spaceId, 'index.html')).toBe(merged);
  });
});

/** Two instances behind one database and one Redis, each person on a different one. */
const configured = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const own = configured ? null : await startOwnRedis();
afterAll(async () => {
  await own?.stop();
});

describe.each(testDrivers)('editing together across two instances on %s (issue 25)', (driver) => {
  let database: DatabaseHandle;
  let one: Server;
  let two: Server;
  const open: TestEditor[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const env = { COMPOSER_PACE: '0', REDIS_URL: configured ?? own?.url ?? '' };
    one = await listenTestApp(database, env);
    two = await listenTestApp(database, env);
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await one.app.close();
    await two.app.close();
    await database.close();
  });

  it('keystrokes, presence and outside changes travel between instances; the saved files hold both', async () => {
    const owner = await createTestUser(database, { plan: 'pro', name: 'Olga' });
    const ana = await createTestUser(database, { name: 'Ana' });
    const spaceId = await createSpaceFor(one.url, owner.authorization);
    await putFiles(one, owner, spaceId, [{ path: 'style.css', content: 'body{}' }]);
    await share(one, owner, spaceId, ana, 'editor');
    const olga = connectEditor({ baseUrl: one.url, spaceId, token: owner.token });
    const anaClient = connectEditor({ baseUrl: two.url, spaceId, token: ana.token });
    open.push(olga, anaClient);
    await Promise.all([olga.synced, anaClient.synced]);
    await until(() => olga.text('style.css') === 'body{}' && anaClient.text('style.css') === 'body{}', 'seed once');

    for (let i = 0; i < 10; i++) {
      olga.insert('style.css', 0, 'o');
      anaClient.insert('style.css', anaClient.text('style.css').length, 'a');
    }
    const expected = `${'o'.repeat(10)}body{}${'a'.repeat(10)}`;
    await until(() => olga.text('style.css') === expected && anaClient.text('style.css') === expected, 'both sets');
    await Promise.all([olga.saved(), anaClient.saved()]);
    expect(await fileOf(two, ana, spaceId, 'style.css')).toBe(expected);

    anaClient.awareness.setLocalState({ user: { color: '#000', colorLight: '#0003' }, file: 'style.css' });
    await until(() => [...olga.awareness.getStates().values()].some((s) => s.user?.name === 'Ana'), 'presence across');

    // A save through the REST API on instance one reaches Ana on instance two.
    await putFiles(one, owner, spaceId, [{ path: 'style.css', content: 'h1{}' }]);
    await until(() => anaClient.text('style.css') === 'h1{}', 'outside change across');
  });
});
