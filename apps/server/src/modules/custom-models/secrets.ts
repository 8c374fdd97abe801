import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { loadSecret } from '../../lib/secret';

/**
 * Encryption of stored secrets (custom model API keys): AES-256-GCM with a key derived (HKDF-SHA256)
 * from SECRETS_KEY, else SESSION_SECRET, else a random secret kept in DATA_DIR (like the cookie
 * secret), so local runs need no configuration. Each value is bound to its owner's id (additional
 * authenticated data): a ciphertext copied to another user's row does not decrypt.
 */

const VERSION = 'v1';
const keys = new WeakMap<object, Buffer>();

type SecretsConfig = Pick<Config, 'SECRETS_KEY' | 'SESSION_SECRET' | 'DATA_DIR'>;

function keyFor(config: SecretsConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    const material = config.SECRETS_KEY ?? config.SESSION_SECRET ?? loadSecret(config.DATA_DIR, 'secrets-key');
    key = Buffer.from(hkdfSync('sha256', material, 'div-secrets', 'custom-model-api-key', 32));
    keys.set(config, key);
  }
  return key;
}

export function encryptSecret(config: SecretsConfig, plain: string, owner: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(config), iv);
  cipher.setAAD(Buffer.from(owner));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain value, or null when it cannot be decrypted (another key, another owner, tampered). */
export function decryptSecret(config: SecretsConfig, stored: string, owner: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(config), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
