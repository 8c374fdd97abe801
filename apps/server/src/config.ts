import { FORM_LIMITS } from '@div/shared/forms';
import { z } from 'zod';
import { parseProxyTrust } from './lib/client-address';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = optionalString.pipe(z.url().optional());

/**
 * Every environment variable the server reads. Parsed once at boot; a wrong value stops the process
 * with a message naming the variable. README's configuration table mirrors this schema.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The app's public origin; derived from PORT when unset. */
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the embedded database and local secrets live. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; when unset the embedded PGlite is used. */
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** Connections each instance keeps to PostgreSQL (ignored for the embedded database). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** Secret that signs cookies; generated and kept in DATA_DIR when unset. */
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Set when served behind an HTTPS proxy (secure cookies, HSTS): `true` (one proxy), a hop count, or
   * the proxies' addresses/ranges; client addresses come from `X-Forwarded-For` only through those
   * (lib/client-address.ts, ADR 0154).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, issue) => {
      const trust = parseProxyTrust(value);
      if (typeof trust !== 'string') return trust;
      issue.addIssue({ code: 'custom', message: trust });
      return z.NEVER;
    }),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** OpenID Connect issuer for Google sign-in (configurable so tests run a local OIDC server). */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_AUTHORIZE_URL: z.url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  /** When set, GET /metrics requires `Authorization: Bearer <METRICS_TOKEN>`; open otherwise (ADR 0120). */
  METRICS_TOKEN: optionalString,
  /** Folder of the built web app; served with history fallback when it exists. */
  WEB_DIST: z.string().default('apps/web/dist'),
  /** Sign-in attempts per IP per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  // AI providers (issue 5). Without AI_API_KEY only the local composer is offered.
  /** Key of the OpenAI-compatible router (OpenRouter, or any compatible server). */
  AI_API_KEY: optionalString,
  AI_BASE_URL: z.url().default('https://openrouter.ai/api/v1'),
  /** JSON array of router models replacing the default six (schema in packages/shared/src/models.ts). */
  AI_MODELS: optionalString,
  /** Silence from the router (before the first byte or between chunks) after which a stream counts as stalled. */
  AI_STALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Characters per second the local composer streams; 0 is as fast as possible. */
  COMPOSER_PACE: z.coerce.number().int().min(0).default(14000),
  /** Lease of a running generation's reserved message; a process that dies gives it back after this (ADR 0121). */
  RESERVATION_LEASE_MS: z.coerce.number().int().min(300).default(120_000),
  /** Silence on a generation stream after which the server sends a keepalive event. */
  GENERATION_KEEPALIVE_MS: z.coerce.number().int().min(10).default(10_000),
  /**
   * Custom models (Pro): whether a user's endpoint may be on a private, loopback or link-local address
   * (and plain http). Unset: allowed unless NODE_ENV=production with a public PUBLIC_URL (ADR 0085).
   */
  CUSTOM_MODELS_ALLOW_PRIVATE: z.enum(['true', 'false']).optional(),
  /** Encrypts stored secrets (custom model keys); derived from SESSION_SECRET or DATA_DIR's secret when unset. */
  SECRETS_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Publishing (issue 6).
  /** Published sites answer on `{slug}.{SITES_DOMAIN}`; default `localhost:PORT` (browsers resolve *.localhost). */
  SITES_DOMAIN: optionalString,
  /** The address custom domains point their A record at. */
  SERVER_IP: z.string().default('127.0.0.1'),
  /** DNS server used to verify custom domains, e.g. 127.0.0.1:5353; the system's resolvers when unset. */
  DNS_RESOLVER: optionalString,
  DNS_TIMEOUT_MS: z.coerce.number().int().min(50).default(5000),
  /** How often pending custom domains are looked up again (during their first 72 hours). */
  DOMAIN_RECHECK_MS: z.coerce.number().int().min(1000).default(600_000),
  /** How long a served site's live deployment is trusted before asking the database again (several instances). */
  SITE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * Published sites served by a process of their own, to which the app hands site connections
   * (ADR 0230); `off` serves them in the app's process. Only the server's entry (main.ts) starts it.
   */
  SITE_PROCESS: z.enum(['on', 'off']).default('on'),
  /** How often page-view counters are written. */
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(50).default(3000),
  /**
   * The local identity provider and local billing may serve a production deployment whose PUBLIC_URL
   * is not this machine only when this says so (ADR 0151).
   */
  ALLOW_LOCAL_PROVIDERS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Billing (issue 7). Without STRIPE_SECRET_KEY the local billing provider is used.
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe's API origin (tests point the real client at a local server), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: optionalUrl,
  STRIPE_PRICE_SMALL: z.string().default('price_small_plan'),
  STRIPE_PRICE_MEDIUM: z.string().default('price_medium_plan'),
  STRIPE_PRICE_PRO: z.string().default('price_pro_plan'),
  STRIPE_PRICE_DEV_GROWTH: z.string().default('price_dev_growth'),
  STRIPE_PRICE_DEV_SCALE: z.string().default('price_dev_scale'),
  // Mail (issue 23). Without SMTP_URL messages are kept as .eml files in DATA_DIR/mail.
  /** SMTP server for outgoing mail, e.g. smtps://user:pass@smtp.example.com:465 (nodemailer's URL form). */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must start with smtp:// or smtps:// and name a host')
      .optional(),
  ),
  /** Sender of outgoing mail, `Name <address>` or an address; `DIV <no-reply@{PUBLIC_URL's host}>` when unset. */
  MAIL_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address or Name <address>')
      .optional(),
  ),
  // Forms on published sites (issue 23, ADR 0191).
  /** Submissions one IP may send to one site per minute. */
  FORMS_RATE_PER_IP: z.coerce.number().int().min(1).default(5),
  /** Submissions one site accepts per minute from everyone. */
  FORMS_RATE_PER_SITE: z.coerce.number().int().min(1).default(120),
  /** Bytes of submissions one site keeps per UTC day outside spam (issue 36, ADR 0241). */
  FORMS_BYTES_PER_SITE_PER_DAY: z.coerce.number().int().min(1024).default(FORM_LIMITS.bytesPerSitePerDay),
  /** Bytes the spam folder of one site holds; the oldest spam makes room (issue 36, ADR 0241). */
  FORMS_SPAM_BYTES_PER_SITE: z.coerce.number().int().min(1024).default(FORM_LIMITS.spamBytesPerSite),
  /** First retry delay of a failed notice (email or webhook); each next one waits 4 times longer. */
  FORMS_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  /** How often each instance looks for notices due (they are also sent right after a submission). */
  FORMS_DELIVERY_POLL_MS: z.coerce.number().int().min(10).default(5000),
  /** Whether webhooks may call private or loopback addresses; like CUSTOM_MODELS_ALLOW_PRIVATE when unset. */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).optional(),
  /** Whether git remotes may be on loopback or private addresses (tests, self-hosted forges; issue 41). */
  GIT_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** How often each instance looks for new versions to push automatically (ADR 0278). */
  GIT_AUTO_PUSH_POLL_MS: z.coerce.number().int().min(10).default(5000),
  // Developer API (issue 8).
  /** Length of the developer plans' per-minute rate-limit window, in seconds (tests shorten it). */
  API_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
});

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  customModelsAllowPrivate: boolean;
  webhooksAllowPrivate: boolean;
  gitAllowPrivate: boolean;
};

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = result.data;
  if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_SECRET: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    );
  }
  if (Boolean(c.GITHUB_CLIENT_ID) !== Boolean(c.GITHUB_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GITHUB_CLIENT_SECRET: set both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET, or neither',
    );
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  const local = localProviders(c);
  if (c.NODE_ENV === 'production' && !isLocalOnly(publicUrl) && local.length > 0 && !c.ALLOW_LOCAL_PROVIDERS) {
    throw new ConfigError(
      `Invalid configuration:\n  ALLOW_LOCAL_PROVIDERS: ${publicUrl} is public, but these local providers would serve it: ${local.join(', ')}.\n` +
        '  Anyone could sign in as anyone through "Modo local" and get any plan free through local checkout.\n' +
        '  Configure GOOGLE_CLIENT_ID/SECRET, GITHUB_CLIENT_ID/SECRET and STRIPE_SECRET_KEY, or set ALLOW_LOCAL_PROVIDERS=true to accept it (ADR 0151).',
    );
  }
  const tossing = sitesDomainCovers(c.SITES_DOMAIN, publicUrl);
  if (tossing) {
    throw new ConfigError(
      `Invalid configuration:\n  SITES_DOMAIN: ${tossing} is the app's host (${new URL(publicUrl).hostname}) or one of its parents.\n` +
        '  A published site could then set cookies the app reads (login CSRF by cookie tossing). Serve published\n' +
        '  sites from a separate registrable domain (as GitHub Pages and Vercel do), e.g. PUBLIC_URL=https://app.example.com\n' +
        '  and SITES_DOMAIN=example-sites.com (issue 36, ADR 0235).',
    );
  }
  return {
    ...c,
    publicUrl,
    customModelsAllowPrivate: customModelsAllowPrivate(c.CUSTOM_MODELS_ALLOW_PRIVATE, c.NODE_ENV, publicUrl),
    webhooksAllowPrivate: customModelsAllowPrivate(c.WEBHOOKS_ALLOW_PRIVATE, c.NODE_ENV, publicUrl),
    gitAllowPrivate: c.GIT_ALLOW_PRIVATE === 'true',
  };
}

