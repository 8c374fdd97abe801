/**
 * Coalesces lookups made in the same turn of the event loop into one call of `loadMany` (ADR 0138).
 * Requests that arrive together (every socket the poll phase found readable) each ask for one key;
 * the batch is flushed in the loop's check phase, so nobody waits for a later turn. Exact: every
 * caller gets what `loadMany` read after it asked, never an older answer. Equal keys in one batch
 * share one read. A failed `loadMany` rejects every caller of that batch with its error.
 * `oneAtATime`: a batch is sent only once the one before it has settled (what arrives meanwhile
 * makes the next batch), for writes whose concurrent batches could lock rows in opposite orders.
 */
export interface BatchLoader<K, V> {
  load(key: K): Promise<V | undefined>;
}

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

export function createBatchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  options: { maxBatch?: number; oneAtATime?: boolean } = {},
): BatchLoader<K, V> {
  const maxBatch = options.maxBatch ?? 256;
  let pending = new Map<K, Waiter<V>[]>();
  let scheduled = false;
  /** A batch is in flight and batches go one at a time. */
  let busy = false;

  /** Sends what is pending as one batch (at most maxBatch keys; the rest go next); later callers start a new one. */
  function send() {
    if (pending.size === 0 || busy) return;
    let batch = pending;
    pending = new Map();
    if (batch.size > maxBatch) {
      const entries = [...batch];
      batch = new Map(entries.slice(0, maxBatch));
      pending = new Map(entries.slice(maxBatch));
    }
    busy = options.oneAtATime === true;
    const settled = () => {
      busy = false;
      send();
    };
    loadMany([...batch.keys()]).then(
      (found) => {
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
        settled();
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        settled();
      },
    );
  }

  return {
    load(key) {
      return new Promise<V | undefined>((resolve, reject) => {
        const waiters = pending.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else pending.set(key, [{ resolve, reject }]);
        // A full batch goes at once.
        if (pending.size >= maxBatch) send();
        else if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            send();
          });
        }
      });
    },
  };
}
