import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/db';

/**
 * Login CSRF by cookie tossing (issue 36 #4): a page on a sibling subdomain can set a cookie for the
 * parent domain, which the browser then sends to the app. Over HTTPS the sign-in nonce is a
 * `__Host-` cookie (Secure, path `/`, no Domain), which no other host can set, and the app reads no
 * other: a tossed nonce is never adopted as the browser's own.
 */
describe('the sign-in nonce cookie over HTTPS (issue 36 #4)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database, { PUBLIC_URL: 'https://app.div.example', SITES_DOMAIN: 'div-sites.example' });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const login = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/auth/login', headers: { host: 'app.div.example', ...(cookie ? { cookie } : {}) } });

  it('is set as __Host-: Secure, path /, no Domain', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    const set = res.headers['set-cookie'];
    const line = (Array.isArray(set) ? set : [set ?? '']).find((c) => c.startsWith('__Host-div_auth_nonce=')) ?? '';
    expect(line).toMatch(/; Secure/i);
    expect(line).toMatch(/; Path=\/(;|$)/i);
    expect(line).not.toMatch(/domain=/i);
  });

  it('a nonce tossed under the plain name (what a sibling subdomain can set) is not adopted', async () => {
    // The attacker's own signed nonce, from their own sign-in start.
    const theirs = await login();
    const value = /__Host-div_auth_nonce=([^;]+)/.exec(String(theirs.headers['set-cookie']))?.[1] ?? '';
    expect(value).not.toBe('');
    // The victim's browser carries it under the name a `Domain=div.example` cookie can have.
    const victim = await login(`div_auth_nonce=${value}`);
    const own = /__Host-div_auth_nonce=([^;]+)/.exec(String(victim.headers['set-cookie']))?.[1] ?? '';
    expect(own).not.toBe('');
    expect(own).not.toBe(value);
    // The genuine __Host- cookie is still the browser's own (two tabs share one nonce).
    const again = await login(`__Host-div_auth_nonce=${own}`);
    expect(/__Host-div_auth_nonce=([^;]+)/.exec(String(again.headers['set-cookie']))?.[1]).toBe(own);
  });
});
