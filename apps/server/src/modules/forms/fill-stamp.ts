import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { DAY_MS } from '@div/shared/constants';
import type { Config } from '../../config';
import { loadSecret } from '../../lib/secret';

/**
 * The server's fill stamp (issue 36 item 5, ADR 0253): every page with a DIV form gets, each time it
 * is served, the time it was served, signed, in a hidden field. A post then tells how long ago its
 * page was served even without JavaScript, so speed is judged for every browser. The key is derived
 * from the app's secret for this use alone; the sites' process holds it to stamp pages and can do
 * nothing else with it.
 */

/** The hidden field's name, and the text of its empty value in a deployed page (filled when served). */
export const STAMP_FIELD = '_div_s';
export const STAMP_SLOT = `name="${STAMP_FIELD}" value=""`;
/** A stamp older than this is no timing at all (a page kept open or cached for over a week). */
export const STAMP_MAX_AGE_MS = 7 * DAY_MS;
/** Clocks of instances may differ a little: a stamp this far in the future is still taken. */
const SKEW_MS = 60_000;

type KeyConfig = Pick<Config, 'SESSION_SECRET' | 'DATA_DIR'>;
const keys = new WeakMap<object, Buffer>();

/** The stamp key of this deployment of DIV (the same on every instance that shares SESSION_SECRET). */
export function fillStampKeyOf(config: KeyConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    const material = config.SESSION_SECRET ?? loadSecret(config.DATA_DIR, 'cookie-secret');
    key = Buffer.from(hkdfSync('sha256', material, 'div-forms-fill-stamp', 'forms-fill-stamp', 32));
    keys.set(config, key);
  }
  return key;
}

const macOf = (key: Buffer, time: string) => createHmac('sha256', key).update(`fill:${time}`).digest('base64url').slice(0, 22);

/** `{ms since epoch, base 36}.{MAC}`: safe in an attribute as it is. */
export function signFillStamp(key: Buffer, now = Date.now()): string {
  const time = now.toString(36);
  return `${time}.${macOf(key, time)}`;
}

/** How long ago the stamp's page was served, or null when it is missing, forged, or too old. */
export function fillStampAge(key: Buffer, value: string | null | undefined, now = Date.now()): number | null {
  const match = /^([0-9a-z]{1,11})\.([\w-]{22})$/.exec(value ?? '');
  if (!match) return null;
  const [, time, mac] = match as unknown as [string, string, string];
  const expected = Buffer.from(macOf(key, time));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const age = now - Number.parseInt(time, 36);
  if (age < -SKEW_MS || age > STAMP_MAX_AGE_MS) return null;
  return Math.max(0, age);
}
