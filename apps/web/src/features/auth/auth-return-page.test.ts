import { describe, expect, it } from 'vitest';
import { decideReturn } from './auth-return-page';

describe('sign-in return page decision', () => {
  it('hands code, state and the provider to the server callback', () => {
    expect(decideReturn('?code=a%2Fb&state=s1', 'github')).toEqual({
      kind: 'redirect',
      to: '/api/auth/callback?code=a%2Fb&state=s1&provider=github',
    });
  });

  it('reports missing parameters', () => {
    expect(decideReturn('?code=a', 'google')).toEqual({ kind: 'error', message: 'missingParams' });
    expect(decideReturn('?state=s', 'google')).toEqual({ kind: 'error', message: 'missingParams' });
    expect(decideReturn('', 'google')).toEqual({ kind: 'error', message: 'missingParams' });
  });

  it('explains each callback error reason, and unknown ones generically', () => {
    expect(decideReturn('?error=state_expired', 'google')).toEqual({ kind: 'error', message: 'reason', reason: 'state_expired' });
    expect(decideReturn('?error=whatever&code=a&state=b', 'github')).toEqual({
      kind: 'error',
      message: 'reason',
      reason: 'unknown',
    });
  });
});
