import { DAY_MS } from '@div/shared/constants';
import { type AnalyticsResponse, hasPublishingFeatures, PUBLISHING_MESSAGES } from '@div/shared/publishing';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { pageViews } from '../../db/schema/publishing';
import { AppError } from '../../lib/errors';
import { hostingOf } from '../hosting/front-door';
import { findSpace } from '../spaces/service';

/** Views per day (every day of the period, zeros included) and the most viewed pages of a space. */
export async function getAnalytics(opts: {
  ctx: AppContext;
  userId: string;
  plan: string;
  spaceId: string;
  days: number;
}): Promise<AnalyticsResponse> {
  if (!hasPublishingFeatures(opts.plan)) throw new AppError('PAYMENT_REQUIRED', PUBLISHING_MESSAGES.planRequired);
  await findSpace({ db: opts.ctx.db, userId: opts.userId, spaceId: opts.spaceId });
  // Counts still in memory on this instance are written first, so the answer includes them.
  await hostingOf(opts.ctx)?.views.flush();
  const dates: string[] = [];
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  for (let i = opts.days - 1; i >= 0; i -= 1) dates.push(new Date(today - i * DAY_MS).toISOString().slice(0, 10));
  const since = dates[0] ?? new Date().toISOString().slice(0, 10);
  const where = and(eq(pageViews.spaceId, opts.spaceId), gte(pageViews.day, since));
  const views = sql<number>`sum(${pageViews.views})::int`;
  const [perDay, top] = await Promise.all([
    opts.ctx.db.select({ day: pageViews.day, views }).from(pageViews).where(where).groupBy(pageViews.day),
    opts.ctx.db
      .select({ path: pageViews.path, views })
      .from(pageViews)
      .where(where)
      .groupBy(pageViews.path)
      .orderBy(desc(views), pageViews.path)
      .limit(10),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, r.views]));
  const series = dates.map((date) => ({ date, views: byDay.get(date) ?? 0 }));
  return { days: opts.days, total: series.reduce((n, d) => n + d.views, 0), series, topPages: top };
}
