import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch';

describe('createBatchLoader', () => {
  it('answers lookups made in the same turn with one load, each caller its own value', async () => {
    const calls: string[][] = [];
    const loader = createBatchLoader(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all(['a', 'b', 'a', 'missing', 'c'].map((k) => loader.load(k)));
    expect(answers).toEqual(['A', 'B', 'A', undefined, 'C']);
    expect(calls).toEqual([['a', 'b', 'missing', 'c']]);

    // A later turn reads again: nothing is remembered between batches.
    expect(await loader.load('a')).toBe('A');
    expect(calls).toHaveLength(2);
  });

  it('rejects every caller of a failed batch and recovers on the next', async () => {
    let fail = true;
    const loader = createBatchLoader(async (keys: number[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k * 2]));
    });
    const failed = await Promise.allSettled([loader.load(1), loader.load(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason.message).toBe('database down');
    fail = false;
    expect(await loader.load(3)).toBe(6);
  });

  it('sends a full batch at once and the rest in another', async () => {
    const sizes: number[] = [];
    const loader = createBatchLoader(
      async (keys: number[]) => {
        sizes.push(keys.length);
        return new Map(keys.map((k) => [k, k]));
      },
      { maxBatch: 4 },
    );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => loader.load(i)));
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('one at a time: what arrives while a batch is in flight goes as the next batch, after it', async () => {
    const log: string[] = [];
    let release: () => void = () => {};
    const loader = createBatchLoader(
      async (keys: number[]) => {
        log.push(`start ${keys.join(',')}`);
        if (keys[0] === 1) await new Promise<void>((resolve) => (release = resolve));
        log.push(`end ${keys.join(',')}`);
        return new Map(keys.map((k) => [k, k * 10]));
      },
      { oneAtATime: true },
    );
    const first = Promise.all([loader.load(1), loader.load(2)]);
    await new Promise((resolve) => setImmediate(resolve));
    const second = Promise.all([loader.load(3), loader.load(4)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The second batch waits for the first to settle.
    expect(log).toEqual(['start 1,2']);
    release();
    expect(await first).toEqual([10, 20]);
    expect(await second).toEqual([30, 40]);
    expect(log).toEqual(['start 1,2', 'end 1,2', 'start 3,4', 'end 3,4']);
  });

  it('one at a time: what piled up while a batch was in flight still goes in batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    let release: () => void = () => {};
    const loader = createBatchLoader(
      async (keys: number[]) => {
        sizes.push(keys.length);
        if (sizes.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return new Map(keys.map((k) => [k, k]));
      },
      { maxBatch: 3, oneAtATime: true },
    );
    const first = loader.load(0);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = Promise.all(Array.from({ length: 7 }, (_, i) => loader.load(i + 1)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await first).toBe(0);
    expect(await rest).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
