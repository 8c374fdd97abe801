import { plans } from '@div/shared/plans';
import type { UsageSource } from '@div/shared/usage';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usageEvents } from '../../db/schema/metering';
import { users } from '../../db/schema/users';

/**
 * The message allowance (spec sections 6 and 9). Every metered action reserves one message before it
 * runs and gives it back if it fails or is stopped; the counter resets when the user's period ends.
 */

/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Pick<Database, 'execute' | 'insert' | 'update' | 'select'>;

/** The plan's monthly limit as SQL, from the shared catalogue (unknown plans are free). */
function limitSql(): SQL {
  const cases = Object.values(plans).map((p) => sql`when ${p.id} then ${p.messagesPerMonth}::int`);
  return sql`(case ${users.plan} ${sql.join(cases, sql` `)} else ${plans.free.messagesPerMonth}::int end)`;
}

/**
 * The end of the period that contains `at`, counted in whole months from the anchor: the Stripe
 * period end for paid plans, the sign-up date on free. Only used once the stored end has passed.
 */
function rolledPeriodEndSql(at: SQL): SQL {
  const anchor = sql`coalesce(${users.periodEndsAt}, ${users.createdAt})`;
  const months = sql`(extract(year from age(${at}, ${anchor})) * 12 + extract(month from age(${at}, ${anchor})))::int`;
  return sql`(${anchor} + make_interval(months => ${months} + 1))`;
}

function periodEndedSql(at: SQL): SQL {
  return sql`(${users.periodEndsAt} is null or ${users.periodEndsAt} <= ${at})`;
}

export type ReserveResult =
  | { ok: true; messagesUsed: number; messagesLimit: number; periodEndsAt: Date }
  | { ok: false; reason: 'over-limit'; messagesUsed: number; messagesLimit: number; periodEndsAt: Date | null };

/**
 * Reserves one message of the user's monthly allowance in one conditional UPDATE: the counter is reset
 * first when the period has ended, and incremented only while under the plan's limit (-1 unlimited).
 * Safe under any concurrency: with N messages left exactly N concurrent calls succeed.
 * Call `releaseMessage` with the returned `periodEndsAt` when the action fails or is stopped.
 */
export async function reserveMessage(options: { db: Queryable; userId: string; now?: Date }): Promise<ReserveResult> {
  const at = sql`${(options.now ?? new Date()).toISOString()}::timestamptz`;
  const limit = limitSql();
  const ended = periodEndedSql(at);
  const rows = await options.db
    .update(users)
    .set({
      messagesUsed: sql`case when ${ended} then 1 else ${users.messagesUsed} + 1 end`,
      periodEndsAt: sql`case when ${ended} then ${rolledPeriodEndSql(at)} else ${users.periodEndsAt} end`,
    })
    .where(
      sql`${users.id} = ${options.userId} and (${limit} < 0 or (case when ${ended} then 0 else ${users.messagesUsed} end) < ${limit})`,
    )
    .returning({ messagesUsed: users.messagesUsed, periodEndsAt: users.periodEndsAt, messagesLimit: limit });
  const row = rows[0];
  if (row?.periodEndsAt) {
    return { ok: true, messagesUsed: row.messagesUsed, messagesLimit: Number(row.messagesLimit), periodEndsAt: row.periodEndsAt };
  }
  const state = await findAllowance({ db: options.db, userId: options.userId, now: options.now });
  return { ok: false, reason: 'over-limit', ...state };
}

/**
 * Gives back a message reserved by `reserveMessage` (the action failed or was stopped). Pass the
 * reservation's `periodEndsAt`: a message reserved in a period that has since reset is not given back.
 */
export async function releaseMessage(options: { db: Queryable; userId: string; periodEndsAt: Date }): Promise<void> {
  await options.db
    .update(users)
    .set({ messagesUsed: sql`greatest(${users.messagesUsed} - 1, 0)` })
    .where(sql`${users.id} = ${options.userId} and ${users.periodEndsAt} = ${options.periodEndsAt.toISOString()}::timestamptz`);
}

export interface Allowance {
  messagesUsed: number;
  /** -1 means unlimited. */
  messagesLimit: number;
  /** When the counter resets next (the stored end, or the rolled one once it has passed). */
  periodEndsAt: Date | null;
}

/** The allowance as a person sees it now: a period that has ended shows 0 used and the next reset. */
export async function findAllowance(options: { db: Queryable; userId: string; now?: Date | undefined }): Promise<Allowance> {
  const at = sql`${(options.now ?? new Date()).toISOString()}::timestamptz`;
  const ended = periodEndedSql(at);
  const [row] = await options.db
    .select({
      messagesUsed: sql<number>`(case when ${ended} then 0 else ${users.messagesUsed} end)::int`,
      messagesLimit: sql<number>`${limitSql()}`,
      periodEndsAt: sql<string>`(case when ${ended} then ${rolledPeriodEndSql(at)} else ${users.periodEndsAt} end)`,
    })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  if (!row) return { messagesUsed: 0, messagesLimit: plans.free.messagesPerMonth, periodEndsAt: null };
  return {
    messagesUsed: Number(row.messagesUsed),
    messagesLimit: Number(row.messagesLimit),
    periodEndsAt: row.periodEndsAt ? new Date(row.periodEndsAt) : null,
  };
}

export interface UsageEventInput {
  /** A database or the transaction that writes the result of the action, so both commit together. */
  db: Queryable;
  userId: string;
  /** What was done, e.g. 'generate', 'edit', 'fix-error', 'api.generate'. */
  feature: string;
  model?: string | null;
  provider?: string | null;
  success: boolean;
  /** A refusal that charged nothing: counted apart from successes and failures. */
  refused?: boolean;
  durationMs: number;
  tokens?: number | null;
  source: UsageSource;
  /** When it happened; now by default (tests seed history). */
  at?: Date;
}

/** Records one metered action for the usage dashboard. */
/** Records the event; answers its id. */
export async function recordUsageEvent(input: UsageEventInput): Promise<string | undefined> {
  const [row] = await input.db
    .insert(usageEvents)
    .values({
      userId: input.userId,
      feature: input.feature,
      model: input.model ?? null,
      provider: input.provider ?? null,
      success: input.success,
      refused: input.refused ?? false,
      durationMs: Math.max(0, Math.round(input.durationMs)),
      tokens: input.tokens ?? null,
      source: input.source,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .returning({ id: usageEvents.id });
  return row?.id;
}
