import { randomBytes } from 'node:crypto';
import {
  type CustomDomain,
  type DnsRecord,
  type DomainStatus,
  hasPublishingFeatures,
  normalizeHostname,
  PUBLISHING_MESSAGES,
  verifyRecordName,
} from '@div/shared/publishing';
import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/client';
import { customDomains, sites } from '../../db/schema/publishing';
import { AppError, badRequest, notFound, planRefusal } from '../../lib/errors';
import { hostingOf } from '../hosting/front-door';
import { appHostOf, sitesDomainOf } from '../hosting/hosts';
import { ensureSite } from '../publishing/sites';
import type { DnsLookup } from './dns';

/** Pending domains are looked up again for this long after they were added. */
export const RECHECK_WINDOW_MS = 72 * 3_600_000;

const columns = {
  id: customDomains.id,
  spaceId: customDomains.spaceId,
  hostname: customDomains.hostname,
  token: customDomains.token,
  status: customDomains.status,
  isDefault: customDomains.isDefault,
  lastError: customDomains.lastError,
  lastCheckedAt: customDomains.lastCheckedAt,
  createdAt: customDomains.createdAt,
  slug: sites.slug,
};
type Row = {
  id: string;
  spaceId: string;
  hostname: string;
  token: string;
  status: string;
  isDefault: boolean;
  lastError: string | null;
  lastCheckedAt: Date | null;
  createdAt: Date;
  slug: string;
};

const sitesHostname = (config: Config) => sitesDomainOf(config).replace(/:\d+$/, '');
const tokenValue = (token: string) => `div-verify=${token}`;

/** The records to create: the TXT with the token, and an A record (apex) or a CNAME (a subdomain such as www). */
export function recordsFor(config: Config, row: { hostname: string; token: string; slug: string }): DnsRecord[] {
  const records: DnsRecord[] = [{ type: 'TXT', name: verifyRecordName(row.hostname), value: tokenValue(row.token) }];
  if (row.hostname.split('.').length > 2) {
    records.push({ type: 'CNAME', name: row.hostname, value: `${row.slug}.${sitesHostname(config)}` });
  } else {
    records.push({ type: 'A', name: row.hostname, value: config.SERVER_IP });
  }
  return records;
}

