import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { spaceMembers } from '../../db/schema/members';
import { users } from '../../db/schema/users';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { recordUsageEvent } from '../metering/service';
import { findUsage } from './service';

describe.each(testDrivers)('usage series on %s', (driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });

  const event = (
    userId: string,
    at: string,
    extra: Partial<{ success: boolean; refused: boolean; source: 'app' | 'api'; feature: string; durationMs: number }> = {},
  ) =>
    recordUsageEvent({
      db: database.db,
      userId,
      feature: extra.feature ?? 'generate',
      success: extra.success ?? true,
      refused: extra.refused,
      durationMs: extra.durationMs ?? 1000,
      source: extra.source ?? 'app',
      at: new Date(at),
    });

  it('zero-fills 30 days, 12 weeks and 12 months, split at month and week boundaries', async () => {
    const user = await createTestUser(database);
    const other = await createTestUser(database);
    const now = new Date('2026-03-04T12:00:00Z'); // a Wednesday
    await event(user.id, '2026-02-28T23:59:59Z'); // last second of February (a Saturday)
    await event(user.id, '2026-03-01T00:00:00Z'); // first second of March (a Sunday)
    await event(user.id, '2026-03-02T00:00:00Z'); // Monday: a new ISO week
    await event(user.id, '2026-03-02T08:00:00Z');
    await event(user.id, '2026-03-04T11:00:00Z', { success: false }); // failed: not a message
    await event(user.id, '2026-03-04T11:30:00Z', { source: 'api', feature: 'api.spaces.list' }); // API call: not a message
    await event(user.id, '2026-03-04T11:40:00Z', { source: 'api', feature: 'api.edit', success: false }); // failed
    await event(user.id, '2026-03-03T09:00:00Z', { source: 'api', feature: 'api.generate' }); // a message sent by API
    await event(user.id, '2025-03-10T10:00:00Z'); // outside every window
    await event(other.id, '2026-03-02T09:00:00Z'); // another user's

    const usage = await findUsage({ db: database.db, userId: user.id, now });
    expect(usage.dailyUsage).toHaveLength(30);
    expect(usage.dailyUsage[0]).toEqual({ date: '2026-02-03', messages: 0 });
    expect(usage.dailyUsage.at(-1)).toEqual({ date: '2026-03-04', messages: 0 });
    const byDay = Object.fromEntries(usage.dailyUsage.map((d) => [d.date, d.messages]));
    expect(byDay['2026-02-28']).toBe(1);
    expect(byDay['2026-03-01']).toBe(1);
    expect(byDay['2026-03-02']).toBe(2);
    expect(byDay['2026-03-03']).toBe(1);
    expect(byDay['2026-03-04']).toBe(0);
    expect(usage.dailyUsage.reduce((a, d) => a + d.messages, 0)).toBe(5);

    expect(usage.weeklyUsage).toHaveLength(12);
    expect(usage.weeklyUsage.at(-1)).toEqual({ week: '2026-03-02', messages: 3 });
    expect(usage.weeklyUsage.at(-2)).toEqual({ week: '2026-02-23', messages: 2 });
    expect(usage.weeklyUsage[0]?.week).toBe('2025-12-15');

    expect(usage.monthlyUsage).toHaveLength(12);
    expect(usage.monthlyUsage[0]).toEqual({ month: '2025-04', messages: 0 });
    expect(usage.monthlyUsage.at(-2)).toEqual({ month: '2026-02', messages: 1 });
    expect(usage.monthlyUsage.at(-1)).toEqual({ month: '2026-03', messages: 4 });
  });

  it('cuts buckets in the caller’s time zone', async () => {
    const user = await createTestUser(database);
    const now = new Date('2026-03-04T12:00:00Z');
    // 23:30 UTC on 28 Feb is already 1 March in Madrid (UTC+1) and still 28 Feb in New York.
    await event(user.id, '2026-02-28T23:30:00Z');
    const madrid = await findUsage({ db: database.db, userId: user.id, now, tz: 'Europe/Madrid' });
    const newYork = await findUsage({ db: database.db, userId: user.id, now, tz: 'America/New_York' });
    expect(madrid.monthlyUsage.at(-1)).toEqual({ month: '2026-03', messages: 1 });
    expect(newYork.monthlyUsage.at(-2)).toEqual({ month: '2026-02', messages: 1 });
    expect(madrid.dailyUsage.find((d) => d.messages > 0)?.date).toBe('2026-03-01');
    expect(newYork.dailyUsage.find((d) => d.messages > 0)?.date).toBe('2026-02-28');
    await expect(findUsage({ db: database.db, userId: user.id, now, tz: 'Mars/Olympus' })).rejects.toThrow(/Zona horaria/);
  });

  it('summarises plan, allowance, success rate, API calls, response time and top features', async () => {
    const user = await createTestUser(database, { plan: 'medium' });
    const now = new Date('2026-06-10T12:00:00Z');
    await database.db
      .update(users)
      .set({ messagesUsed: 321, periodEndsAt: new Date('2026-06-20T00:00:00Z') })
      .where(eq(users.id, user.id));
    for (let i = 0; i < 6; i++) await event(user.id, '2026-06-09T10:00:00Z', { feature: 'generate', durationMs: 1000 });
    for (let i = 0; i < 3; i++) await event(user.id, '2026-06-09T10:00:00Z', { feature: 'edit', durationMs: 400, source: 'api' });
    await event(user.id, '2026-06-09T10:00:00Z', { feature: 'fix-error', durationMs: 100, success: false });
    await event(user.id, '2026-04-01T10:00:00Z', { feature: 'old', success: false }); // outside the 30-day window
    // Two refusals: their own slice, in the rate's denominator, out of the features and the timing.
    await event(user.id, '2026-06-09T10:00:00Z', { feature: 'edit', durationMs: 5, success: false, refused: true });
    await event(user.id, '2026-06-09T10:00:00Z', { feature: 'edit', durationMs: 5, success: false, refused: true });

    const usage = await findUsage({ db: database.db, userId: user.id, now });
    expect(usage).toMatchObject({
      currentPlan: 'medium',
      developerPlan: 'starter',
      messagesUsed: 321,
      messagesLimit: 1000,
      resetDate: '2026-06-20T00:00:00.000Z',
      successRate: 75,
      actions: 10,
      succeeded: 9,
      refusals: 2,
      apiCalls: 3,
      averageResponseTime: 730,
      topFeatures: [
        { feature: 'generate', usage: 6, percentage: 60 },
        { feature: 'edit', usage: 3, percentage: 30 },
        { feature: 'fix-error', usage: 1, percentage: 10 },
      ],
    });
  });

  it('answers an empty history with zeros and full success', async () => {
    const user = await createTestUser(database, { plan: 'unknown-plan' });
    const usage = await findUsage({ db: database.db, userId: user.id });
    expect(usage).toMatchObject({
      currentPlan: 'free',
      messagesUsed: 0,
      messagesLimit: 100,
      successRate: 100,
      actions: 0,
      succeeded: 0,
      refusals: 0,
      apiCalls: 0,
      averageResponseTime: 0,
      topFeatures: [],
    });
    expect(usage.dailyUsage.every((d) => d.messages === 0)).toBe(true);
    expect(new Date(usage.resetDate).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('GET /api/user/usage', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers the signed-in user’s usage, and 401 without a session', async () => {
    const user = await createTestUser(database);
    await recordUsageEvent({
      db: database.db,
      userId: user.id,
      feature: 'generate',
      success: true,
      durationMs: 500,
      source: 'app',
    });
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/usage?tz=Europe/Madrid',
      headers: { authorization: user.authorization },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.currentPlan).toBe('free');
    expect(body.dailyUsage.at(-1).messages).toBe(1);
    expect(body.topFeatures).toEqual([{ feature: 'generate', usage: 1, percentage: 100 }]);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/user/usage?tz=Nowhere/Land',
      headers: { authorization: user.authorization },
    });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/user/usage' })).statusCode).toBe(401);
  });
  it('shows the image storage the person owns against their plan, a member’s uploads counting for the owner', async () => {
    const owner = await createTestUser(database, { plan: 'small' });
    const member = await createTestUser(database);
    const usageOf = async (user: typeof owner) =>
      (await app.inject({ method: 'GET', url: '/api/user/usage', headers: { authorization: user.authorization } })).json()
        .imageStorage;
    expect(await usageOf(owner)).toEqual({ usedBytes: 0, limitBytes: 500 * 1024 * 1024 });
    const space = (
      await app.inject({
        method: 'POST',
        url: '/api/spaces',
        headers: { authorization: owner.authorization },
        payload: { name: 'Fotos' },
      })
    ).json().space.id;
    await database.db.insert(spaceMembers).values({ spaceId: space, userId: member.id, role: 'editor' });
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/spaces/${space}/images?name=foto.png`,
      headers: { authorization: member.authorization, 'content-type': 'application/octet-stream' },
      payload: png,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const stored = uploaded.json().image.storedBytes as number;
    expect(stored).toBeGreaterThan(png.length);
    expect(await usageOf(owner)).toEqual({ usedBytes: stored, limitBytes: 500 * 1024 * 1024 });
    expect(await usageOf(member)).toEqual({ usedBytes: 0, limitBytes: 50 * 1024 * 1024 });
  });
});
