import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSession, isFreshlyVerified, signInWithCode } from './auth';
import { getSession, setSession } from './session';

const DAY = 86_400_000;

describe('guard check (checkSession)', () => {
  beforeEach(() => localStorage.clear());

  it('is unauthenticated without a stored session and never calls the server', async () => {
    const verify = vi.fn();
    expect(await checkSession({ verify })).toBe('unauthenticated');
    expect(verify).not.toHaveBeenCalled();
  });

  it('is unauthenticated with an expired stored session, which is erased', async () => {
    setSession({ token: 'old', user: { name: 'Ana', picture: null }, expiresAt: Date.now() - 1 });
    const verify = vi.fn();
    expect(await checkSession({ verify })).toBe('unauthenticated');
    expect(verify).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });

  it('renews the stored session with the expiry the server answers', async () => {
    setSession({ token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: Date.now() + 1000 });
    const renewed = new Date(Date.now() + DAY).toISOString();
    const verify = vi.fn(async () => ({ expiresAt: renewed }));
    expect(await checkSession({ verify })).toBe('authenticated');
    expect(verify).toHaveBeenCalledWith('tok');
    expect(getSession()?.expiresAt).toBe(Date.parse(renewed));
    expect(isFreshlyVerified()).toBe(true);
  });

  it('clears the session when the server refuses it', async () => {
    setSession({ token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: Date.now() + DAY });
    const verify = vi.fn(async () => {
      throw new Error('401');
    });
    expect(await checkSession({ verify })).toBe('unauthenticated');
    expect(getSession()).toBeNull();
    expect(isFreshlyVerified()).toBe(false);
  });

  it('keeps the session when the check is cut because the page is going away', async () => {
    setSession({ token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: Date.now() + DAY });
    const verify = vi.fn(async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    expect(await checkSession({ verify })).toBe('unauthenticated');
    expect(getSession()?.token).toBe('tok');
  });

  it('clears the session when the answer carries no usable expiry', async () => {
    setSession({ token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: Date.now() + DAY });
    expect(await checkSession({ verify: async () => ({ expiresAt: 'nonsense' }) })).toBe('unauthenticated');
    expect(getSession()).toBeNull();
  });
});

describe('login with validate_code', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('uses the code as bearer and stores the issued session', async () => {
    const expiresAt = new Date(Date.now() + 30 * DAY).toISOString();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({
        user: { id: 'u1', name: 'Ana', email: 'ana@example.com', picture: null },
        token: 'session-token',
        expiresAt,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await signInWithCode('the-code');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer the-code');
    expect(getSession()).toEqual({
      token: 'session-token',
      user: { name: 'Ana', picture: null },
      expiresAt: Date.parse(expiresAt),
    });
  });

  it('stores nothing when the code is refused', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'no', code: 'UNAUTHENTICATED' }, { status: 401 }));
    await expect(signInWithCode('bad')).rejects.toThrow();
    expect(getSession()).toBeNull();
  });
});
