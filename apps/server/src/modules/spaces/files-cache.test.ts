import { describe, expect, it } from 'vitest';
import { FilesJsonCache, VersionedCache } from './files-cache';

describe('FilesJsonCache', () => {
  const buf = (n: number) => Buffer.alloc(n, 'a');

  it('answers only for the cached revision', () => {
    const cache = new FilesJsonCache(100);
    cache.set('s1', 3, buf(10));
    expect(cache.get('s1', 3)?.byteLength).toBe(10);
    expect(cache.get('s1', 4)).toBeUndefined();
    expect(cache.get('s2', 3)).toBeUndefined();
    cache.set('s1', 4, buf(20));
    expect(cache.get('s1', 3)).toBeUndefined();
    expect(cache.get('s1', 4)?.byteLength).toBe(20);
  });

  it('stays within its size, dropping the least recently used first', () => {
    const cache = new FilesJsonCache(100);
    cache.set('a', 1, buf(40));
    cache.set('b', 1, buf(40));
    cache.get('a', 1);
    cache.set('c', 1, buf(40));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
    cache.set('huge', 1, buf(101));
    expect(cache.get('huge', 1)).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.delete('a');
    expect(cache.size).toBe(1);
  });
});

describe('VersionedCache.getOrBuild', () => {
  it('builds once for callers that miss the same version together, again for a new version', async () => {
    const cache = new VersionedCache<number, string>(1000, (v) => v.length);
    let builds = 0;
    const build = (text: string) => async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return text;
    };
    const together = await Promise.all([1, 2, 3].map(() => cache.getOrBuild('list', 1, build('uno'))));
    expect(together).toEqual(['uno', 'uno', 'uno']);
    expect(builds).toBe(1);
    expect(await cache.getOrBuild('list', 2, build('dos'))).toBe('dos');
    expect(builds).toBe(2);
  });

  it('keeps no failed build: the next caller builds again', async () => {
    const cache = new VersionedCache<number, string>(1000, (v) => v.length);
    const failing = Promise.all([1, 2].map(() => cache.getOrBuild('k', 1, () => Promise.reject(new Error('caída')))));
    await expect(failing).rejects.toThrow('caída');
    expect(await cache.getOrBuild('k', 1, async () => 'bien')).toBe('bien');
  });
});
