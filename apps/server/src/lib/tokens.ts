import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as their SHA-256; a database leak yields nothing usable. One-shot
 * `crypto.hash`: every signed-in request hashes its token, and it costs a third of a Hash object.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
