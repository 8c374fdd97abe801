import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server standing in for Stripe's API, so the real `stripe` client code runs in tests.
 * It answers the few endpoints billing uses and records what it was asked.
 */
export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  currentPeriodEnd: number;
  cancelAtPeriodEnd?: boolean;
}

export interface FakeStripe {
  url: string;
  customers: Array<Record<string, string>>;
  checkoutSessions: Array<Record<string, string>>;
  portalSessions: Array<Record<string, string>>;
  subscriptions: FakeSubscription[];
  listCalls: number;
  /** Answer every create call with this HTTP status instead (simulates an outage). */
  failWith: number | null;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let n = 0;
  const state: Omit<FakeStripe, 'url' | 'close'> = {
    customers: [],
    checkoutSessions: [],
    portalSessions: [],
    subscriptions: [],
    listCalls: 0,
    failWith: null,
  };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== 'Bearer sk_test_fake') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && state.failWith) {
      return send(state.failWith, { error: { type: 'api_error', message: 'Something went wrong' } });
    }
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      const body = await readBody(request);
      const id = `cus_${++n}`;
      state.customers.push({ id, ...body });
      return send(200, { id, object: 'customer', email: body.email });
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const body = await readBody(request);
      const id = `cs_test_${++n}`;
      state.checkoutSessions.push({ id, ...body });
      return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` });
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const body = await readBody(request);
      const id = `bps_${++n}`;
      state.portalSessions.push({ id, ...body });
      return send(200, { id, object: 'billing_portal.session', url: `https://billing.stripe.test/p/session/${id}` });
    }
    if (request.method === 'GET' && url.pathname === '/v1/subscriptions') {
      state.listCalls += 1;
      const customer = url.searchParams.get('customer');
      const data = state.subscriptions
        .filter((s) => s.customer === customer)
        .map((s) => ({
          id: s.id,
          object: 'subscription',
          customer: s.customer,
          status: s.status,
          cancel_at_period_end: Boolean(s.cancelAtPeriodEnd),
          items: {
            object: 'list',
            data: [
              {
                id: `si_${s.id}`,
                object: 'subscription_item',
                current_period_end: s.currentPeriodEnd,
                price: { id: s.priceId, object: 'price' },
              },
            ],
            has_more: false,
          },
        }));
      return send(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
    }
    const cancel = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
    if (request.method === 'DELETE' && cancel) {
      const sub = state.subscriptions.find((s) => s.id === cancel[1]);
      if (!sub) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      sub.status = 'canceled';
      return send(200, { id: sub.id, object: 'subscription', status: 'canceled' });
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method} ${url.pathname})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
