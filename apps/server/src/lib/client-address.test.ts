import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestApp } from '../test/app';
import { openTestDatabase } from '../test/db';
import { clientAddress, type ProxyTrust, parseProxyTrust } from './client-address';

const trust = (raw: string) => parseProxyTrust(raw) as ProxyTrust;

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['true', { hops: 1 }],
    ['2', { hops: 2 }],
  ])('%s parses', (raw, parsed) => {
    expect(parseProxyTrust(raw)).toEqual(parsed);
  });

  it.each(['0', '11', 'yes', '10.0.0.0/33', '10.0.0.1, nope', '::1/129'])('%s is refused with a reason', (raw) => {
    expect(typeof parseProxyTrust(raw)).toBe('string');
  });

  it('a hop count takes the address the last trusted proxy saw, never what the client wrote', () => {
    // The client wrote "1.2.3.4"; the proxy appended the address it saw.
    expect(clientAddress('127.0.0.1', '1.2.3.4, 203.0.113.7', trust('1'))).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', '1.2.3.4, 203.0.113.7, 10.0.0.2', trust('2'))).toBe('203.0.113.7');
    // Fewer entries than hops: the leftmost is all there is.
    expect(clientAddress('127.0.0.1', '203.0.113.7', trust('3'))).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', undefined, trust('1'))).toBe('127.0.0.1');
  });

  it('an address list trusts only proxies at those addresses', () => {
    const list = trust('127.0.0.1, 10.0.0.0/8, fd00::/8');
    expect(clientAddress('127.0.0.1', '1.2.3.4, 203.0.113.7', list)).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', '1.2.3.4, 203.0.113.7, 10.9.8.7', list)).toBe('203.0.113.7');
    expect(clientAddress('fd00::5', ['1.2.3.4', '2001:db8::9'], list)).toBe('2001:db8::9');
    // A request that did not come through a listed proxy names itself.
    expect(clientAddress('198.51.100.4', '1.2.3.4', list)).toBe('198.51.100.4');
  });

  it('without TRUST_PROXY the header is ignored', () => {
    expect(clientAddress('198.51.100.4', '1.2.3.4', false)).toBe('198.51.100.4');
  });
});

/** Issue 19: random leftmost X-Forwarded-For values let 40 of 40 sign-in attempts through. */
describe.each([
  ['a hop count', '1'],
  ['an address list', '127.0.0.1/32,10.0.0.0/8'],
  ['true (one hop)', 'true'],
])('the sign-in rate limit behind a proxy with %s', (_name, value) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database, { AUTH_RATE_LIMIT: '5', TRUST_PROXY: value });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const attempt = (forwardedFor: string) =>
    app.inject({ method: 'GET', url: '/api/auth/login', headers: { 'x-forwarded-for': forwardedFor } });

  it('counts the client the proxy saw, whatever the client writes in X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const forged = `${i}.${i * 7}.${i * 3}.${i + 1}`;
      statuses.push((await attempt(`${forged}, 203.0.113.7`)).statusCode);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    // Another real client still gets in.
    expect((await attempt('1.1.1.1, 198.51.100.20')).statusCode).toBe(200);
  });
});