/**
 * The sites domain (without port or trailing dot) when it is the app's host or a parent of it, which
 * would let a published page set cookies for the app; undefined when it is apart. Local development
 * (`localhost`) is exempt: its sign-in cookie is the browser's own machine's only.
 */
function sitesDomainCovers(sitesDomain: string | undefined, publicUrl: string): string | undefined {
  if (!sitesDomain || isLocalOnly(publicUrl)) return undefined;
  const sites = sitesDomain
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\.+|\.+$/g, '');
  const app = new URL(publicUrl).hostname.toLowerCase().replace(/\.+$/, '');
  return sites === app || app.endsWith(`.${sites}`) ? sites : undefined;
}

/** Private endpoints are allowed when asked, or by default outside production or when the app is only local. */
function customModelsAllowPrivate(value: 'true' | 'false' | undefined, env: string, publicUrl: string): boolean {
  if (value !== undefined) return value === 'true';
  if (env !== 'production') return true;
  return isLocalOnly(publicUrl);
}

/** Whether the app's public origin is this machine only. */
function isLocalOnly(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

/** The local stand-ins that serve this configuration: what the start-up log names (ADR 0151). */
export function localProviders(c: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GITHUB_CLIENT_ID' | 'STRIPE_SECRET_KEY'>): string[] {
  return [
    ...(c.GOOGLE_CLIENT_ID ? [] : ['identity (Google button)']),
    ...(c.GITHUB_CLIENT_ID ? [] : ['identity (GitHub button)']),
    ...(c.STRIPE_SECRET_KEY ? [] : ['billing']),
  ];
}
