import { customType } from 'drizzle-orm/pg-core';

/*
 * Columns that carry bytes as Buffers end to end. Both drivers send a Buffer parameter in binary
 * format (no hex or base64 text, no per-character UTF-8 length scan), which is what makes a 1 MB
 * deploy cheap on the embedded database (ADR 0109). The PGlite client is told to do the same in
 * db/client.ts.
 */

/** `bytea`, read and written as a Buffer. */
export const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** `text` holding UTF-8 that the app handles as bytes (published files): written from and read as a Buffer. */
export const utf8Text = customType<{ data: Buffer; driverData: Buffer | string }>({
  dataType: () => 'text',
  toDriver: (value) => value,
  fromDriver: (value) => (typeof value === 'string' ? Buffer.from(value, 'utf8') : value),
});
