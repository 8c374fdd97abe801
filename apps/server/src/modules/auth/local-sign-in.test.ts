import type { AddressInfo } from 'node:net';
import { loginCodeResponseSchema, loginUrlsResponseSchema, userProfileSchema, verifyResponseSchema } from '@div/shared/auth';
import { DAY_MS, HOUR_MS } from '@div/shared/constants';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { authStates, loginCodes } from '../../db/schema/auth';
import { accounts, sessions, users } from '../../db/schema/users';
import { hashToken } from '../../lib/tokens';
import { createTestApp } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { TestBrowser } from './test-browser';

const PUBLIC_URL = 'http://div.test';

describe.each(testDrivers)('sign-in through the local identity provider on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base: string;
  const newBrowser = () => new TestBrowser({ [PUBLIC_URL]: base });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { PUBLIC_URL, AUTH_RATE_LIMIT: '1000' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function startLogin(browser: TestBrowser) {
    const res = await browser.request(`${base}/api/auth/login`);
    expect(res.status).toBe(200);
    return loginUrlsResponseSchema.parse(await res.json());
  }

  /** Clicks a button, fills the local page, and returns the return page's URL (code + state). */
  async function authorize(browser: TestBrowser, button: 'google' | 'github', person: { name: string; email: string }) {
    const urls = await startLogin(browser);
    const start = button === 'google' ? urls.redirectGoogle : urls.redirectGithub;
    return browser.navigate(start, {
      fields: person,
      stop: (u) => u.origin === PUBLIC_URL && u.pathname.startsWith('/auth/'),
    });
  }

  /** What the SPA return page does: send the browser on to the callback with code and state. */
  async function callback(browser: TestBrowser, returnPage: URL) {
    const target = new URL(`${base}/api/auth/callback`);
    target.searchParams.set('code', returnPage.searchParams.get('code') ?? '');
    target.searchParams.set('state', returnPage.searchParams.get('state') ?? '');
    target.searchParams.set('provider', returnPage.pathname.split('/').pop() ?? '');
    const res = await browser.request(target);
    expect(res.status).toBe(302);
    return res.headers.get('location') ?? '';
  }

  async function signIn(button: 'google' | 'github', person: { name: string; email: string }, browser = newBrowser()) {
    const returnPage = await authorize(browser, button, person);
    const location = await callback(browser, returnPage);
    expect(location).toMatch(/^\/login\?validate_code=/);
    const validateCode = new URL(location, PUBLIC_URL).searchParams.get('validate_code') ?? '';
    return { browser, validateCode };
  }

  /** What the login page does with the code: GET /api/user from the browser that signed in. */
  async function redeem(browser: TestBrowser, validateCode: string) {
    return browser.request(`${base}/api/user`, { headers: { authorization: `Bearer ${validateCode}` } });
  }

  async function signedIn(button: 'google' | 'github', person: { name: string; email: string }) {
    const { browser, validateCode } = await signIn(button, person);
    const res = await redeem(browser, validateCode);
    expect(res.status).toBe(200);
    return loginCodeResponseSchema.parse(await res.json());
  }

  it('login answers both authorization URLs with state and an S256 challenge, and binds them with a signed HttpOnly cookie', async () => {
    const browser = newBrowser();
    const res = await browser.request(`${base}/api/auth/login`);
    const cookie = res.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/div_auth_nonce=[^;]+\.[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const urls = loginUrlsResponseSchema.parse(await res.json());
    for (const [button, raw] of [
      ['google', urls.redirectGoogle],
      ['github', urls.redirectGithub],
    ] as const) {
      const url = new URL(raw);
      expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/local/idp/authorize`);
      expect(url.searchParams.get('client_id')).toBe(button);
      expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/${button}`);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    }
    // Only the hash of the state is stored.
    const state = new URL(urls.redirectGoogle).searchParams.get('state') ?? '';
    const rows = await database.db.select({ stateHash: authStates.stateHash }).from(authStates);
    expect(rows.map((r) => r.stateHash)).toContain(hashToken(state));
    expect(rows.map((r) => r.stateHash)).not.toContain(state);
  });

  it('shows a page labelled "Modo local" and refuses a foreign redirect URI', async () => {
    const browser = newBrowser();
    const urls = await startLogin(browser);
    const page = await browser.request(urls.redirectGithub);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Modo local');
    expect(html).toContain('Iniciar sesión con GitHub');
    expect(html).toMatch(/<label for="email">/);

    const evil = new URL(urls.redirectGithub);
    evil.searchParams.set('redirect_uri', 'https://evil.example/auth/github');
    const refused = await browser.request(evil);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
  });

  it('re-renders the local page with a message for an invalid email', async () => {
    const browser = newBrowser();
    const urls = await startLogin(browser);
    const params = new URL(urls.redirectGoogle).searchParams;
    params.set('name', 'Ana');
    params.set('email', 'not-an-email');
    const res = await browser.request(`${base}/local/idp/authorize`, {
      method: 'POST',
      body: params,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Escribe un correo electrónico válido.');
  });

  it.each(['google', 'github'] as const)('signs in end to end with the %s button', async (button) => {
    const email = `ana-${button}@example.test`;
    const browser = newBrowser();
    const returnPage = await authorize(browser, button, { name: 'Ana Pérez', email });
    expect(returnPage.pathname).toBe(`/auth/${button}`);
    expect(returnPage.searchParams.get('code')).toBeTruthy();
    const location = await callback(browser, returnPage);
    const validateCode = new URL(location, PUBLIC_URL).searchParams.get('validate_code') ?? '';
    expect(validateCode).toMatch(/^[\w-]{43}$/);

    const res = await redeem(browser, validateCode);
    expect(res.status).toBe(200);
    const body = loginCodeResponseSchema.parse(await res.json());
    expect(body.user).toMatchObject({ name: 'Ana Pérez', email, picture: null });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    const lifetime = new Date(body.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * DAY_MS);
    // The session token is stored only hashed.
    const [row] = await database.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(row?.userId).toBe(body.user.id);
  });

  it('both local buttons with the same email reach the same user', async () => {
    const a = await signedIn('google', { name: 'Bea', email: 'bea@example.test' });
    const b = await signedIn('github', { name: 'Bea', email: 'BEA@example.test' });
    expect(b.user.id).toBe(a.user.id);
  });

  it('refuses a forged state without creating anything', async () => {
    const browser = newBrowser();
    const returnPage = await authorize(browser, 'google', { name: 'Forge', email: 'forge@example.test' });
    returnPage.searchParams.set('state', 'forged-state-value');
    expect(await callback(browser, returnPage)).toBe('/auth/google?error=state_invalid');
    const found = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'forge@example.test'));
    expect(found).toHaveLength(0);
  });

  it('refuses a replayed state', async () => {
    const browser = newBrowser();
    const returnPage = await authorize(browser, 'github', { name: 'Replay', email: 'replay@example.test' });
    expect(await callback(browser, returnPage)).toMatch(/^\/login\?validate_code=/);
    // The spent state names no provider: the failure lands on the return page it came from (issue 22).
    expect(await callback(browser, returnPage)).toBe('/auth/github?error=state_invalid');
  });

  it('lands a forged state on the return page of the provider used', async () => {
    const browser = newBrowser();
    const returnPage = await authorize(browser, 'github', { name: 'Forja', email: 'forja@example.test' });
    returnPage.searchParams.set('state', 'forged-state-value');
    expect(await callback(browser, returnPage)).toBe('/auth/github?error=state_invalid');
    // The return page's word counts only when the state is unknown: a real state's own provider wins.
    const other = await authorize(newBrowser(), 'google', { name: 'Otra', email: 'otra@example.test' });
    const claimed = new URL(other);
    claimed.pathname = '/auth/github';
    expect(await callback(newBrowser(), claimed)).toBe('/auth/google?error=state_invalid');
    // Anything else than a known provider is not echoed into the address.
    const odd = new URL(returnPage);
    odd.pathname = '/auth/evil.example';
    expect(await callback(browser, odd)).toBe('/auth/google?error=state_invalid');
  });

  it('refuses an expired state', async () => {
    const browser = newBrowser();
    const returnPage = await authorize(browser, 'github', { name: 'Late', email: 'late@example.test' });
    const state = returnPage.searchParams.get('state') ?? '';
    await database.db
      .update(authStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authStates.stateHash, hashToken(state)));
    expect(await callback(browser, returnPage)).toBe('/auth/github?error=state_expired');
    const found = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'late@example.test'));
    expect(found).toHaveLength(0);
  });

  it('refuses a state started in another browser, and leaves it usable by its own browser', async () => {
    const victim = newBrowser();
    const returnPage = await authorize(victim, 'google', { name: 'Victim', email: 'victim@example.test' });
    const attacker = newBrowser();
    await startLogin(attacker); // the attacker has a cookie of their own
    expect(await callback(attacker, returnPage)).toBe('/auth/google?error=state_invalid');
    const noCookie = newBrowser();
    expect(await callback(noCookie, returnPage)).toBe('/auth/google?error=state_invalid');
    // A tampered signature is not accepted either.
    const tampered = newBrowser();
    const value = victim.cookies(base).get('div_auth_nonce') ?? '';
    tampered.setCookie(base, 'div_auth_nonce', value.replace(/\.[^.]+$/, '.AAAA'));
    expect(await callback(tampered, returnPage)).toBe('/auth/google?error=state_invalid');
    expect(await callback(victim, returnPage)).toMatch(/^\/login\?validate_code=/);
  });

  it('reports a failed code exchange', async () => {
    const browser = newBrowser();
    const returnPage = await authorize(browser, 'github', { name: 'Bad', email: 'bad-code@example.test' });
    returnPage.searchParams.set('code', `x${returnPage.searchParams.get('code')}`);
    expect(await callback(browser, returnPage)).toBe('/auth/github?error=exchange_failed');
  });

  it('answers 400 with the spec message when code or state is missing', async () => {
    for (const query of ['', '?code=abc', '?state=abc', '?code=&state=x']) {
      const res = await fetch(`${base}/api/auth/callback${query}`, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Parámetros de autenticación faltantes' });
    }
  });

  it('spends a validate_code once', async () => {
    const { browser, validateCode } = await signIn('google', { name: 'Once', email: 'once@example.test' });
    const [first, second] = await Promise.all([redeem(browser, validateCode), redeem(browser, validateCode)]);
    expect([first.status, second.status].sort()).toEqual([200, 401]);
    const again = await redeem(browser, validateCode);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ message: expect.any(String) });
  });

  it('login CSRF: a validate_code sent to another browser signs no one in, and stays usable by its own browser', async () => {
    // The attacker stops their own sign-in at the callback and sends the code to a signed-in victim.
    const attack = await signIn('github', { name: 'Mallory', email: 'mallory@example.test' });
    const victim = newBrowser();
    await startLogin(victim); // the victim has a sign-in cookie of their own
    for (const browser of [victim, newBrowser()]) {
      const res = await redeem(browser, attack.validateCode);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: expect.stringContaining('otro navegador') });
    }
    // A plain request with the code and no cookie (an API client) is refused too.
    const bare = await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${attack.validateCode}` } });
    expect(bare.status).toBe(401);
    const own = await redeem(attack.browser, attack.validateCode);
    expect(own.status).toBe(200);
    expect(loginCodeResponseSchema.parse(await own.json()).user.email).toBe('mallory@example.test');
  });

  it('the sign-in cookie reaches the code redemption: its path covers /api', async () => {
    const res = await newBrowser().request(`${base}/api/auth/login`);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/div_auth_nonce=[^;]+;.*Path=\/api(;|$)/i);
  });

  it('refuses an expired or unknown validate_code', async () => {
    const { browser, validateCode } = await signIn('google', { name: 'Slow', email: 'slow@example.test' });
    await database.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(loginCodes.codeHash, hashToken(validateCode)));
    const res = await redeem(browser, validateCode);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.any(String) });
    expect((await redeem(browser, 'unknown-code')).status).toBe(401);
    expect((await fetch(`${base}/api/user`)).status).toBe(401);
  });

  it('verify renews a session to 24 hours and refuses an expired one', async () => {
    const login = await signedIn('github', { name: 'Carla', email: 'carla@example.test' });
    const auth = { authorization: `Bearer ${login.token}` };
    // A 30-day session is not shortened by verify.
    const first = verifyResponseSchema.parse(await (await fetch(`${base}/api/auth/verify`, { headers: auth })).json());
    expect(new Date(first.expiresAt).getTime()).toBe(new Date(login.expiresAt).getTime());
    expect(first.user).toEqual(login.user);

    const tokenHash = hashToken(login.token);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.tokenHash, tokenHash));
    const res = await fetch(`${base}/api/auth/verify`, { headers: auth });
    expect(res.status).toBe(200);
    const renewed = verifyResponseSchema.parse(await res.json());
    const lifetime = new Date(renewed.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(24 * HOUR_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(24 * HOUR_MS);
    const [row] = await database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash));
    expect(row?.expiresAt.toISOString()).toBe(renewed.expiresAt);

    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await fetch(`${base}/api/auth/verify`, { headers: auth })).status).toBe(401);
    expect((await fetch(`${base}/api/auth/verify`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await fetch(`${base}/api/auth/verify`)).status).toBe(401);
  });

  it('logout revokes that session only; logout-all revokes every session of the user', async () => {
    const a = await signedIn('google', { name: 'Dani', email: 'dani@example.test' });
    const b = await signedIn('google', { name: 'Dani', email: 'dani@example.test' });
    const c = await signedIn('github', { name: 'Dani', email: 'dani@example.test' });
    const verify = (token: string) => fetch(`${base}/api/auth/verify`, { headers: { authorization: `Bearer ${token}` } });
    const out = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${a.token}` } });
    expect(out.status).toBe(204);
    expect((await verify(a.token)).status).toBe(401);
    expect((await verify(b.token)).status).toBe(200);
    const all = await fetch(`${base}/api/auth/logout-all`, { method: 'POST', headers: { authorization: `Bearer ${b.token}` } });
    expect(all.status).toBe(204);
    expect((await verify(b.token)).status).toBe(401);
    expect((await verify(c.token)).status).toBe(401);
    expect(
      (await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${a.token}` } })).status,
    ).toBe(401);
  });

  it('answers the profile of a new user: free plan, 100 messages', async () => {
    const login = await signedIn('github', { name: 'Eva', email: 'eva@example.test' });
    const res = await fetch(`${base}/api/user/profile`, { headers: { authorization: `Bearer ${login.token}` } });
    expect(res.status).toBe(200);
    const profile = userProfileSchema.parse(await res.json());
    expect(profile).toEqual({
      id: login.user.id,
      name: 'Eva',
      email: 'eva@example.test',
      picture: null,
      plan: 'free',
      messagesUsed: 0,
      messagesLimit: 100,
      developerPlan: 'starter',
    });
    await database.db.update(users).set({ plan: 'medium', messagesUsed: 7 }).where(eq(users.id, login.user.id));
    const after = userProfileSchema.parse(
      await (await fetch(`${base}/api/user/profile`, { headers: { authorization: `Bearer ${login.token}` } })).json(),
    );
    expect(after).toMatchObject({ plan: 'medium', messagesUsed: 7, messagesLimit: 1000 });
    expect((await fetch(`${base}/api/user/profile`)).status).toBe(401);
  });

  it('the local token endpoint checks the PKCE verifier over HTTP and userinfo needs its token', async () => {
    const browser = newBrowser();
    const returnPage = await authorize(browser, 'google', { name: 'Pk', email: 'pkce@example.test' });
    const code = returnPage.searchParams.get('code') ?? '';
    const token = (verifier: string) =>
      fetch(`${base}/local/idp/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: `${PUBLIC_URL}/auth/google`,
          client_id: 'google',
          code_verifier: verifier,
        }),
      });
    const wrong = await token('w'.repeat(43));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    // The code was spent by the failed attempt: the real verifier cannot use it afterwards either.
    const [state] = await database.db
      .select({ verifier: authStates.codeVerifier })
      .from(authStates)
      .where(eq(authStates.stateHash, hashToken(returnPage.searchParams.get('state') ?? '')));
    expect((await token(state?.verifier ?? '')).status).toBe(400);

    // A fresh code with the right verifier works, and its access token reads userinfo.
    const browser2 = newBrowser();
    const page2 = await authorize(browser2, 'google', { name: 'Pk', email: 'pkce@example.test' });
    const [state2] = await database.db
      .select({ verifier: authStates.codeVerifier })
      .from(authStates)
      .where(eq(authStates.stateHash, hashToken(page2.searchParams.get('state') ?? '')));
    const ok = await fetch(`${base}/local/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: page2.searchParams.get('code') ?? '',
        redirect_uri: `${PUBLIC_URL}/auth/google`,
        client_id: 'google',
        code_verifier: state2?.verifier ?? '',
      }),
    });
    expect(ok.status).toBe(200);
    const { access_token } = (await ok.json()) as { access_token: string };
    const info = await fetch(`${base}/local/idp/userinfo`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(await info.json()).toMatchObject({ sub: 'pkce@example.test', email: 'pkce@example.test', email_verified: true });
    expect((await fetch(`${base}/local/idp/userinfo`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('a local identity cannot take over a user who signed in with a real provider', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Real', email: 'real@example.test' })
      .returning({ id: users.id });
    await database.db
      .insert(accounts)
      .values({ userId: user?.id ?? '', provider: 'google', providerUserId: '1234', email: 'real@example.test' });
    const browser = newBrowser();
    const returnPage = await authorize(browser, 'github', { name: 'Impostor', email: 'real@example.test' });
    expect(await callback(browser, returnPage)).toBe('/auth/github?error=email_unverified');
    const linked = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ''));
    expect(linked[0]?.n).toBe(1);
  });
});

describe('sign-in rate limit', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database, { AUTH_RATE_LIMIT: '3' });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 429 with a message and RATE_LIMITED past AUTH_RATE_LIMIT per minute', async () => {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    for (const path of ['/api/auth/login', '/api/user', '/api/auth/callback?code=a&state=b']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await fetch(`${base}${path}`, { redirect: 'manual' })).status);
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
      const res = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ message: expect.stringContaining('Demasiados intentos'), code: 'RATE_LIMITED' });
    }
    // Session checks are not sign-in attempts and are not limited by it.
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${base}/api/auth/verify`)).status).toBe(401);
  });
});

describe('sign-in when Google is configured but unreachable', () => {
  it('login answers 502 with a message instead of half the URLs', async () => {
    const database = await openTestDatabase();
    const app = await createTestApp(database, {
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/auth/login' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'UPSTREAM', message: expect.stringContaining('proveedor') });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
