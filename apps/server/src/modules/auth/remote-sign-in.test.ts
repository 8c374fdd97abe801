import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loginCodeResponseSchema, loginUrlsResponseSchema } from '@div/shared/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema/users';
import { createTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { TestBrowser } from './test-browser';

const PUBLIC_URL = 'http://div.test';

interface Person {
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

/** People known to the local OpenID Connect server; the dev login form's "login" picks one. */
const oidcPeople: Record<string, Person> = {
  lucia: { email: 'lucia@example.test', email_verified: true, name: 'Lucía Gómez', picture: 'https://img.example/lucia.png' },
  unverified: { email: 'nov@example.test', email_verified: false, name: 'No Verificado' },
  mixed: { email: 'Mixed@Example.test', email_verified: true, name: 'Mixed Google' },
};

/** A certified OpenID Connect provider (node oidc-provider) standing in for Google. */
async function startOidcServer(): Promise<{ issuer: string; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'div-google',
        client_secret: 'div-google-secret-value',
        redirect_uris: [`${PUBLIC_URL}/auth/google`],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: async (_ctx: unknown, sub: string) => {
      const person = oidcPeople[sub];
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
  });
  server.on('request', provider.callback());
  return { issuer, server };
}

interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

/** A small GitHub stand-in: authorize (auto-approves the selected user), token with PKCE, /user, /user/emails. */
async function startGithubServer(clientSecret: string) {
  const state = { next: undefined as GithubUser | undefined };
  const codes = new Map<string, { user: GithubUser; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, GithubUser>();
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    let data = '';
    for await (const chunk of req) data += chunk;
    return new URLSearchParams(data);
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://github.local');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== 'div-github' || q.get('code_challenge_method') !== 'S256' || !state.next) {
        return json(res, 400, { error: 'bad authorize request' });
      }
      const code = randomBytes(10).toString('hex');
      codes.set(code, { user: state.next, challenge: q.get('code_challenge') ?? '', redirectUri: q.get('redirect_uri') ?? '' });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const body = await readBody(req);
      const grant = codes.get(body.get('code') ?? '');
      codes.delete(body.get('code') ?? '');
      const challenge = createHash('sha256')
        .update(body.get('code_verifier') ?? '')
        .digest('base64url');
      if (
        !grant ||
        body.get('client_id') !== 'div-github' ||
        body.get('client_secret') !== clientSecret ||
        body.get('redirect_uri') !== grant.redirectUri ||
        challenge !== grant.challenge
      ) {
        // GitHub answers errors with 200.
        return json(res, 200, { error: 'bad_verification_code' });
      }
      const token = randomBytes(10).toString('hex');
      tokens.set(token, grant.user);
      return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!user) return json(res, 401, { message: 'Bad credentials' });
    if (url.pathname === '/user')
      return json(res, 200, { id: user.id, login: user.login, name: user.name, avatar_url: user.avatar_url });
    if (url.pathname === '/user/emails') return json(res, 200, user.emails);
    return json(res, 404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, state, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('sign-in with Google (OpenID Connect) and GitHub servers', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base: string;
  let oidc: { issuer: string; server: Server };
  let github: Awaited<ReturnType<typeof startGithubServer>>;
  const newBrowser = () => new TestBrowser({ [PUBLIC_URL]: base });

  beforeAll(async () => {
    oidc = await startOidcServer();
    github = await startGithubServer('div-github-secret');
    database = await openTestDatabase();
    app = await createTestApp(database, {
      PUBLIC_URL,
      AUTH_RATE_LIMIT: '1000',
      GOOGLE_CLIENT_ID: 'div-google',
      GOOGLE_CLIENT_SECRET: 'div-google-secret-value',
      GOOGLE_ISSUER: oidc.issuer,
      GITHUB_CLIENT_ID: 'div-github',
      GITHUB_CLIENT_SECRET: 'div-github-secret',
      GITHUB_AUTHORIZE_URL: `${github.base}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${github.base}/login/oauth/access_token`,
      GITHUB_API_URL: github.base,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    oidc.server.closeAllConnections();
    github.server.closeAllConnections();
    await new Promise((resolve) => oidc.server.close(resolve));
    await new Promise((resolve) => github.server.close(resolve));
  });

  /** Clicks a button, goes through the provider's pages, and lands on the app's callback. Returns where it redirects. */
  async function signIn(button: 'google' | 'github', options: { login?: string; browser?: TestBrowser } = {}) {
    const browser = options.browser ?? newBrowser();
    const urls = loginUrlsResponseSchema.parse(await (await browser.request(`${base}/api/auth/login`)).json());
    const returnPage = await browser.navigate(button === 'google' ? urls.redirectGoogle : urls.redirectGithub, {
      fields: { login: options.login ?? '', password: 'any-password' },
      stop: (u) => u.origin === PUBLIC_URL && u.pathname === `/auth/${button}`,
    });
    const callback = new URL(`${base}/api/auth/callback`);
    callback.searchParams.set('code', returnPage.searchParams.get('code') ?? '');
    callback.searchParams.set('state', returnPage.searchParams.get('state') ?? '');
    const res = await browser.request(callback);
    expect(res.status).toBe(302);
    return { location: res.headers.get('location') ?? '', returnPage, browser };
  }

  async function redeem({ location, browser }: { location: string; browser: TestBrowser }) {
    expect(location).toMatch(/^\/login\?validate_code=/);
    const code = new URL(location, PUBLIC_URL).searchParams.get('validate_code') ?? '';
    const res = await browser.request(`${base}/api/user`, { headers: { authorization: `Bearer ${code}` } });
    expect(res.status).toBe(200);
    return loginCodeResponseSchema.parse(await res.json());
  }

  it('Google: discovery, PKCE authorization, token exchange and userinfo sign a verified person in', async () => {
    const browser = newBrowser();
    const urls = loginUrlsResponseSchema.parse(await (await browser.request(`${base}/api/auth/login`)).json());
    const authorize = new URL(urls.redirectGoogle);
    expect(authorize.origin).toBe(oidc.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');

    const login = await redeem(await signIn('google', { login: 'lucia', browser }));
    expect(login.user).toMatchObject({
      name: 'Lucía Gómez',
      email: 'lucia@example.test',
      picture: 'https://img.example/lucia.png',
    });
    const linked = await database.db
      .select({ provider: accounts.provider, subject: accounts.providerUserId })
      .from(accounts)
      .where(eq(accounts.userId, login.user.id));
    expect(linked).toEqual([{ provider: 'google', subject: 'lucia' }]);

    // Signing in again finds the same user through the linked account.
    const again = await redeem(await signIn('google', { login: 'lucia' }));
    expect(again.user.id).toBe(login.user.id);
  });

  it('Google: an unverified email is refused and creates nothing', async () => {
    const { location } = await signIn('google', { login: 'unverified' });
    expect(location).toBe('/auth/google?error=email_unverified');
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'nov@example.test'))).toHaveLength(0);
  });

  it('Google: a code replayed against the provider fails the exchange', async () => {
    const first = await signIn('google', { login: 'lucia' });
    expect(first.location).toMatch(/^\/login\?validate_code=/);
    // A new sign-in's state with the old, already redeemed code: the provider refuses the exchange.
    const browser = newBrowser();
    const urls = loginUrlsResponseSchema.parse(await (await browser.request(`${base}/api/auth/login`)).json());
    const callback = new URL(`${base}/api/auth/callback`);
    callback.searchParams.set('code', first.returnPage.searchParams.get('code') ?? '');
    callback.searchParams.set('state', new URL(urls.redirectGoogle).searchParams.get('state') ?? '');
    const res = await browser.request(callback);
    expect(res.headers.get('location')).toBe('/auth/google?error=exchange_failed');
  });

  it('GitHub: PKCE authorization, token exchange, /user and the primary verified email', async () => {
    github.state.next = {
      id: 4242,
      login: 'octo',
      name: null,
      avatar_url: 'https://avatars.example/octo.png',
      emails: [
        { email: 'octo-old@example.test', primary: false, verified: true },
        { email: 'octo@example.test', primary: true, verified: true },
      ],
    };
    const login = await redeem(await signIn('github'));
    expect(login.user).toMatchObject({ name: 'octo', email: 'octo@example.test', picture: 'https://avatars.example/octo.png' });
    const [account] = await database.db
      .select({ provider: accounts.provider, subject: accounts.providerUserId })
      .from(accounts)
      .where(eq(accounts.userId, login.user.id));
    expect(account).toEqual({ provider: 'github', subject: '4242' });
  });

  it('GitHub: without a primary verified email the sign-in is refused', async () => {
    github.state.next = {
      id: 77,
      login: 'ghost',
      name: 'Ghost',
      avatar_url: 'https://avatars.example/ghost.png',
      emails: [{ email: 'ghost@example.test', primary: true, verified: false }],
    };
    expect((await signIn('github')).location).toBe('/auth/github?error=email_unverified');
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'ghost@example.test'))).toHaveLength(0);
  });

  it('links Google and GitHub with the same verified email to one user', async () => {
    const viaGoogle = await redeem(await signIn('google', { login: 'mixed' }));
    github.state.next = {
      id: 9001,
      login: 'mixed-gh',
      name: 'Mixed GitHub',
      avatar_url: 'https://avatars.example/mixed.png',
      emails: [{ email: 'mixed@example.TEST', primary: true, verified: true }],
    };
    const viaGithub = await redeem(await signIn('github'));
    expect(viaGithub.user.id).toBe(viaGoogle.user.id);
    const linked = await database.db
      .select({ provider: accounts.provider })
      .from(accounts)
      .where(eq(accounts.userId, viaGoogle.user.id));
    expect(linked.map((a) => a.provider).sort()).toEqual(['github', 'google']);
    const sameEmail = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'Mixed@Example.test'));
    expect(sameEmail).toHaveLength(1);
    const open = await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, viaGoogle.user.id));
    expect(open).toHaveLength(2);
  });

  it('a verified identity never links to a user created through the local provider: it gets a user of its own', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Typed Locally', email: 'owner@example.test', plan: 'pro' })
      .returning({ id: users.id });
    const localId = user?.id ?? '';
    await database.db.insert(accounts).values({ userId: localId, provider: 'local', providerUserId: 'owner@example.test' });
    await database.db
      .insert(sessions)
      .values({ userId: localId, tokenHash: 'x'.repeat(64), expiresAt: new Date(Date.now() + 3_600_000) });
    github.state.next = {
      id: 5150,
      login: 'owner',
      name: 'Real Owner',
      avatar_url: 'https://avatars.example/owner.png',
      emails: [{ email: 'owner@example.test', primary: true, verified: true }],
    };
    const login = await redeem(await signIn('github'));
    expect(login.user.id).not.toBe(localId);
    expect(login.user.email).toBe('owner@example.test');
    const linked = await database.db
      .select({ provider: accounts.provider })
      .from(accounts)
      .where(eq(accounts.userId, login.user.id));
    expect(linked).toEqual([{ provider: 'github' }]);
    // The local user keeps what it had under an address of its own; nothing of it (the plan) carries over.
    const [local] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, localId));
    expect(local?.email).toBe(`local+${localId}@local.invalid`);
    const [verified] = await database.db.select({ plan: users.plan }).from(users).where(eq(users.id, login.user.id));
    expect(verified?.plan).toBe('free');
  });
});

