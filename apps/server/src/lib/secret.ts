import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A random secret kept in DATA_DIR, made on first use, so local runs need no configuration. */
export function loadSecret(dataDir: string, name: string): string {
  const file = path.resolve(dataDir, `${name}.secret`);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
