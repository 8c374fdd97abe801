import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STORAGE_KEYS } from '@div/shared/constants';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, spaceBootSource } from '../../space-entry-plugin';
import { startEditorRequests } from '../features/editor/api/early-requests';
import { api } from './api';
import { startRequest, takeRequest } from './early-requests';
import { setSession } from './session';

let server: Server;
let base = '';
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    // The test page has another origin: the CORS answers of a real cross-origin API.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'authorization, content-type');
    if (request.method === 'OPTIONS') return response.end();
    seen.push(request.headers.authorization);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ n: seen.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  window.__divEarlyRequests = undefined;
  localStorage.clear();
  setSession({ token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: Date.now() + 60_000 });
});

describe('early requests', () => {
  it('are read by the first api() call of the same path instead of sending it again, once', async () => {
    startRequest(`${base}/a`, 'tok');
    expect(await api(`${base}/a`)).toEqual({ n: 1 });
    expect(await api(`${base}/a`)).toEqual({ n: 2 });
    expect(seen).toEqual(['Bearer tok', 'Bearer tok']);
  });

  it('are not used by a call with another token, a body or a method', async () => {
    startRequest(`${base}/b`, 'old');
    expect(await api(`${base}/b`)).toEqual({ n: 2 });
    startRequest(`${base}/c`, 'tok');
    await api(`${base}/c`, { method: 'POST', body: {} });
    expect(seen.length).toBe(4);
  });

  // The page on the test server's origin, so the editor's relative requests reach it.
  const openSpacePage = () =>
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${base}/space/abc`);

  it("started by space.html's boot script are adopted by the editor's entry: nothing is sent twice", async () => {
    openSpacePage();
    const verify = fetch(`${base}/api/auth/verify`, { headers: { authorization: 'Bearer tok' } });
    const space = fetch(`${base}/api/spaces/abc`, { headers: { authorization: 'Bearer tok' } });
    window.__divEarlyRequests = {
      '/api/auth/verify': { token: 'tok', response: verify },
      '/api/spaces/abc': { token: 'tok', response: space },
    };
    startEditorRequests('/space/abc');
    expect(takeRequest('/api/auth/verify', 'tok')).toBe(verify);
    expect(takeRequest('/api/spaces/abc', 'tok')).toBe(space);
    await Promise.all([verify, space]);
    expect(seen).toEqual(['Bearer tok', 'Bearer tok']);
    expect(window.__divEarlyRequests).toEqual({});
  });

  it("from the boot script are not used with another user's token: the editor sends its own", async () => {
    openSpacePage();
    const stale = fetch(`${base}/api/spaces/abc`);
    window.__divEarlyRequests = { '/api/spaces/abc': { token: 'other', response: stale } };
    startEditorRequests('/space/abc');
    const own = takeRequest('/api/spaces/abc', 'tok');
    expect(own).toBeDefined();
    expect(own).not.toBe(stale);
    await Promise.all([stale, own, takeRequest('/api/auth/verify', 'tok')]);
    expect(seen.sort()).toEqual([undefined, 'Bearer tok', 'Bearer tok'].sort());
  });
});

describe("space.html's boot script", () => {
  const run = (path: string, session: unknown) => {
    const calls: { url: string; auth: string | undefined; credentials: string | undefined }[] = [];
    window.history.replaceState(null, '', path);
    if (session === undefined) localStorage.removeItem(STORAGE_KEYS.session);
    else localStorage.setItem(STORAGE_KEYS.session, typeof session === 'string' ? session : JSON.stringify(session));
    window.__divEarlyRequests = undefined;
    const realFetch = globalThis.fetch;
    // The browser's fetch is the boundary here: record what the script asks for, answer nothing.
    globalThis.fetch = ((url: string, init: RequestInit) => {
      calls.push({ url, auth: (init.headers as Record<string, string>).authorization, credentials: init.credentials });
      return new Promise<Response>(() => {});
    }) as typeof fetch;
    try {
      new Function(spaceBootSource())();
    } finally {
      globalThis.fetch = realFetch;
    }
    return calls;
  };
  const valid = { token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: Date.now() + 60_000 };

  it('reads the session where the app keeps it', () => {
    expect(SESSION_STORAGE_KEY).toBe(STORAGE_KEYS.session);
  });

  it('starts the session check and the space of /space/{id} with the stored token', () => {
    expect(run('/space/a%20b', valid)).toEqual([
      { url: '/api/auth/verify', auth: 'Bearer tok', credentials: 'include' },
      { url: '/api/spaces/a%20b', auth: 'Bearer tok', credentials: undefined },
    ]);
    expect(Object.keys(window.__divEarlyRequests ?? {})).toEqual(['/api/auth/verify', '/api/spaces/a%20b']);
  });

  it('sends nothing without a valid session or on another page', () => {
    expect(run('/space/x', undefined)).toEqual([]);
    expect(run('/space/x', '{not json')).toEqual([]);
    expect(run('/space/x', { ...valid, expiresAt: Date.now() - 1 })).toEqual([]);
    expect(run('/spaces', valid)).toEqual([]);
    expect(run('/space/x/extra', valid)).toEqual([]);
    expect(window.__divEarlyRequests).toBeUndefined();
  });
});
