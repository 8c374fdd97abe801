import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is needed instead of at start: the clients of outside systems
 * that a run may never use (Redis, Stripe, an AI router, SMTP, the PDF writer) cost about a second of
 * CPU and 45 MB when the server starts (issue 26, ADR 0223). Synchronous, for constructors.
 */
export function loadOnUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}
