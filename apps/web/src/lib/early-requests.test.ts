import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
});
