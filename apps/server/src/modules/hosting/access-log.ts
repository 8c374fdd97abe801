import type { FastifyBaseLogger } from 'fastify';

/** How often the aggregated access log of published sites is written. */
export const ACCESS_LOG_INTERVAL_MS = 60_000;
/** Hosts named one by one in a summary; the rest are added up under `otherHosts`. */
const MAX_HOSTS = 50;

/**
 * The access log of published-site traffic, aggregated (issue 26): one info line per interval with
 * the requests per status and per host, instead of two lines per request. Counting costs a map
 * update; page-view analytics are counted separately and stay exact.
 */
export class SiteAccessLog {
  private statuses = new Map<number, number>();
  private hosts = new Map<string, number>();
  private requests = 0;
  private otherHosts = 0;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly log: FastifyBaseLogger,
    intervalMs = ACCESS_LOG_INTERVAL_MS,
  ) {
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  record(host: string, status: number): void {
    this.requests += 1;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const seen = this.hosts.get(host);
    if (seen !== undefined) this.hosts.set(host, seen + 1);
    else if (this.hosts.size < MAX_HOSTS) this.hosts.set(host, 1);
    else this.otherHosts += 1;
  }

  /** Writes the summary of what was counted since the last one (nothing when there was no traffic). */
  flush(): void {
    if (this.requests === 0) return;
    this.log.info(
      {
        requests: this.requests,
        statuses: Object.fromEntries(this.statuses),
        hosts: Object.fromEntries(this.hosts),
        ...(this.otherHosts > 0 ? { otherHosts: this.otherHosts } : {}),
      },
      'published sites served',
    );
    this.requests = 0;
    this.otherHosts = 0;
    this.statuses = new Map();
    this.hosts = new Map();
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
