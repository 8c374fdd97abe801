import { describe, expect, it } from 'vitest';
import { decideReturn } from './auth-return-page';

describe('sign-in return page decision', () => {
  it('hands code and state to the server callback', () => {
    expect(decideReturn('?code=a%2Fb&state=s1')).toEqual({ kind: 'redirect', to: '/api/auth/callback?code=a%2Fb&state=s1' });
  });

  it('reports missing parameters', () => {
    expect(decideReturn('?code=a')).toEqual({ kind: 'error', message: 'missingParams' });
    expect(decideReturn('?state=s')).toEqual({ kind: 'error', message: 'missingParams' });
    expect(decideReturn('')).toEqual({ kind: 'error', message: 'missingParams' });
  });

  it('explains each callback error reason, and unknown ones generically', () => {
    expect(decideReturn('?error=state_expired')).toEqual({ kind: 'error', message: 'reason', reason: 'state_expired' });
    expect(decideReturn('?error=whatever&code=a&state=b')).toEqual({ kind: 'error', message: 'reason', reason: 'unknown' });
  });
});
