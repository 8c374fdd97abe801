import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiRequestCounts } from '../../db/schema/api-keys';

/**
 * The monthly request quota of the developer plans: one row per user and calendar month (UTC),
 * incremented by one conditional upsert, so it is exact under any concurrency and on any number of
 * instances (the database is shared), and it survives restarts.
 */

/** `YYYY-MM` of a date, in UTC. */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The first instant of the next calendar month (UTC): when the monthly counter starts again. */
export function periodResetOf(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

export interface MonthDecision {
  allowed: boolean;
  /** Requests counted this month (this one included when allowed). */
  used: number;
  limit: number;
  resetAt: Date;
}

/** Counts one request while under `limit` (-1 unlimited). */
export async function consumeMonthlyRequest(opts: {
  db: Database;
  userId: string;
  limit: number;
  now?: Date;
}): Promise<MonthDecision> {
  const now = opts.now ?? new Date();
  const period = periodOf(now);
  const resetAt = periodResetOf(now);
  const unlimited = opts.limit < 0;
  const rows = await opts.db
    .insert(apiRequestCounts)
    .values({ userId: opts.userId, period, count: 1 })
    .onConflictDoUpdate({
      target: [apiRequestCounts.userId, apiRequestCounts.period],
      set: { count: sql`${apiRequestCounts.count} + 1` },
      setWhere: unlimited ? undefined : sql`${apiRequestCounts.count} < ${opts.limit}`,
    })
    .returning({ count: apiRequestCounts.count });
  const row = rows[0];
  if (row && (unlimited || row.count <= opts.limit)) return { allowed: true, used: row.count, limit: opts.limit, resetAt };
  return {
    allowed: false,
    used: await countMonthlyRequests({ db: opts.db, userId: opts.userId, now }),
    limit: opts.limit,
    resetAt,
  };
}

export async function countMonthlyRequests(opts: { db: Database; userId: string; now?: Date }): Promise<number> {
  const period = periodOf(opts.now ?? new Date());
  const rows = await opts.db
    .select({ count: apiRequestCounts.count })
    .from(apiRequestCounts)
    .where(sql`${apiRequestCounts.userId} = ${opts.userId} and ${apiRequestCounts.period} = ${period}`)
    .limit(1);
  return rows[0]?.count ?? 0;
}
