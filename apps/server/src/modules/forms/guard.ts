import { FORM_LIMITS } from '@div/shared/forms';
import { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { createRedisClient } from '../../providers/redis/client';

/**
 * Per-IP-per-site and per-site submission limits (one minute windows; an IPv6 visitor counts by its
 * /64, as sign-in's limit does, since one host holds a whole /64), counted in Redis when
 * REDIS_URL is set so every instance shares them, in process otherwise; a Redis outage falls back to
 * in-process counts (ADR 0122).
 */
export interface FormRateLimiter {
  /** True when the submission may go on; counts it. */
  allow(siteId: string, ip: string): Promise<boolean>;
  close(): void;
}

export function createFormRateLimiter(options: {
  redisUrl?: string | undefined;
  perIp: number;
  perSite: number;
  keyPrefix?: string;
  log?: { warn: (o: object, m: string) => void };
}): FormRateLimiter {
  const redis: Redis | null = options.redisUrl ? createRedisClient(options.redisUrl, { log: options.log, name: 'forms' }) : null;
  const prefix = options.keyPrefix ?? 'div:forms';
  const make = (points: number, key: string): RateLimiterAbstract => {
    const base = { points, duration: 60, keyPrefix: `${prefix}:${key}` };
    return redis
      ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: new RateLimiterMemory(base) })
      : new RateLimiterMemory(base);
  };
  const perIp = make(options.perIp, 'ip');
  const perSite = make(options.perSite, 'site');
  const take = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      await limiter.consume(key);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  };
  return {
    async allow(siteId, ip) {
      return (await take(perIp, `${siteId}:${normalizeIP(ip)}`)) && (await take(perSite, siteId));
    },
    close() {
      redis?.disconnect();
    },
  };
}

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+|\[url[=\]]|<a\s+href/gi;

/**
 * Why a submission looks like spam, or null. A filled honeypot, fields the published form does not
 * have, a submit faster than a person can type, or more links than a message needs. Speed is
 * judged on the page script's fill time and on the server's stamp of when the page was served
 * (ADR 0253), which a browser without JavaScript sends too; on a deployment whose pages carry the
 * stamp, a post with neither is spam (`no-timing`). Spam is stored apart, in a bounded folder.
 */
export function spamReasonOf(input: {
  honeypot: string;
  unknownFields: boolean;
  /** Measured by the page's script; null without JavaScript. */
  fillMs: number | null;
  /** Since the server stamped the page; null without a valid stamp. */
  servedMs?: number | null;
  /** The form's pages carry the stamp (deployed since ADR 0253). */
  stamped?: boolean;
  values: string[];
}): string | null {
  if (input.honeypot.trim() !== '') return 'honeypot';
  if (input.unknownFields) return 'unknown-fields';
  const servedMs = input.servedMs ?? null;
  if (input.fillMs !== null && input.fillMs < FORM_LIMITS.minFillMs) return 'too-fast';
  if (servedMs !== null && servedMs < FORM_LIMITS.minFillMs) return 'too-fast';
  // Older deployments have no stamp: a post without the script's time is not judged on speed there.
  if (input.stamped && input.fillMs === null && servedMs === null) return 'no-timing';
  const links = input.values.reduce((n, v) => n + (v.match(LINK)?.length ?? 0), 0);
  if (links > FORM_LIMITS.maxLinks) return 'links';
  return null;
}
