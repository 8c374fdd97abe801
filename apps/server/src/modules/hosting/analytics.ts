import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { pageViews } from '../../db/schema/publishing';

/**
 * Page views counted in memory and written in batches: the serving path only increments a number.
 * Nothing about the visitor is kept (no cookies, no addresses), only site, page and UTC day.
 */
export class PageViewCounter {
  private counts = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    flushMs: number,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  count(spaceId: string, path: string): void {
    const key = `${spaceId}\n${new Date().toISOString().slice(0, 10)}\n${path}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Writes the pending counts (one statement); concurrent callers wait for the same write. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.counts.size === 0) return;
    const batch = this.counts;
    this.counts = new Map();
    const rows = [...batch].map(([key, views]) => {
      const [spaceId = '', day = '', path = ''] = key.split('\n');
      return { spaceId, day, path, views };
    });
    try {
      await this.upsert(rows);
    } catch (error) {
      // One row may belong to a space deleted meanwhile: write the others one by one, drop the rest.
      let dropped = 0;
      for (const row of rows) {
        try {
          await this.upsert([row]);
        } catch {
          dropped += row.views;
        }
      }
      if (dropped > 0) this.log.warn({ err: error, dropped }, 'page views dropped');
    }
  }

  private upsert(rows: { spaceId: string; day: string; path: string; views: number }[]) {
    return this.db
      .insert(pageViews)
      .values(rows)
      .onConflictDoUpdate({
        target: [pageViews.spaceId, pageViews.day, pageViews.path],
        set: { views: sql`${pageViews.views} + excluded.views` },
      });
  }
}
