import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession, takeReturnTo } from '../lib/session';
import { guardMessageFor, RequireAuth } from './require-auth';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      ...['/spaces', '/settings', '/usage', '/space/:id'].map((p) => ({
        path: p,
        element: (
          <RequireAuth>
            <p>Protected content</p>
          </RequireAuth>
        ),
      })),
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('guard loading message per path', () => {
  it('names what is loading', () => {
    expect(guardMessageFor('/spaces')).toBe('generic');
    expect(guardMessageFor('/settings')).toBe('settings');
    expect(guardMessageFor('/usage')).toBe('usage');
    expect(guardMessageFor('/space/abc')).toBe('space');
  });
});

describe('RequireAuth', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor without a session to / and keeps the origin', async () => {
    const router = renderAt('/usage?period=weekly');
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/usage?period=weekly' });
    expect(takeReturnTo()).toBe('/usage?period=weekly');
  });

  it('shows the per-path message while it verifies, then the page, renewing the session', async () => {
    setSession({ token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: Date.now() + 60_000 });
    const renewed = new Date(Date.now() + 86_400_000).toISOString();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', (_url: string) => new Promise<Response>((resolve) => (answer = resolve)));
    renderAt('/settings');
    expect(await screen.findByText('Cargando configuración...')).toBeTruthy();
    answer(Response.json({ user: { id: 'u', name: 'Ana', email: 'a@b.c', picture: null }, expiresAt: renewed }));
    expect(await screen.findByText('Protected content')).toBeTruthy();
    expect(getSession()?.expiresAt).toBe(Date.parse(renewed));
  });

  it('clears a session the server refuses and goes to /', async () => {
    setSession({ token: 'revoked', user: { name: 'Ana', picture: null }, expiresAt: Date.now() + 60_000 });
    vi.stubGlobal('fetch', async () => Response.json({ message: 'No', code: 'UNAUTHENTICATED' }, { status: 401 }));
    renderAt('/space/abc');
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(getSession()).toBeNull();
    expect(takeReturnTo()).toBe('/space/abc');
  });
});
