import { HOUR_MS } from '@div/shared/constants';
import { planIds, plans } from '@div/shared/plans';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';

/** How often the retention job runs. */
export const RETENTION_INTERVAL_MS = HOUR_MS;

/**
 * Deletes versions older than the owner's plan keeps history (planOf: 7 days free and unknown
 * plans, 30 small, unlimited medium and pro), never the newest version of a space.
 * Returns how many were deleted.
 */
export async function pruneVersions(opts: { db: Database; now?: Date }): Promise<number> {
  const now = opts.now ?? new Date();
  const cases = planIds.filter((id) => id !== 'free').map((id) => sql`when ${id} then ${plans[id].historyDays}::int`);
  const days = sql`case u.plan ${sql.join(cases, sql` `)} else ${plans.free.historyDays}::int end`;
  const result = await opts.db.execute(sql`
    delete from space_versions v
    using spaces s, users u
    where v.space_id = s.id
      and s.owner_id = u.id
      and v.created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${days})
      and v.revision < (select max(v2.revision) from space_versions v2 where v2.space_id = v.space_id)
    returning v.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Runs the retention job periodically for the app's lifetime; it never keeps the process alive. */
export function startVersionRetention(app: FastifyInstance, ctx: AppContext): void {
  const timer = setInterval(() => {
    pruneVersions({ db: ctx.db })
      .then((deleted) => {
        if (deleted > 0) ctx.log.info({ deleted }, 'old versions pruned');
      })
      .catch((err) => ctx.log.warn({ err }, 'version retention failed'));
  }, RETENTION_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
