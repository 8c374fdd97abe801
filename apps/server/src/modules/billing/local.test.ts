import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { localSubscriptions } from '../../db/schema/billing';
import { users } from '../../db/schema/users';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';

describe('local billing mode (no STRIPE_SECRET_KEY)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database, { PUBLIC_URL: 'http://localhost:4000' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const pathOf = (url: string) => url.replace('http://localhost:4000', '');
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  async function planOfUser(id: string) {
    const [row] = await database.db
      .select({ plan: users.plan, developerPlan: users.developerPlan })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  async function buy(authorization: string, priceId: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: { authorization },
      payload: { priceId },
    });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().url;
    expect(url).toMatch(/^http:\/\/localhost:4000\/local\/billing\/checkout\?token=/);
    const token = new URL(url).searchParams.get('token') ?? '';
    return { url, token };
  }

  it('shows a local checkout page with the plan and price, and applies the plan on confirmation', async () => {
    const user = await createTestUser(database);
    const { url, token } = await buy(user.authorization, 'price_medium_plan');
    const page = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Modo local');
    expect(page.body).toContain('Plan Mediano');
    expect(page.body).toContain('$25');
    expect((await planOfUser(user.id))?.plan).toBe('free');

    const confirm = await app.inject({
      method: 'POST',
      url: '/local/billing/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ token }),
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://localhost:4000/pricing?checkout=success&plan=medium');
    expect(await planOfUser(user.id)).toEqual({ plan: 'medium', developerPlan: 'starter' });

    const usage = await app.inject({ method: 'GET', url: '/api/user/usage', headers: { authorization: user.authorization } });
    expect(usage.json()).toMatchObject({ currentPlan: 'medium', messagesLimit: 1000 });
  });

  it('refuses a forged or tampered link', async () => {
    const user = await createTestUser(database);
    const { token } = await buy(user.authorization, 'price_small_plan');
    const [payload, mac] = token.split('.');
    const forged = `${Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace('price_small_plan', 'price_pro_plan'),
    ).toString('base64url')}.${mac}`;
    const confirm = await app.inject({
      method: 'POST',
      url: '/local/billing/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ token: forged }),
    });
    expect(confirm.statusCode).toBe(400);
    expect((await planOfUser(user.id))?.plan).toBe('free');
  });

  it('lets the portal change the plan and cancel it, back to free at the period end', async () => {
    const user = await createTestUser(database);
    const { token } = await buy(user.authorization, 'price_small_plan');
    await app.inject({
      method: 'POST',
      url: '/local/billing/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ token }),
    });
    const dev = await buy(user.authorization, 'price_dev_growth');
    await app.inject({
      method: 'POST',
      url: '/local/billing/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ token: dev.token }),
    });
    expect(await planOfUser(user.id)).toEqual({ plan: 'small', developerPlan: 'growth' });

    const portal = await app.inject({
      method: 'POST',
      url: '/api/payment/portal',
      headers: { authorization: user.authorization },
    });
    const portalUrl: string = portal.json().url;
    const portalToken = new URL(portalUrl).searchParams.get('token') ?? '';
    const page = await app.inject({ method: 'GET', url: pathOf(portalUrl) });
    expect(page.body).toContain('Modo local');
    expect(page.body).toContain('Pequeño');
    expect(page.body).toContain('Cambiar a Pro');

    const [regular] = await database.db
      .select({ id: localSubscriptions.id, customerId: localSubscriptions.customerId })
      .from(localSubscriptions)
      .where(eq(localSubscriptions.priceId, 'price_small_plan'));
    const post = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/local/billing/portal',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ token: portalToken, ...fields }),
      });

    expect((await post({ subscriptionId: regular?.id ?? '', action: 'change', priceId: 'price_pro_plan' })).statusCode).toBe(303);
    expect(await planOfUser(user.id)).toEqual({ plan: 'pro', developerPlan: 'growth' });

    await post({ subscriptionId: regular?.id ?? '', action: 'cancel' });
    expect((await planOfUser(user.id))?.plan).toBe('pro'); // until the period ends
    // The period ends: the next read moves the cancelled subscription to canceled.
    await database.db
      .update(localSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(localSubscriptions.id, regular?.id ?? ''));
    const later = await app.inject({ method: 'GET', url: pathOf(portalUrl) });
    expect(later.body).not.toContain('Pequeño');
    expect(await planOfUser(user.id)).toEqual({ plan: 'free', developerPlan: 'growth' });
  });

  it('has no webhook without Stripe', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
  });
});
