import { imageStorageBytesOf } from '@div/shared/assets';
import { planOf } from '@div/shared/plans';
import { DAILY_BUCKETS, MONTHLY_BUCKETS, USAGE_STATS_WINDOW_DAYS, type UsageResponse, WEEKLY_BUCKETS } from '@div/shared/usage';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { users } from '../../db/schema/users';
import { badRequest, notFound } from '../../lib/errors';
import { imageBytesUsed } from '../assets/service';
import { findAllowance } from '../metering/service';

/**
 * The developer API's calls that spend a message: with the app's own events (all of which are
 * generations), the messages the history charts count.
 */
const API_MESSAGE_FEATURES = ['api.generate', 'api.edit'];

/** A valid IANA time zone, or a 400. */
export function assertTimeZone(tz: string | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    throw badRequest(`Zona horaria no válida: ${tz}`);
  }
}

/**
 * Messages per bucket, zero-filled by generate_series. A message is a successful metered action of
 * the app (failed ones were given back); buckets are cut in the caller's time zone.
 */
function seriesSql(options: {
  userId: string;
  now: SQL;
  tz: string;
  unit: 'day' | 'week' | 'month';
  count: number;
  format: string;
}): SQL {
  const { userId, now, tz, unit, count, format } = options;
  const step = sql.raw(`interval '1 ${unit}'`);
  const unitText = sql.raw(`'${unit}'`);
  const local = sql`(${now} at time zone ${tz})`;
  const last = sql`date_trunc(${unitText}, ${local})`;
  const first = sql`(${last} - ${sql.raw(`interval '${count - 1} ${unit}'`)})`;
  return sql`
    select to_char(b.bucket, ${format}) as label, coalesce(e.messages, 0)::int as messages
    from generate_series(${first}, ${last}, ${step}) as b(bucket)
    left join (
      select date_trunc(${unitText}, created_at at time zone ${tz}) as bucket, count(*) as messages
      from usage_events
      where user_id = ${userId} and success and (source = 'app' or feature in ${API_MESSAGE_FEATURES})
        and created_at >= (${first} at time zone ${tz}) and created_at < ((${last} + ${step}) at time zone ${tz})
      group by 1
    ) e on e.bucket = b.bucket
    order by b.bucket`;
}

/** The usage summary and history series of GET /api/user/usage. */
export async function findUsage(options: { db: Database; userId: string; tz?: string; now?: Date }): Promise<UsageResponse> {
  const { db, userId } = options;
  const tz = assertTimeZone(options.tz);
  const nowDate = options.now ?? new Date();
  const now = sql`${nowDate.toISOString()}::timestamptz`;

  const [user] = await db
    .select({ plan: users.plan, developerPlan: users.developerPlan })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound('Usuario no encontrado');
  const allowance = await findAllowance({ db, userId, now: nowDate });

  const windowStart = sql`(${now} - ${sql.raw(`interval '${USAGE_STATS_WINDOW_DAYS} days'`)})`;
  const [stats] = await rowsOf(
    db,
    sql`select count(*) filter (where not refused)::int as total,
          count(*) filter (where refused)::int as refused,
          count(*) filter (where success)::int as succeeded,
          count(*) filter (where source = 'api' and not refused)::int as api_calls,
          coalesce(round(avg(duration_ms) filter (where not refused)), 0)::int as avg_ms
        from usage_events where user_id = ${userId} and created_at > ${windowStart} and created_at <= ${now}`,
  );
  const features = await rowsOf(
    db,
    sql`select feature, count(*)::int as usage from usage_events
        where user_id = ${userId} and not refused and created_at > ${windowStart} and created_at <= ${now}
        group by feature order by count(*) desc, feature limit 5`,
  );
  const total = Number(stats?.total ?? 0);
  const refused = Number(stats?.refused ?? 0);
  const succeeded = Number(stats?.succeeded ?? 0);
  // A refused prompt did not do what was asked: the rate is over everything asked (issue 43).
  const asked = total + refused;

  // What the person's own images take across the spaces they own (shared spaces count for their owner).
  const storedBytes = await imageBytesUsed(db, userId);

  const [daily, weekly, monthly] = await Promise.all([
    rowsOf(db, seriesSql({ userId, now, tz, unit: 'day', count: DAILY_BUCKETS, format: 'YYYY-MM-DD' })),
    rowsOf(db, seriesSql({ userId, now, tz, unit: 'week', count: WEEKLY_BUCKETS, format: 'YYYY-MM-DD' })),
    rowsOf(db, seriesSql({ userId, now, tz, unit: 'month', count: MONTHLY_BUCKETS, format: 'YYYY-MM' })),
  ]);

  return {
    currentPlan: planOf(user.plan).id,
    developerPlan: user.developerPlan,
    messagesUsed: allowance.messagesUsed,
    messagesLimit: allowance.messagesLimit,
    resetDate: (allowance.periodEndsAt ?? nowDate).toISOString(),
    successRate: asked === 0 ? 100 : Math.round((succeeded / asked) * 1000) / 10,
    actions: total,
    succeeded,
    refusals: refused,
    apiCalls: Number(stats?.api_calls ?? 0),
    averageResponseTime: Number(stats?.avg_ms ?? 0),
    topFeatures: features.map((f) => ({
      feature: String(f.feature),
      usage: Number(f.usage),
      percentage: total === 0 ? 0 : Math.round((Number(f.usage) / total) * 1000) / 10,
    })),
    dailyUsage: daily.map((r) => ({ date: String(r.label), messages: Number(r.messages) })),
    weeklyUsage: weekly.map((r) => ({ week: String(r.label), messages: Number(r.messages) })),
    monthlyUsage: monthly.map((r) => ({ month: String(r.label), messages: Number(r.messages) })),
    imageStorage: { usedBytes: storedBytes, limitBytes: imageStorageBytesOf(user.plan) },
  };
}