describe('pre-hijack: GitHub real, Google served by the local identity provider', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base: string;
  let github: Awaited<ReturnType<typeof startGithubServer>>;
  const newBrowser = () => new TestBrowser({ [PUBLIC_URL]: base });

  beforeAll(async () => {
    github = await startGithubServer('div-github-secret');
    database = await openTestDatabase();
    app = await createTestApp(database, {
      PUBLIC_URL,
      AUTH_RATE_LIMIT: '1000',
      GITHUB_CLIENT_ID: 'div-github',
      GITHUB_CLIENT_SECRET: 'div-github-secret',
      GITHUB_AUTHORIZE_URL: `${github.base}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${github.base}/login/oauth/access_token`,
      GITHUB_API_URL: github.base,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    github.server.closeAllConnections();
    await new Promise((resolve) => github.server.close(resolve));
  });

  /** Signs in through a button; the local page (Google's here) is filled with `typed`. Returns the session. */
  async function session(button: 'google' | 'github', typed: Record<string, string> = {}) {
    const browser = newBrowser();
    const urls = loginUrlsResponseSchema.parse(await (await browser.request(`${base}/api/auth/login`)).json());
    const returnPage = await browser.navigate(button === 'google' ? urls.redirectGoogle : urls.redirectGithub, {
      fields: typed,
      stop: (u) => u.origin === PUBLIC_URL && u.pathname === `/auth/${button}`,
    });
    const callback = new URL(`${base}/api/auth/callback`);
    callback.searchParams.set('code', returnPage.searchParams.get('code') ?? '');
    callback.searchParams.set('state', returnPage.searchParams.get('state') ?? '');
    const location = (await browser.request(callback)).headers.get('location') ?? '';
    const code = new URL(location, PUBLIC_URL).searchParams.get('validate_code') ?? '';
    const res = await browser.request(`${base}/api/user`, { headers: { authorization: `Bearer ${code}` } });
    expect(res.status).toBe(200);
    const login = loginCodeResponseSchema.parse(await res.json());
    return { userId: login.user.id, authorization: `Bearer ${login.token}` };
  }

  const api = (authorization: string, url: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${base}${url}`, {
      method: init.method ?? 'GET',
      headers: { authorization, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });

  it('an attacker who typed the victim’s email locally and made an API key reads nothing of the victim', async () => {
    const victimEmail = 'victima@example.test';
    // The attacker, first: "Modo local" with the victim's address, then a key and a space.
    const attacker = await session('google', { name: 'Atacante', email: victimEmail });
    const key = await api(attacker.authorization, '/api/keys', { method: 'POST', body: { name: 'puerta trasera' } });
    expect(key.status).toBe(201);
    const apiKey = `Bearer ${((await key.json()) as { key: string }).key}`;
    const bait = await api(attacker.authorization, '/api/spaces', { method: 'POST', body: { name: 'Cebo' } });
    expect(bait.status).toBe(201);

    // The victim signs in with GitHub (verified address) and makes a space.
    github.state.next = {
      id: 7001,
      login: 'victima',
      name: 'Víctima',
      avatar_url: 'https://avatars.example/v.png',
      emails: [{ email: victimEmail, primary: true, verified: true }],
    };
    const victim = await session('github');
    expect(victim.userId).not.toBe(attacker.userId);
    const secret = await api(victim.authorization, '/api/spaces', { method: 'POST', body: { name: 'Secreto' } });
    expect(secret.status).toBe(201);
    const secretId = ((await secret.json()) as { space: { id: string } }).space.id;

    // The victim sees only their own things; the profile is theirs.
    const mine = (await (await api(victim.authorization, '/api/spaces')).json()) as { spaces: Array<{ name: string }> };
    expect(mine.spaces.map((x) => x.name)).toEqual(['Secreto']);
    const keys = (await (await api(victim.authorization, '/api/keys')).json()) as { apiKeys: unknown[] };
    expect(keys.apiKeys).toEqual([]);
    // The attacker's key and session reach nothing of the victim's.
    expect((await api(apiKey, `/v1/spaces/${secretId}/files`)).status).toBe(404);
    const listed = (await (await api(apiKey, '/v1/spaces')).json()) as { spaces: Array<{ id: string }> };
    expect(listed.spaces.map((x) => x.id)).not.toContain(secretId);
    expect((await api(attacker.authorization, `/api/spaces/${secretId}`)).status).toBe(404);
    // Signing in locally again with the address does not reach the victim either.
    const again = await session('google', { name: 'Atacante', email: victimEmail });
    expect(again.userId).toBe(attacker.userId);
    expect((await api(again.authorization, `/api/spaces/${secretId}`)).status).toBe(404);
  });
});
