import { describe, expect, it } from 'vitest';
import { attemptLabel, initialRuntime, LOCK_MS, type RuntimeState, runtimeReducer } from './preview-runtime';

const fail = (state: RuntimeState, now = 1000) => runtimeReducer(state, { type: 'load-failed', message: 'boom', now });

describe('preview runtime', () => {
  it('goes loading -> ready', () => {
    expect(runtimeReducer(initialRuntime, { type: 'ready' }).status).toBe('ready');
  });

  it('retries a failed load up to 3 attempts, then locks for 30 s', () => {
    let state = fail(initialRuntime);
    expect(state).toMatchObject({ status: 'error', attempt: 1, error: 'boom' });
    expect(attemptLabel(state)).toBe('(Intento 1/3)');
    state = runtimeReducer(state, { type: 'retry' });
    expect(state).toMatchObject({ status: 'loading', attempt: 2 });
    state = fail(runtimeReducer(fail(state), { type: 'retry' }), 5000);
    expect(state).toMatchObject({ status: 'locked', attempt: 3, lockedUntil: 5000 + LOCK_MS });
    expect(attemptLabel(state)).toBe('(Intento 3/3)');
  });

  it('ignores new content while locked, then resets the attempts on unlock', () => {
    let state: RuntimeState = { status: 'locked', attempt: 3, error: 'x', lockedUntil: 99 };
    expect(runtimeReducer(state, { type: 'render' })).toBe(state);
    expect(runtimeReducer(state, { type: 'retry' })).toBe(state);
    state = runtimeReducer(state, { type: 'unlock' });
    expect(state).toEqual(initialRuntime);
  });

  it('starts a fresh series of attempts when the content changes', () => {
    const state = runtimeReducer(fail(runtimeReducer(fail(initialRuntime), { type: 'retry' })), { type: 'render' });
    expect(state).toMatchObject({ status: 'loading', attempt: 1, error: null });
  });

  it('does not count a late ready or a second failure of the same attempt', () => {
    const failed = fail(initialRuntime);
    expect(runtimeReducer(failed, { type: 'ready' })).toBe(failed);
    expect(fail(failed)).toBe(failed);
    const ready = runtimeReducer(initialRuntime, { type: 'ready' });
    expect(fail(ready)).toBe(ready);
  });
});
