import { BUILD_INFO_STORAGE_KEY } from '@div/shared/legal-storage-keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadBuildInfo, storedBuildInfo } from './build-info';

const built = {
  version: '0.1.0',
  buildId: 'b-123',
  hash: 'abc',
  timestamp: '2026-01-01T00:00:00.000Z',
  environment: 'production',
  commit: null,
  branch: 'main',
};

describe('build info', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.__DIV_BUILD__ = undefined;
  });

  it('keeps the fetched file in session storage and on the debug global', async () => {
    const info = await loadBuildInfo(async () => new Response(JSON.stringify(built), { status: 200 }));
    expect(info).toEqual(built);
    expect(window.__DIV_BUILD__).toEqual(built);
    expect(JSON.parse(sessionStorage.getItem(BUILD_INFO_STORAGE_KEY) ?? 'null')).toEqual(built);
    expect(storedBuildInfo()).toEqual(built);
  });

  it('falls back to version 0.0.0 in production when the file is missing or the fetch fails', async () => {
    const missing = await loadBuildInfo(async () => new Response('<html></html>', { status: 404 }));
    expect(missing).toMatchObject({ version: '0.0.0', environment: 'production' });
    const failing = await loadBuildInfo(async () => {
      throw new TypeError('offline');
    });
    expect(failing).toMatchObject({ version: '0.0.0', environment: 'production' });
    expect(window.__DIV_BUILD__?.version).toBe('0.0.0');
  });

  it('does not take an HTML page served in place of the file as build info', async () => {
    const info = await loadBuildInfo(async () => new Response('{"hello":1}', { status: 200 }));
    expect(info.version).toBe('0.0.0');
  });
});
