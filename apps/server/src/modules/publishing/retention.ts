import { DAY_MS } from '@div/shared/constants';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { deployments, sites } from '../../db/schema/publishing';
import { sweepImageBytes } from '../assets/service';
import { RETENTION_INTERVAL_MS } from '../spaces/retention';

/**
 * Which deployments of a space are kept (ADR 0106): the live one always, the `newest` most recent,
 * and the ones younger than `days` up to `max` in all. Everything else goes, with its files.
 */
export interface DeploymentRetention {
  newest: number;
  days: number;
  max: number;
}

export const DEPLOYMENT_RETENTION: DeploymentRetention = { newest: 10, days: 7, max: 50 };

/** Deletes the deployments past the retention of every space; returns how many were deleted. */
export async function pruneDeployments(opts: { db: Database; now?: Date; retention?: DeploymentRetention }): Promise<number> {
  const retention = opts.retention ?? DEPLOYMENT_RETENTION;
  // Only spaces with more deployments than the newest kept can have anything to delete.
  const candidates = await opts.db
    .select({ spaceId: deployments.spaceId })
    .from(deployments)
    .groupBy(deployments.spaceId)
    .having(sql`${count()} > ${retention.newest}`);
  let deleted = 0;
  for (const { spaceId } of candidates) {
    deleted += await pruneSpace(opts.db, spaceId, opts.now ?? new Date(), retention);
  }
  return deleted;
}

/**
 * One space, in one transaction that first locks the site row: a deploy or rollback of the space
 * (which update that row) waits until the deletion is done, and the live pointer read here is the
 * current one, so the live deployment is never deleted. Two instances pruning at once take turns;
 * the second finds nothing left to delete.
 */
async function pruneSpace(db: Database, spaceId: string, now: Date, retention: DeploymentRetention): Promise<number> {
  return db.transaction(async (tx) => {
    const [site] = await tx
      .select({ liveDeploymentId: sites.liveDeploymentId })
      .from(sites)
      .where(eq(sites.spaceId, spaceId))
      .for('update');
    const live = site?.liveDeploymentId ?? null;
    const cutoff = new Date(now.getTime() - retention.days * DAY_MS).toISOString();
    const result = await tx.execute(sql`
      delete from deployments d
      using (
        select id, created_at, row_number() over (order by created_at desc, id desc) as rank
        from deployments
        where space_id = ${spaceId}
      ) ranked
      where d.id = ranked.id
        and ranked.rank > ${retention.newest}
        and (ranked.rank > ${retention.max} or ranked.created_at < ${cutoff}::timestamptz)
        and d.id is distinct from ${live}
      returning d.id`);
    const deleted = (result as unknown as { rows: unknown[] }).rows.length;
    // The image bytes only the deleted deployments named go with them (ADR 0208).
    if (deleted > 0) await sweepImageBytes(tx, spaceId, now);
    return deleted;
  });
}

/** Runs the deployment retention periodically for the app's lifetime; it never keeps the process alive. */
export function startDeploymentRetention(app: FastifyInstance, ctx: AppContext): void {
  const timer = setInterval(() => {
    pruneDeployments({ db: ctx.db })
      .then((deleted) => {
        if (deleted > 0) ctx.log.info({ deleted }, 'old deployments pruned');
      })
      .catch((err) => ctx.log.warn({ err }, 'deployment retention failed'));
  }, RETENTION_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
