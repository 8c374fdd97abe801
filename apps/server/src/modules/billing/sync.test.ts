import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { DatabaseHandle } from '../../db/client';
import { localSubscriptions, processedEvents } from '../../db/schema/billing';
import { users } from '../../db/schema/users';
import { createTestUser, testConfig } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { applyBillingEvent, ensureCustomer } from './service';

const silent = { warn() {}, error() {}, info() {}, debug() {} } as unknown as AppContext['log'];

describe.each(testDrivers)('plan sync on %s', (driver) => {
  let database: DatabaseHandle;
  let ctx: AppContext;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    ctx = { config: testConfig(), db: database.db, database, log: silent };
  });
  afterAll(async () => {
    await database?.close();
  });

  it('converges when many events for one customer arrive at once', async () => {
    const user = await createTestUser(database);
    const customerId = await ensureCustomer({ ctx, userId: user.id });
    const periodEnd = new Date(Date.now() + 20 * 86_400_000);
    await database.db.insert(localSubscriptions).values([
      { customerId, priceId: 'price_small_plan', status: 'canceled', currentPeriodEnd: periodEnd },
      { customerId, priceId: 'price_pro_plan', status: 'active', currentPeriodEnd: periodEnd },
      { customerId, priceId: 'price_dev_growth', status: 'past_due', currentPeriodEnd: periodEnd },
    ]);
    const events = Array.from({ length: 20 }, (_, i) => ({
      id: `evt_burst_${driver}_${i % 10}`,
      type: 'customer.subscription.updated',
      customerId,
      userId: null,
    }));
    await Promise.all(events.map((event) => applyBillingEvent({ ctx, event })));
    const [row] = await database.db
      .select({ plan: users.plan, developerPlan: users.developerPlan, periodEndsAt: users.periodEndsAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ plan: 'pro', developerPlan: 'growth', periodEndsAt: periodEnd });
    const processed = await database.db.select({ id: processedEvents.eventId }).from(processedEvents);
    expect(processed.filter((p) => p.id.startsWith(`evt_burst_${driver}_`))).toHaveLength(10);
  });

  it('makes one customer per user even when two checkouts race', async () => {
    const user = await createTestUser(database);
    const ids = await Promise.all([ensureCustomer({ ctx, userId: user.id }), ensureCustomer({ ctx, userId: user.id })]);
    expect(ids[0]).toBe(ids[1]);
  });
});
