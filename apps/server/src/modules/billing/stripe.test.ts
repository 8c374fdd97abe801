import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/users';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { type FakeStripe, startFakeStripe } from './fake-stripe.test-helper';

const WEBHOOK_SECRET = 'whsec_test_secret';
const stripe = new Stripe('sk_test_fake');

describe('billing with Stripe (the real client against a local Stripe API)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    database = await openTestDatabase();
    app = await createTestApp(database, {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      PUBLIC_URL: 'https://div.example',
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.failWith = null;
  });

  const checkout = (authorization: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: { authorization },
      payload: body as object,
    });

  function sendEvent(event: { id: string; type: string; object: Record<string, unknown> }, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify({
      id: event.id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type: event.type,
      data: { object: event.object },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  async function planOfUser(id: string) {
    const [row] = await database.db
      .select({
        plan: users.plan,
        developerPlan: users.developerPlan,
        periodEndsAt: users.periodEndsAt,
        messagesUsed: users.messagesUsed,
      })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  /** A user who has been through checkout once, so their Stripe customer exists. */
  async function customerUser() {
    const user = await createTestUser(database);
    const response = await checkout(user.authorization, { priceId: 'price_medium_plan' });
    expect(response.statusCode).toBe(200);
    const customer = fake.checkoutSessions.at(-1)?.customer as string;
    return { ...user, customer };
  }

  it('creates a subscription checkout for the user’s customer, made once', async () => {
    const user = await createTestUser(database, { email: 'buyer@example.test', name: 'Buyer' });
    const first = await checkout(user.authorization, { priceId: 'price_medium_plan' });
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = fake.checkoutSessions.at(-1);
    expect(session).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_medium_plan',
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      success_url: 'https://div.example/pricing?checkout=success&plan=medium',
    });
    expect(fake.customers.filter((c) => c.email === 'buyer@example.test')).toHaveLength(1);

    const second = await checkout(user.authorization, { priceId: 'price_dev_growth' });
    expect(second.statusCode).toBe(200);
    expect(fake.checkoutSessions.at(-1)?.customer).toBe(session?.customer);
    expect(fake.checkoutSessions.at(-1)?.success_url).toBe('https://div.example/developers?checkout=success&plan=growth');
    expect(fake.customers.filter((c) => c.email === 'buyer@example.test')).toHaveLength(1);
  });

  it('refuses a missing or unknown price and an anonymous caller', async () => {
    const user = await createTestUser(database);
    const missing = await checkout(user.authorization, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBeTruthy();
    const unknown = await checkout(user.authorization, { priceId: 'price_gold_plan' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/priceId/);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      payload: { priceId: 'price_small_plan' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reports a Stripe failure as “Failed to create checkout session”', async () => {
    const user = await createTestUser(database);
    fake.failWith = 500;
    const response = await checkout(user.authorization, { priceId: 'price_small_plan' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Failed to create checkout session');
  });

  it('opens the customer portal, and reports its failure', async () => {
    const user = await customerUser();
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment/portal',
      headers: { authorization: user.authorization },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.portalSessions.at(-1)).toMatchObject({ customer: user.customer, return_url: 'https://div.example/settings' });

    fake.failWith = 500;
    const failed = await app.inject({
      method: 'POST',
      url: '/api/payment/portal',
      headers: { authorization: user.authorization },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('Failed to create portal session');
  });

  it('applies a valid webhook by re-reading the customer’s subscriptions', async () => {
    const user = await customerUser();
    const periodEnd = Math.floor(Date.UTC(2030, 0, 15) / 1000);
    fake.subscriptions.push({
      id: 'sub_valid',
      customer: user.customer,
      status: 'active',
      priceId: 'price_medium_plan',
      currentPeriodEnd: periodEnd,
    });
    // 42 messages of a free period that has not ended: the upgrade keeps them (ADR 0186).
    const freePeriodEnd = new Date(Date.now() + 10 * 86_400_000);
    await database.db.update(users).set({ messagesUsed: 42, periodEndsAt: freePeriodEnd }).where(eq(users.id, user.id));
    const response = await sendEvent({
      id: 'evt_valid',
      type: 'checkout.session.completed',
      object: { id: 'cs_1', object: 'checkout.session', customer: user.customer, client_reference_id: user.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(await planOfUser(user.id)).toEqual({
      plan: 'medium',
      developerPlan: 'starter',
      periodEndsAt: new Date(periodEnd * 1000),
      messagesUsed: 42,
    });

    // The renewal moves the period end on the same plan: a new period, counted from zero.
    const subscription = fake.subscriptions.find((s) => s.id === 'sub_valid');
    if (subscription) subscription.currentPeriodEnd = periodEnd + 31 * 86_400;
    await sendEvent({
      id: 'evt_renewal',
      type: 'invoice.paid',
      object: { id: 'in_r', object: 'invoice', customer: user.customer },
    });
    expect(await planOfUser(user.id)).toMatchObject({ plan: 'medium', messagesUsed: 0 });
  });

  it('starts from zero when the free period had already ended before the upgrade', async () => {
    const user = await customerUser();
    fake.subscriptions.push({
      id: 'sub_late',
      customer: user.customer,
      status: 'active',
      priceId: 'price_small_plan',
      currentPeriodEnd: Math.floor(Date.UTC(2030, 1, 1) / 1000),
    });
    await database.db
      .update(users)
      .set({ messagesUsed: 80, periodEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, user.id));
    await sendEvent({
      id: 'evt_late',
      type: 'checkout.session.completed',
      object: { id: 'cs_late', object: 'checkout.session', customer: user.customer, client_reference_id: user.id },
    });
    expect(await planOfUser(user.id)).toMatchObject({ plan: 'small', messagesUsed: 0 });
  });

  it('rejects a bad signature and changes nothing', async () => {
    const user = await customerUser();
    fake.subscriptions.push({
      id: 'sub_bad',
      customer: user.customer,
      status: 'active',
      priceId: 'price_pro_plan',
      currentPeriodEnd: 1_900_000_000,
    });
    const wrongSecret = await sendEvent(
      {
        id: 'evt_bad',
        type: 'customer.subscription.created',
        object: { id: 'sub_bad', object: 'subscription', customer: user.customer },
      },
      'whsec_someone_else',
    );
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toBeTruthy();
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        id: 'evt_bad2',
        type: 'customer.subscription.created',
        data: { object: { customer: user.customer } },
      }),
    });
    expect(unsigned.statusCode).toBe(400);
    // A body altered after signing: the signature covers the raw bytes.
    const payload = JSON.stringify({ id: 'evt_bad3', object: 'event', type: 'x', data: { object: { customer: user.customer } } });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('"x"', '"y"'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await planOfUser(user.id))?.plan).toBe('free');
  });

  it('processes a replayed event id once', async () => {
    const user = await customerUser();
    fake.subscriptions.push({
      id: 'sub_replay',
      customer: user.customer,
      status: 'active',
      priceId: 'price_small_plan',
      currentPeriodEnd: 1_900_000_000,
    });
    const event = { id: 'evt_replay', type: 'invoice.paid', object: { id: 'in_1', object: 'invoice', customer: user.customer } };
    expect((await sendEvent(event)).json()).toEqual({ received: true, duplicate: false });
    const calls = fake.listCalls;
    await database.db.update(users).set({ plan: 'free' }).where(eq(users.id, user.id));
    const replay = await sendEvent(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(fake.listCalls).toBe(calls);
    expect((await planOfUser(user.id))?.plan).toBe('free');
  });

  it('converges to Stripe’s state whatever order events arrive in', async () => {
    const user = await customerUser();
    const sub = {
      id: 'sub_order',
      customer: user.customer,
      status: 'active',
      priceId: 'price_pro_plan',
      currentPeriodEnd: 1_900_000_000,
    };
    fake.subscriptions.push(sub);
    // Stripe already canceled it; the "deleted" event arrives first, the older "created" one last.
    sub.status = 'canceled';
    const object = { id: 'sub_order', object: 'subscription', customer: user.customer };
    await sendEvent({ id: 'evt_order_deleted', type: 'customer.subscription.deleted', object });
    await sendEvent({ id: 'evt_order_created', type: 'customer.subscription.created', object });
    expect((await planOfUser(user.id))?.plan).toBe('free');
  });

  it('keeps regular and developer plans separate', async () => {
    const user = await customerUser();
    fake.subscriptions.push(
      { id: 'sub_reg', customer: user.customer, status: 'active', priceId: 'price_small_plan', currentPeriodEnd: 1_900_000_000 },
      { id: 'sub_dev', customer: user.customer, status: 'active', priceId: 'price_dev_scale', currentPeriodEnd: 1_900_100_000 },
    );
    await sendEvent({
      id: 'evt_sep1',
      type: 'customer.subscription.created',
      object: { id: 'sub_dev', object: 'subscription', customer: user.customer },
    });
    expect(await planOfUser(user.id)).toMatchObject({
      plan: 'small',
      developerPlan: 'scale',
      periodEndsAt: new Date(1_900_000_000_000),
    });
    const regular = fake.subscriptions.find((s) => s.id === 'sub_reg');
    if (regular) regular.status = 'canceled';
    await sendEvent({
      id: 'evt_sep2',
      type: 'customer.subscription.deleted',
      object: { id: 'sub_reg', object: 'subscription', customer: user.customer },
    });
    expect(await planOfUser(user.id)).toMatchObject({ plan: 'free', developerPlan: 'scale', periodEndsAt: null });
  });

  it('keeps the plan until the end of a cancelled period and while a payment is retried', async () => {
    const user = await customerUser();
    const sub = {
      id: 'sub_life',
      customer: user.customer,
      status: 'active',
      priceId: 'price_medium_plan',
      currentPeriodEnd: 1_900_000_000,
      cancelAtPeriodEnd: true,
    };
    fake.subscriptions.push(sub);
    const object = { id: 'sub_life', object: 'subscription', customer: user.customer };
    await sendEvent({ id: 'evt_life1', type: 'customer.subscription.updated', object });
    expect((await planOfUser(user.id))?.plan).toBe('medium');
    sub.status = 'past_due';
    await sendEvent({
      id: 'evt_life2',
      type: 'invoice.payment_failed',
      object: { id: 'in_2', object: 'invoice', customer: user.customer },
    });
    expect((await planOfUser(user.id))?.plan).toBe('medium');
    sub.status = 'unpaid';
    await sendEvent({ id: 'evt_life3', type: 'customer.subscription.updated', object });
    expect((await planOfUser(user.id))?.plan).toBe('free');
    sub.status = 'active';
    await sendEvent({
      id: 'evt_life4',
      type: 'invoice.paid',
      object: { id: 'in_3', object: 'invoice', customer: user.customer },
    });
    expect((await planOfUser(user.id))?.plan).toBe('medium');
    sub.status = 'canceled';
    await sendEvent({ id: 'evt_life5', type: 'customer.subscription.deleted', object });
    expect((await planOfUser(user.id))?.plan).toBe('free');
  });

  it('acknowledges events about unknown customers without changing anyone', async () => {
    const response = await sendEvent({
      id: 'evt_unknown',
      type: 'invoice.paid',
      object: { id: 'in_x', object: 'invoice', customer: 'cus_nobody' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('cancels the subscriptions and removes the user on account deletion', async () => {
    const user = await customerUser();
    fake.subscriptions.push({
      id: 'sub_del',
      customer: user.customer,
      status: 'active',
      priceId: 'price_pro_plan',
      currentPeriodEnd: 1_900_000_000,
    });
    const refused = await app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { authorization: user.authorization },
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { authorization: user.authorization },
      payload: { confirmation: 'ELIMINAR' },
    });
    expect(deleted.statusCode).toBe(204);
    expect(fake.subscriptions.find((s) => s.id === 'sub_del')?.status).toBe('canceled');
    expect(await planOfUser(user.id)).toBeUndefined();
    const after = await app.inject({ method: 'GET', url: '/api/user/usage', headers: { authorization: user.authorization } });
    expect(after.statusCode).toBe(401);
  });
});
