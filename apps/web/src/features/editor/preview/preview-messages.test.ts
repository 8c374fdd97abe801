import { describe, expect, it } from 'vitest';
import { fitScale } from './devices';
import { fromOwnFrame, parsePreviewMessage } from './preview-messages';

describe('preview messages', () => {
  it('accepts only the runtime script messages', () => {
    expect(parsePreviewMessage({ source: 'div-preview', type: 'ready' })).toEqual({ type: 'ready' });
    expect(parsePreviewMessage({ source: 'div-preview', type: 'patched' })).toEqual({ type: 'patched' });
    expect(parsePreviewMessage({ source: 'div-preview', type: 'patch-failed' })).toEqual({ type: 'patch-failed' });
    expect(parsePreviewMessage({ source: 'div-preview', type: 'error', phase: 'runtime', message: 'x' })).toEqual({
      type: 'error',
      phase: 'runtime',
      kind: 'script',
      message: 'x',
    });
    expect(
      parsePreviewMessage({ source: 'div-preview', type: 'error', phase: 'load', kind: 'resource', message: 'img' }),
    ).toEqual({
      type: 'error',
      phase: 'load',
      kind: 'resource',
      message: 'img',
    });
    expect(parsePreviewMessage({ source: 'other', type: 'ready' })).toBeNull();
    expect(parsePreviewMessage('ready')).toBeNull();
    expect(parsePreviewMessage({ source: 'div-preview', type: 'select', selector: 1 })).toBeNull();
  });

  it('trusts a message only from its own frame', () => {
    const own = {} as Window;
    const frame = { contentWindow: own } as HTMLIFrameElement;
    expect(fromOwnFrame({ source: own }, frame)).toBe(true);
    expect(fromOwnFrame({ source: {} as Window }, frame)).toBe(false);
    expect(fromOwnFrame({ source: null }, frame)).toBe(false);
    expect(fromOwnFrame({ source: null }, { contentWindow: null } as HTMLIFrameElement)).toBe(false);
    expect(fromOwnFrame({ source: own }, null)).toBe(false);
  });
});

describe('fitScale', () => {
  it('scales a device down to fit the panel and never up', () => {
    expect(fitScale({ width: 375, height: 667 }, { width: 800, height: 900 })).toBe(1);
    expect(fitScale({ width: 2560, height: 1080 }, { width: 640, height: 900 })).toBe(0.25);
    expect(fitScale({ width: 768, height: 1024 }, { width: 800, height: 512 })).toBe(0.5);
  });
});
