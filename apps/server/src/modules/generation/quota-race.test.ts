import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { spaces } from '../../db/schema/spaces';
import { createTestUser } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { listenTestApp, messagesUsed, postGenerate, readSpace, setMessagesUsed } from './test-helpers';

describe.each(testDrivers)('the message allowance under a burst of generations on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    ({ app, url } = await listenTestApp(database, { COMPOSER_PACE: '0' }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lets exactly 5 of 200 concurrent generations through with 5 messages left', async () => {
    const user = await createTestUser(database);
    await setMessagesUsed(database, user.id, 95);
    // 200 spaces: one generation per space, so only the allowance limits them.
    const rows = await database.db
      .insert(spaces)
      .values(Array.from({ length: 200 }, (_, i) => ({ ownerId: user.id, name: `Carrera ${i}`, description: 'Proyecto DIV' })))
      .returning({ id: spaces.id });
    const answers = await Promise.all(
      rows.map((row) => postGenerate(url, user.authorization, { prompt: 'Una web para una floristería', spaceId: row.id })),
    );
    const through = answers.filter((a) => a.status === 200 && a.events.some((e) => e.type === 'done'));
    const refused = answers.filter((a) => a.status === 429);
    expect(through).toHaveLength(5);
    expect(refused).toHaveLength(195);
    for (const answer of refused) {
      expect(answer.json).toMatchObject({ message: 'Alcanzaste el límite de mensajes de tu plan este mes.', openProModal: true });
    }
    expect(await messagesUsed(database, user.id)).toBe(100);
    // Versions exist only for the 5 that went through.
    let versions = 0;
    for (const row of rows.slice(0, 200)) versions += (await readSpace(url, user.authorization, row.id)).versions.length;
    expect(versions).toBe(5);
  }, 180_000);
});
