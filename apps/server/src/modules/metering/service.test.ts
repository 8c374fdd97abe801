import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { usageEvents } from '../../db/schema/metering';
import { users } from '../../db/schema/users';
import { createTestUser } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { findAllowance, recordUsageEvent, releaseMessage, reserveMessage } from './service';

describe.each(testDrivers)('metering on %s', (driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function userWith(values: { plan?: string; messagesUsed?: number; periodEndsAt?: Date | null; createdAt?: Date }) {
    const user = await createTestUser(database, { plan: values.plan ?? 'free' });
    await database.db
      .update(users)
      .set({
        messagesUsed: values.messagesUsed ?? 0,
        periodEndsAt: values.periodEndsAt ?? null,
        ...(values.createdAt ? { createdAt: values.createdAt } : {}),
      })
      .where(eq(users.id, user.id));
    return user;
  }

  it('reserves messages until the plan limit, then refuses', async () => {
    const periodEndsAt = new Date(Date.now() + 10 * 86_400_000);
    const user = await userWith({ plan: 'free', messagesUsed: 98, periodEndsAt });
    const first = await reserveMessage({ db: database.db, userId: user.id });
    expect(first).toMatchObject({ ok: true, messagesUsed: 99, messagesLimit: 100 });
    const second = await reserveMessage({ db: database.db, userId: user.id });
    expect(second).toMatchObject({ ok: true, messagesUsed: 100 });
    const third = await reserveMessage({ db: database.db, userId: user.id });
    expect(third).toMatchObject({ ok: false, reason: 'over-limit', messagesUsed: 100, messagesLimit: 100 });
  });

  it('uses the limit of each plan', async () => {
    const periodEndsAt = new Date(Date.now() + 86_400_000);
    const medium = await userWith({ plan: 'medium', messagesUsed: 999, periodEndsAt });
    expect(await reserveMessage({ db: database.db, userId: medium.id })).toMatchObject({ ok: true, messagesLimit: 1000 });
    expect((await reserveMessage({ db: database.db, userId: medium.id })).ok).toBe(false);
    const unknown = await userWith({ plan: 'legacy-gold', messagesUsed: 100, periodEndsAt });
    expect(await reserveMessage({ db: database.db, userId: unknown.id })).toMatchObject({ ok: false, messagesLimit: 100 });
  });

  it('resets the counter at the period boundary and rolls the period forward', async () => {
    const periodEnd = new Date('2026-03-15T10:00:00Z');
    const user = await userWith({ plan: 'small', messagesUsed: 500, periodEndsAt: periodEnd });
    const justBefore = new Date(periodEnd.getTime() - 1);
    expect((await reserveMessage({ db: database.db, userId: user.id, now: justBefore })).ok).toBe(false);
    const atBoundary = await reserveMessage({ db: database.db, userId: user.id, now: periodEnd });
    expect(atBoundary).toMatchObject({ ok: true, messagesUsed: 1 });
    if (!atBoundary.ok) throw new Error('expected ok');
    expect(atBoundary.periodEndsAt.toISOString()).toBe('2026-04-15T10:00:00.000Z');
    const next = await reserveMessage({ db: database.db, userId: user.id, now: new Date('2026-03-20T00:00:00Z') });
    expect(next).toMatchObject({ ok: true, messagesUsed: 2 });
  });

  it('counts a free user’s period monthly from sign-up', async () => {
    const user = await userWith({ plan: 'free', messagesUsed: 40, createdAt: new Date('2026-01-10T08:00:00Z') });
    const now = new Date('2026-05-02T00:00:00Z');
    expect(await findAllowance({ db: database.db, userId: user.id, now })).toEqual({
      messagesUsed: 0,
      messagesLimit: 100,
      periodEndsAt: new Date('2026-05-10T08:00:00Z'),
    });
    const reserved = await reserveMessage({ db: database.db, userId: user.id, now });
    expect(reserved).toMatchObject({ ok: true, messagesUsed: 1, periodEndsAt: new Date('2026-05-10T08:00:00Z') });
  });

  it('gives a released message back, but not into a newer period', async () => {
    const user = await userWith({ plan: 'free', messagesUsed: 10, periodEndsAt: new Date(Date.now() + 86_400_000) });
    const reserved = await reserveMessage({ db: database.db, userId: user.id });
    if (!reserved.ok) throw new Error('expected ok');
    expect(reserved.messagesUsed).toBe(11);
    await releaseMessage({ db: database.db, userId: user.id, periodEndsAt: reserved.periodEndsAt });
    expect((await findAllowance({ db: database.db, userId: user.id })).messagesUsed).toBe(10);
    await releaseMessage({ db: database.db, userId: user.id, periodEndsAt: new Date('2020-01-01T00:00:00Z') });
    expect((await findAllowance({ db: database.db, userId: user.id })).messagesUsed).toBe(10);
  });

  it('never limits an unlimited plan (-1)', async () => {
    const { plans } = await import('@div/shared/plans');
    const original = plans.pro.messagesPerMonth;
    plans.pro.messagesPerMonth = -1;
    try {
      const user = await userWith({ plan: 'pro', messagesUsed: 1_000_000, periodEndsAt: new Date(Date.now() + 86_400_000) });
      const result = await reserveMessage({ db: database.db, userId: user.id });
      expect(result).toMatchObject({ ok: true, messagesUsed: 1_000_001, messagesLimit: -1 });
      expect((await findAllowance({ db: database.db, userId: user.id })).messagesLimit).toBe(-1);
    } finally {
      plans.pro.messagesPerMonth = original;
    }
  });

  it('lets exactly the remaining messages through 200 concurrent reservations', async () => {
    const user = await userWith({ plan: 'free', messagesUsed: 95, periodEndsAt: new Date(Date.now() + 86_400_000) });
    const results = await Promise.all(Array.from({ length: 200 }, () => reserveMessage({ db: database.db, userId: user.id })));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect((await findAllowance({ db: database.db, userId: user.id })).messagesUsed).toBe(100);
  });

  it('records usage events, in a transaction too', async () => {
    const user = await userWith({});
    await recordUsageEvent({
      db: database.db,
      userId: user.id,
      feature: 'generate',
      model: 'gemini',
      provider: 'auto',
      success: true,
      durationMs: 1234.4,
      source: 'app',
    });
    await database.db.transaction(async (tx) => {
      await recordUsageEvent({
        db: tx,
        userId: user.id,
        feature: 'api.generate',
        success: false,
        durationMs: 10,
        tokens: 7,
        source: 'api',
      });
    });
    const rows = await database.db
      .select({
        feature: usageEvents.feature,
        durationMs: usageEvents.durationMs,
        source: usageEvents.source,
        tokens: usageEvents.tokens,
      })
      .from(usageEvents)
      .where(eq(usageEvents.userId, user.id))
      .orderBy(usageEvents.feature);
    expect(rows).toEqual([
      { feature: 'api.generate', durationMs: 10, source: 'api', tokens: 7 },
      { feature: 'generate', durationMs: 1234, source: 'app', tokens: null },
    ]);
  });
});
