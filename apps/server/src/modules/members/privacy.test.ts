import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { createTestUser, injectAs, testConfig } from '../../test/app';
import { openTestDatabase } from '../../test/db';

type User = Awaited<ReturnType<typeof createTestUser>>;

/**
 * What members learn of each other and what a removed editor keeps (issue 36 #15): viewers see
 * names, not emails; an editor's preview token dies with their membership; the token is never
 * written to the server's log.
 */
describe('members’ privacy and preview tokens (issue 36 #15)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let log = '';
  let owner: User;
  let editor: User;
  let viewer: User;
  let spaceId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    // The app's own logger, at info, into memory: what an operator's log would hold.
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    app = await buildApp(testConfig({ PUBLIC_URL: 'https://div.example' }), { database, logger: { level: 'info', stream } });
    await app.ready();
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga' });
    editor = await createTestUser(database, { name: 'Eva' });
    viewer = await createTestUser(database, { name: 'Víctor' });
    spaceId = (await injectAs(app, owner, 'POST', '/api/spaces', { name: 'Equipo' })).json().space.id;
    for (const [user, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const invited = await injectAs(app, owner, 'POST', `/api/spaces/${spaceId}/invitations`, { email: user.email, role });
      const link = invited.json().link as string;
      expect(
        (await injectAs(app, user, 'POST', `/api/invitations/${link.slice(link.lastIndexOf('/') + 1)}/accept`)).statusCode,
      ).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('a viewer sees the team by name, without anyone’s email; editors and the owner still see them', async () => {
    const seen = await injectAs(app, viewer, 'GET', `/api/spaces/${spaceId}/members`);
    expect(seen.statusCode).toBe(200);
    for (const email of [owner.email, editor.email, viewer.email]) expect(seen.body).not.toContain(email);
    expect(
      seen
        .json()
        .members.map((m: { name: string }) => m.name)
        .sort(),
    ).toEqual(['Eva', 'Víctor']);
    expect(seen.json().owner.name).toBe('Olga');

    const byEditor = await injectAs(app, editor, 'GET', `/api/spaces/${spaceId}/members`);
    expect(byEditor.body).toContain(owner.email);
    expect(byEditor.body).toContain(viewer.email);
  });

  it('a removed editor’s preview token stops at once, and no token reaches the log', async () => {
    const got = await injectAs(app, editor, 'GET', `/api/spaces/${spaceId}/forms/preview-token`);
    expect(got.statusCode).toBe(200);
    const { token } = got.json() as { token: string };
    const post = () =>
      app.inject({
        method: 'POST',
        url: `/preview/forms/contacto?token=${encodeURIComponent(token)}`,
        headers: { host: 'div.example', origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ nombre: 'Prueba', mensaje: 'Hola', _div_page: '/' }).toString(),
      });
    expect((await post()).statusCode).not.toBe(401);

    const removed = await injectAs(app, owner, 'DELETE', `/api/spaces/${spaceId}/members/${editor.id}`);
    expect(removed.statusCode).toBeLessThan(300);
    const after = await post();
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBeTruthy();

    expect(log).toContain('/preview/forms/contacto');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });
});
