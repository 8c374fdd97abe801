import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STORAGE_KEYS } from '@div/shared/constants';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, spaceBootSource } from '../../space-entry-plugin';
import { api } from './api';
import { startRequest } from './early-requests';
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

  it("started by space.html's boot script are adopted: neither the entry nor the page sends them again", async () => {
    window.__divEarlyRequests = {
      [`${base}/d`]: { token: 'tok', response: fetch(`${base}/d`, { headers: { authorization: 'Bearer tok' } }) },
      [`${base}/e`]: { token: 'tok', response: fetch(`${base}/e`, { headers: { authorization: 'Bearer tok' } }) },
    };
    startRequest(`${base}/d`, 'tok');
    expect(await api(`${base}/d`)).toEqual({ n: 1 });
    // Not started again by the entry: read directly by the page's call.
    expect(await api(`${base}/e`)).toEqual({ n: 2 });
    expect(seen).toEqual(['Bearer tok', 'Bearer tok']);
    expect(await api(`${base}/e`)).toEqual({ n: 3 });
  });

  it("from the boot script are not used with another user's token", async () => {
    window.__divEarlyRequests = { [`${base}/f`]: { token: 'other', response: fetch(`${base}/f`) } };
    expect(await api(`${base}/f`)).toEqual({ n: 2 });
    expect(seen).toEqual([undefined, 'Bearer tok']);
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