function toDomain(config: Config, row: Row): CustomDomain {
  return {
    id: row.id,
    type: 'custom',
    spaceId: row.spaceId,
    domain: row.hostname,
    status: row.status as DomainStatus,
    isDefault: row.isDefault,
    records: recordsFor(config, row),
    lastError: row.lastError,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function select(ctx: AppContext) {
  return ctx.db.select(columns).from(customDomains).innerJoin(sites, eq(sites.spaceId, customDomains.spaceId));
}

async function findDomain(ctx: AppContext, userId: string, id: string): Promise<Row> {
  const [row] = await select(ctx)
    .where(and(eq(customDomains.id, id), eq(customDomains.ownerId, userId)))
    .limit(1);
  if (!row) throw notFound(PUBLISHING_MESSAGES.domainNotFound);
  return row;
}

export async function listDomains(opts: { ctx: AppContext; userId: string }): Promise<CustomDomain[]> {
  const rows = await select(opts.ctx)
    .where(eq(customDomains.ownerId, opts.userId))
    .orderBy(desc(customDomains.createdAt), desc(customDomains.id));
  return rows.map((r) => toDomain(opts.ctx.config, r));
}

/**
 * Adds a custom domain to a space (medium and pro): pending until its TXT record is found. Any number
 * of accounts may add the same hostname (only a verified one is unique), so the answer never tells
 * whether another account registered or holds it; only the account's own duplicate is a 409.
 */
export async function addDomain(opts: {
  ctx: AppContext;
  userId: string;
  plan: string;
  spaceId: string;
  domain: string;
}): Promise<CustomDomain> {
  const { ctx } = opts;
  if (!hasPublishingFeatures(opts.plan))
    throw planRefusal('PAYMENT_REQUIRED', PUBLISHING_MESSAGES.planRequired, 'domain', opts.plan);
  if (!opts.domain.trim()) throw badRequest(PUBLISHING_MESSAGES.domainRequired);
  const hostname = normalizeHostname(opts.domain.replace(/^https?:\/\//i, '').replace(/\/.*$/, ''));
  if (!hostname) throw badRequest(PUBLISHING_MESSAGES.domainInvalid);
  const own = sitesHostname(ctx.config);
  const appHost = appHostOf(ctx.config).replace(/:\d+$/, '');
  if (hostname === own || hostname.endsWith(`.${own}`) || hostname === appHost) {
    throw badRequest(PUBLISHING_MESSAGES.domainOwnSites);
  }
  await ensureSite({ db: ctx.db, userId: opts.userId, spaceId: opts.spaceId });
  let id: string;
  try {
    const [row] = await ctx.db
      .insert(customDomains)
      .values({ ownerId: opts.userId, spaceId: opts.spaceId, hostname, token: randomBytes(16).toString('hex') })
      .returning({ id: customDomains.id });
    if (!row) throw new Error('domain not created');
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', PUBLISHING_MESSAGES.domainTaken);
    throw error;
  }
  await hostingOf(ctx)?.domainsChanged(opts.spaceId);
  return toDomain(ctx.config, await findDomain(ctx, opts.userId, id));
}

export interface CheckResult {
  ok: boolean;
  /** What was found, in words for people (null when verified). */
  message: string | null;
  /** The DNS server did not answer: worth trying again later. */
  transient: boolean;
}

const quote = (values: string[]) => values.map((v) => `"${v}"`).join(', ');

/** Looks the records up: the TXT must carry the token; the host must have the A record or the CNAME. */
export async function checkRecords(config: Config, dns: DnsLookup, row: Row): Promise<CheckResult> {
  const timeout: CheckResult = {
    ok: false,
    message: 'El servidor DNS no respondió a tiempo. Inténtalo de nuevo más tarde.',
    transient: true,
  };
  const [txtRecord, target] = recordsFor(config, row);
  if (!txtRecord || !target) throw new Error('records missing');
  const txt = await dns.txt(txtRecord.name);
  if (!txt.ok) {
    if (txt.reason === 'timeout') return timeout;
    return { ok: false, message: `No se encontró el registro TXT ${txtRecord.name}.`, transient: false };
  }
  if (!txt.values.includes(txtRecord.value)) {
    return {
      ok: false,
      message: `El registro TXT ${txtRecord.name} contiene ${quote(txt.values)}; debe contener "${txtRecord.value}".`,
      transient: false,
    };
  }
  const [a, cname] = await Promise.all([dns.a(row.hostname), dns.cname(row.hostname)]);
  const suffix = sitesHostname(config);
  if (cname.ok && cname.values.some((v) => v.toLowerCase().replace(/\.$/, '').endsWith(suffix))) {
    return { ok: true, message: null, transient: false };
  }
  if (a.ok && a.values.includes(config.SERVER_IP)) return { ok: true, message: null, transient: false };
  if ((!a.ok && a.reason === 'timeout') || (!cname.ok && cname.reason === 'timeout')) return timeout;
  const found = [a.ok ? `A ${a.values.join(', ')}` : '', cname.ok ? `CNAME ${cname.values.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  return {
    ok: false,
    message: found
      ? `${row.hostname} apunta a ${found}; debe tener el registro ${target.type} ${target.value}.`
      : `No se encontró el registro ${target.type} de ${row.hostname} (debe ser ${target.value}).`,
    transient: false,
  };
}

/** 'Verificar': looks the records up now; active when they are right, else error with what was found. */
export async function verifyDomain(opts: { ctx: AppContext; dns: DnsLookup; userId: string; id: string }): Promise<CustomDomain> {
  const row = await findDomain(opts.ctx, opts.userId, opts.id);
  await applyCheck(opts.ctx, row, await checkRecords(opts.ctx.config, opts.dns, row), 'manual');
  return toDomain(opts.ctx.config, await findDomain(opts.ctx, opts.userId, opts.id));
}

/**
 * Stores what a check found. A hostname is active for one registration only: the partial unique index
 * refuses a second one (also when two verify at once), and the loser is told so in words that say
 * nothing about who holds it (ADR 0156).
 */
async function applyCheck(ctx: AppContext, row: Row, found: CheckResult, mode: 'manual' | 'periodic') {
  const now = new Date();
  const write = async (result: CheckResult) => {
    const status: DomainStatus = result.ok ? 'active' : mode === 'periodic' ? 'pending' : 'error';
    await ctx.db
      .update(customDomains)
      .set({ status, lastError: result.message, lastCheckedAt: now, ...(result.ok ? { verifiedAt: now } : {}) })
      .where(eq(customDomains.id, row.id));
    return status;
  };
  let status: DomainStatus;
  try {
    status = await write(found);
  } catch (error) {
    if (!found.ok || !isUniqueViolation(error)) throw error;
    status = await write({ ok: false, message: PUBLISHING_MESSAGES.domainUnavailable, transient: false });
  }
  if (status !== row.status) await hostingOf(ctx)?.invalidate(row.spaceId);
}

/**
 * The periodic job: domains added in the last 72 hours and not yet active are looked up again;
 * those older than that which never verified end in error.
 */
export async function recheckPendingDomains(opts: { ctx: AppContext; dns: DnsLookup; now?: Date }): Promise<number> {
  const { ctx } = opts;
  const now = opts.now ?? new Date();
  const windowStart = new Date(now.getTime() - RECHECK_WINDOW_MS);
  await ctx.db
    .update(customDomains)
    .set({ status: 'error', lastError: 'No se encontraron los registros DNS en 72 horas. Revísalos y pulsa Verificar.' })
    .where(and(eq(customDomains.status, 'pending'), lte(customDomains.createdAt, windowStart)));
  const rows = await select(ctx).where(
    and(inArray(customDomains.status, ['pending', 'error']), gt(customDomains.createdAt, windowStart)),
  );
  for (const row of rows) {
    await applyCheck(ctx, row, await checkRecords(ctx.config, opts.dns, row), 'periodic');
  }
  return rows.length;
}

/** Makes a domain the space's default address (one default per space). */
export async function setDefaultDomain(opts: { ctx: AppContext; userId: string; id: string }): Promise<CustomDomain> {
  const row = await findDomain(opts.ctx, opts.userId, opts.id);
  await opts.ctx.db.transaction(async (tx) => {
    await tx
      .update(customDomains)
      .set({ isDefault: false })
      .where(and(eq(customDomains.spaceId, row.spaceId), eq(customDomains.ownerId, opts.userId)));
    await tx.update(customDomains).set({ isDefault: true }).where(eq(customDomains.id, row.id));
  });
  return toDomain(opts.ctx.config, await findDomain(opts.ctx, opts.userId, opts.id));
}

export async function removeDomain(opts: { ctx: AppContext; userId: string; id: string }): Promise<void> {
  const row = await findDomain(opts.ctx, opts.userId, opts.id);
  await opts.ctx.db.delete(customDomains).where(and(eq(customDomains.id, row.id), eq(customDomains.ownerId, opts.userId)));
  await hostingOf(opts.ctx)?.domainsChanged(row.spaceId);
}
