import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CookieBanner } from './cookie-banner';

function renderBanner(onAccept = vi.fn()) {
  const router = createMemoryRouter([{ path: '/', element: <CookieBanner onAccept={onAccept} /> }]);
  render(<RouterProvider router={router} />);
  return onAccept;
}

describe('CookieBanner', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it("'Solo esenciales' stores false and closes without the accept callback", () => {
    const onAccept = renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Solo esenciales' }));
    expect(localStorage.getItem('div_cookie_consent')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onAccept).not.toHaveBeenCalled();
  });

  it("'Aceptar todo' stores true, runs the accept callback and closes", () => {
    const onAccept = renderBanner();
    expect(screen.getByRole('dialog', { name: 'Usamos cookies' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar todo' }));
    expect(localStorage.getItem('div_cookie_consent')).toBe('true');
    expect(onAccept).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays closed once a choice exists', () => {
    localStorage.setItem('div_cookie_consent', 'false');
    renderBanner();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
