import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { pageViews } from '../../db/schema/publishing';

/**
 * Page views counted in memory and written in batches: the serving path only increments a number.
 * Nothing about the visitor is kept (no cookies, no addresses), only site, page and UTC day.
 */
export class PageViewCounter {
  /** Views by UTC day, site and page: counting allocates nothing on the serving path (issue 26). */
  private counts = new Map<string, Map<string, Map<string, number>>>();
  private day = '';
  private dayEnds = 0;
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

  /** Counts `views` views of a page (the sites' process sends its counts in batches, ADR 0230). */
  count(spaceId: string, path: string, views = 1): void {
    const day = this.today();
    let sites = this.counts.get(day);
    if (!sites) {
      sites = new Map();
      this.counts.set(day, sites);
    }
    let pages = sites.get(spaceId);
    if (!pages) {
      pages = new Map();
      sites.set(spaceId, pages);
    }
    pages.set(path, (pages.get(path) ?? 0) + views);
  }

  /** The UTC day (YYYY-MM-DD), formatted once a day rather than once a view. */
  private today(): string {
    const now = Date.now();
    if (now >= this.dayEnds) {
      const date = new Date(now);
      this.day = date.toISOString().slice(0, 10);
      this.dayEnds = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
    }
    return this.day;
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
    const rows: { spaceId: string; day: string; path: string; views: number }[] = [];
    for (const [day, sites] of batch)
      for (const [spaceId, pages] of sites) for (const [path, views] of pages) rows.push({ spaceId, day, path, views });
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
