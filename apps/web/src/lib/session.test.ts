import { STORAGE_KEYS } from '@div/shared/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, rememberReturnTo, renewSession, setSession, takeReturnTo } from './session';

const NOW = Date.UTC(2026, 0, 10, 12);

describe('stored session', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps a session whose expiry lies in the future, with the bare token beside it', () => {
    setSession({ token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: NOW + 1000 });
    expect(getSession(NOW)).toEqual({ token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: NOW + 1000 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });

  it('erases an expired session and treats it as absent', () => {
    setSession({ token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: NOW });
    expect(getSession(NOW)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('erases an unreadable session', () => {
    localStorage.setItem(STORAGE_KEYS.session, '{not json');
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    expect(getSession(NOW)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: 'tok', user: { name: 'Ana' } }));
    expect(getSession(NOW)).toBeNull();
  });

  it('renewal moves the expiry and keeps token and user', () => {
    const later = Date.now() + 24 * 3_600_000;
    setSession({ token: 'tok', user: { name: 'Ana', picture: 'https://x/a.png' }, expiresAt: Date.now() + 1000 });
    renewSession(later);
    expect(getSession()).toEqual({ token: 'tok', user: { name: 'Ana', picture: 'https://x/a.png' }, expiresAt: later });
  });

  it('sign-out clears both entries', () => {
    setSession({ token: 'tok', user: { name: 'Ana', picture: null }, expiresAt: Date.now() + 1000 });
    clearSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('origin location kept for the next sign-in', () => {
  beforeEach(() => sessionStorage.clear());

  it('is returned once', () => {
    rememberReturnTo('/usage?period=weekly', NOW);
    expect(takeReturnTo(NOW + 1000)).toBe('/usage?period=weekly');
    expect(takeReturnTo(NOW + 2000)).toBeNull();
  });

  it('is forgotten after 30 minutes', () => {
    rememberReturnTo('/settings', NOW);
    expect(takeReturnTo(NOW + 31 * 60_000)).toBeNull();
  });

  it('never sends the visitor to another site', () => {
    rememberReturnTo('//evil.example/x', NOW);
    expect(takeReturnTo(NOW)).toBeNull();
    rememberReturnTo('https://evil.example/x', NOW);
    expect(takeReturnTo(NOW)).toBeNull();
  });
});
