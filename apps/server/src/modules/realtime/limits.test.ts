import { CLOSE, FRAME_AWARENESS, REALTIME_MESSAGES } from '@div/shared/realtime';
import { SPACE_MAX_BYTES } from '@div/shared/spaces';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { spaceDocUpdates } from '../../db/schema/realtime';
import { createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { connectEditor, type TestEditor } from '../../test/realtime-client';
import { createSpaceFor, listenTestApp, postJson, readSpace } from '../generation/test-helpers';
import { MAX_CLIENTS_PER_CONNECTION } from './connection';
import { MAX_PRESENCE } from './live-doc';
import { realtimeOfApp } from './realtime';

type User = Awaited<ReturnType<typeof createTestUser>>;

/** One raw presence frame naming `entries` (client id, clock, state as JSON). */
function presenceFrame(entries: [number, number, unknown][]): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, entries.length);
  for (const [id, clock, state] of entries) {
    encoding.writeVarUint(update, id);
    encoding.writeVarUint(update, clock);
    encoding.writeVarString(update, JSON.stringify(state));
  }
  const frame = encoding.createEncoder();
  encoding.writeVarUint(frame, FRAME_AWARENESS);
  encoding.writeVarUint8Array(frame, encoding.toUint8Array(update));
  return encoding.toUint8Array(frame);
}

const presence = (name: string) => ({ user: { name, color: '#000', colorLight: '#eee' }, file: 'index.html' });

/**
 * Realtime bounds (issue 36 #3 and #9), over real sockets: presence from one browser cannot grow an
 * open document's memory (new client ids, null states, large states, floods), and an edit that
 * would take the space past its size limit is neither applied, stored in the edit log nor passed on.
 */
describe('realtime bounds (issue 36)', () => {
  let database: DatabaseHandle;
  let server: { app: FastifyInstance; url: string };
  let owner: User;
  let ana: User;
  let vera: User;
  let spaceId: string;
  const open: TestEditor[] = [];
  const editor = (user: User) => {
    const client = connectEditor({ baseUrl: server.url, spaceId, token: user.token });
    open.push(client);
    return client;
  };

  async function share(member: User, role: 'editor' | 'viewer') {
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

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await listenTestApp(database, { COMPOSER_PACE: '0' });
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga' });
    ana = await createTestUser(database, { name: 'Ana' });
    vera = await createTestUser(database, { name: 'Vera' });
    spaceId = await createSpaceFor(server.url, owner.authorization, 'Límites');
    const { revision } = await readSpace(server.url, owner.authorization, spaceId);
    const put = await fetch(`${server.url}/api/spaces/${spaceId}/files`, {
      method: 'PUT',
      headers: { authorization: owner.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ revision, files: [{ path: 'index.html', content: '<h1>Hola</h1>' }] }),
    });
    expect(put.status).toBe(200);
    await share(ana, 'editor');
    await share(vera, 'viewer');
  }, 30_000);
  afterAll(async () => {
    for (const client of open) client.close();
    await server.app.close();
    await database.close();
  });

  it('a viewer flooding presence with new client ids, null states and large states keeps the document bounded', async () => {
    const watcher = editor(ana);
    await watcher.synced;
    const viewer = editor(vera);
    await viewer.synced;
    // Null states under thousands of new ids (the reported attack), then states under hundreds more.
    let next = 1_000_000;
    for (let round = 0; round < 20; round += 1) {
      viewer.socket.send(presenceFrame(Array.from({ length: 200 }, () => [next++, 1, null])));
    }
    for (let round = 0; round < 10; round += 1) {
      viewer.socket.send(presenceFrame(Array.from({ length: 50 }, () => [next++, 1, presence('x')])));
    }
    // A state far larger than any cursor: dropped.
    viewer.socket.send(presenceFrame([[next++, 1, { ...presence('x'), pad: 'x'.repeat(4000) }]]));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const realtime = realtimeOfApp(server.app);
    expect(realtime?.stats().presence).toBeLessThanOrEqual(MAX_PRESENCE * 2);
    // The others see this browser as at most a few people, never thousands.
    const seen = [...watcher.awareness.getStates().values()].filter(
      (s) => (s as { user?: { name?: string } }).user?.name === 'Vera',
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThanOrEqual(MAX_CLIENTS_PER_CONNECTION);
    expect(viewer.socket.readyState).toBe(viewer.socket.OPEN);

    // A flood of presence from its own client id is cut to a rate: far fewer reach the others.
    const own = [...viewer.awareness.getStates().keys()].length ? viewer.doc.clientID : next;
    let received = 0;
    watcher.awareness.on('change', () => {
      received += 1;
    });
    for (let clock = 10; clock < 510; clock += 1) viewer.socket.send(presenceFrame([[own, clock, presence(`v${clock}`)]]));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toBeLessThan(100);

    // A presence frame larger than any browser sends closes the connection.
    viewer.socket.send(presenceFrame(Array.from({ length: 40 }, (_, i) => [next + i, 1, { pad: 'y'.repeat(400) }])));
    expect((await viewer.closed).code).toBe(CLOSE.presenceTooLarge);
  });

  it('an edit past the space limit is refused before it is stored, applied or passed on', async () => {
    const { revision } = await readSpace(server.url, owner.authorization, spaceId);
    const bytesOfLog = async () => {
      const [row] = await database.db
        .select({ bytes: sql<number>`coalesce(sum(octet_length(${spaceDocUpdates.update})), 0)::int` })
        .from(spaceDocUpdates)
        .where(eq(spaceDocUpdates.spaceId, spaceId));
      return Number(row?.bytes ?? 0);
    };
    const writer = editor(ana);
    const peer = editor(owner);
    await Promise.all([writer.synced, peer.synced]);
    writer.insert('index.html', 0, '<!-- ok -->');
    await writer.saved();
    const before = await bytesOfLog();

    // Two inserts of 6 MB: the first fits the 10 MB space, the second would not.
    const chunk = 'a'.repeat(6 * 1024 * 1024);
    writer.insert('index.html', 0, chunk);
    await writer.saved();
    writer.insert('index.html', 0, chunk);
    const closed = await writer.closed;
    expect(closed.code).toBe(CLOSE.tooLarge);
    expect(writer.events).toContainEqual({ type: 'error', message: REALTIME_MESSAGES.tooLarge });

    await new Promise((resolve) => setTimeout(resolve, 500));
    // The refused insert never reached the log, the files or the other editor.
    expect((await bytesOfLog()) - before).toBeLessThan(SPACE_MAX_BYTES);
    expect(peer.text('index.html').length).toBeLessThan(SPACE_MAX_BYTES);
    const saved = await readSpace(server.url, owner.authorization, spaceId);
    const html = saved.files.find((file) => file.id === 'index.html')?.content ?? '';
    expect(html.length).toBeLessThan(7 * 1024 * 1024);
    expect(saved.revision).toBeGreaterThan(revision);
  }, 30_000);
});
