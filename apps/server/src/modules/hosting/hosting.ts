import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../../context';
import { customDomains } from '../../db/schema/publishing';
import { type Broadcast, createBroadcast } from '../../providers/redis/broadcast';
import { SITE_IMAGES_PREFIX } from '../assets/site-images';
import { fillStampKeyOf, signFillStamp } from '../forms/fill-stamp';
import { handleFormsRequest, isFormsPath } from '../forms/visitor';
import { SiteAccessLog } from './access-log';
import { PageViewCounter } from './analytics';
import { sitePageNotFound } from './content';
import { DeploymentCache } from './deployment-cache';
import { appHostOf, normalHost, sitesDomainOf } from './hosts';
import { type FillStamper, generated, lookupFile, type ServedFile, writeServedFile } from './served-file';
import { analyticsPlan, noSite, type ResolvedHost, resolveHost, type SiteEntry, siteEntryOf } from './site-entry';
import { SiteImages } from './site-images-cache';
import type { SiteProcess } from './site-process';
import type { HostAnswer } from './site-protocol';

/** Redis channel on which an instance tells the others to forget a space's cached site (ADR 0107). */
export const SITE_INVALIDATION_CHANNEL = 'div:sites:invalidate';
/** How long startup waits for the invalidation subscription before going on without it. */
const SUBSCRIBE_WAIT_MS = 1000;

interface Invalidation {
  spaceId: string;
  /** Custom domain names changed too: reload them. */
  domains: boolean;
}

/** The published-sites side of the server: host resolution, an LRU of live deployments and page-view counting. */
export class Hosting {
  readonly views: PageViewCounter;
  private readonly entries = new Map<string, SiteEntry | null>();
  private readonly deployments: DeploymentCache;
  private readonly loading = new Map<string, Promise<SiteEntry | null>>();
  /** Bumped by every invalidation: a load that started before one does not cache what it read. */
  private generation = 0;
  private readonly broadcast: Broadcast<Invalidation> | undefined;
  private readonly checked = new Map<string, number>();
  private readonly siteImages: SiteImages;
  private domainHosts = new Set<string>();
  private domainTimer: ReturnType<typeof setInterval> | undefined;
  private readonly appHost: string;
  private readonly suffix: string;
  private readonly ttl: number;
  private readonly notFoundPage: ServedFile;
  readonly access: SiteAccessLog;
  /** Site requests waiting on the database (see drained()). */
  private inFlight = 0;
  private drainWaiters: (() => void)[] = [];
  /** The published sites' own process, when the server runs one (ADR 0230). */
  sites: SiteProcess | undefined;

  /** Signs the serve time into pages with forms (ADR 0253). */
  private readonly stamp: FillStamper;

  constructor(private readonly ctx: AppContext) {
    const key = fillStampKeyOf(ctx.config);
    this.stamp = () => signFillStamp(key);
    this.appHost = normalHost(appHostOf(ctx.config)) ?? '';
    this.suffix = `.${normalHost(sitesDomainOf(ctx.config)) ?? ''}`;
    this.ttl = ctx.config.SITE_CACHE_TTL_MS;
    this.views = new PageViewCounter(ctx.db, ctx.log, ctx.config.ANALYTICS_FLUSH_MS);
    this.notFoundPage = generated('404.html', 'text/html; charset=utf-8', sitePageNotFound());
    this.access = new SiteAccessLog(ctx.log);
    this.deployments = new DeploymentCache(ctx, (deploymentId) => {
      for (const [host, entry] of this.entries) if (entry?.deploymentId === deploymentId) this.drop(host);
    });
    this.siteImages = new SiteImages(ctx);
    if (ctx.config.REDIS_URL) {
      this.broadcast = createBroadcast<Invalidation>({
        url: ctx.config.REDIS_URL,
        channel: SITE_INVALIDATION_CHANNEL,
        onMessage: (message) => void this.apply(message),
        log: ctx.log,
      });
    }
  }

  get config(): AppContext['config'] {
    return this.ctx.config;
  }

  async start(): Promise<void> {
    await this.reloadDomains();
    if (this.broadcast) {
      // Without Redis at startup the TTL alone keeps other instances' changes coming (ADR 0107).
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS);
      });
      await Promise.race([this.broadcast.ready.catch(() => {}), waited]);
      clearTimeout(timer);
    }
    if (this.ttl > 0) {
      this.domainTimer = setInterval(() => void this.reloadDomains().catch(() => {}), Math.max(this.ttl, 1000));
      this.domainTimer.unref();
    }
  }

  async close(): Promise<void> {
    clearInterval(this.domainTimer);
    this.broadcast?.close();
    this.access.close();
    await this.views.close();
  }

  /** Every custom domain name (any status), so an unknown Host is told apart without a query. */
  async reloadDomains(): Promise<void> {
    const rows = await this.ctx.db.select({ hostname: customDomains.hostname }).from(customDomains);
    this.domainHosts = new Set(rows.map((r) => r.hostname));
  }

  /**
   * Forgets what is cached for a space (after a deploy, rollback, rename or deletion), here and, with
   * Redis, on every other instance at once. Call it after the change is committed.
   */
  async invalidate(spaceId: string): Promise<void> {
    this.forget(spaceId);
    await this.broadcast?.publish({ spaceId, domains: false });
  }

  /** After a custom domain of the space was added, removed or changed status: here and everywhere. */
  async domainsChanged(spaceId: string): Promise<void> {
    await this.reloadDomains();
    this.forget(spaceId);
    await this.broadcast?.publish({ spaceId, domains: true });
  }

  /** An invalidation published by another instance. */
  private async apply(message: Invalidation): Promise<void> {
    if (typeof message?.spaceId !== 'string') return;
    this.forget(message.spaceId);
    if (message.domains) {
      await this.reloadDomains().catch((err) => this.ctx.log.warn({ err }, 'custom domains not reloaded'));
      this.forget(message.spaceId);
    }
  }

  /** Drops the space's host entries and every cached miss; loads under way are not cached. */
  private forget(spaceId: string): void {
    // The sites' process forgets it too.
    this.sites?.forget(spaceId);
    this.generation += 1;
    this.loading.clear();
    for (const [host, entry] of this.entries) {
      if (entry === null || entry.spaceId === spaceId) this.drop(host);
    }
  }

  /**
   * The kind of host: a site subdomain, a custom domain, or the app (undefined). The answer is the
   * normalised host (no port, no trailing dot, lower-case; issue 36 #8), the key of every lookup.
   */
  siteHost(rawHost: string | undefined): string | undefined {
    const host = normalHost(rawHost);
    if (!host || host === this.appHost) return undefined;
    if (host.endsWith(this.suffix)) return host;
    return this.domainHosts.has(host) ? host : undefined;
  }

  /**
   * Answers a request for a published site. Never throws; a failure is a 500 with a plain body. A
   * site cached and fresh is answered synchronously (no promise, no turn of the event loop); the
   * promise, when there is one, settles once nothing of the request can still read the database.
   */
  handle(host: string, req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
    if (isFormsPath(req.url ?? '/') && !(req.url ?? '').startsWith(SITE_IMAGES_PREFIX))
      return this.track(this.answerForm(host, req, res));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Método no permitido');
      this.access.record(host, 405);
      return undefined;
    }
    const fresh = this.freshEntry(host);
    if (fresh !== undefined) {
      this.answer(host, fresh, req, res);
      return undefined;
    }
    return this.track(
      this.entryFor(host)
        .then((entry) => this.answer(host, entry, req, res))
        .catch((error) => this.fail(host, res, error)),
    );
  }

  /** What the sites' process serves for a site Host (ADR 0230): the live deployment's files, or the no-site page. */
  async snapshotOf(host: string): Promise<HostAnswer> {
    // Tracked like a request of the app's own: the database stays open until it is read.
    const entry = await this.track(this.entryFor(host));
    if (!entry) return { kind: 'none', page: noSite(host) };
    const { spaceId, deploymentId, analytics, files, notFound } = entry;
    return { kind: 'site', site: { spaceId, deploymentId: deploymentId as string, analytics, files, notFound } };
  }

  /** Counts a request that may still read the database until its promise settles (see drained()). */
  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight += 1;
    return work.finally(() => {
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const wake of this.drainWaiters.splice(0)) wake();
    });
  }

  private fail(host: string, res: ServerResponse, error: unknown): void {
    this.ctx.log.error({ err: error, host }, 'site serving failed');
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Error interno del servidor');
    this.access.record(host, 500);
  }

  /** A form submission (issue 23) on the site's own origin: the forms module answers it. */
  private async answerForm(host: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const entry = await this.entryFor(host);
      if (entry) {
        await handleFormsRequest(this.ctx, entry, req, res);
        this.access.record(host, res.statusCode);
        return;
      }
      this.send(host, req, res, 404, noSite(host));
    } catch (error) {
      this.fail(host, res, error);
    }
  }

  /** An image of the space the deployment uses (ADR 0205), from the instance's image cache. */
  private async answerImage(host: string, entry: SiteEntry, file: string, req: IncomingMessage, res: ServerResponse) {
    try {
      const image = await this.siteImages.file(entry, file);
      this.send(host, req, res, image ? 200 : 404, image ?? entry.notFound);
    } catch (error) {
      this.fail(host, res, error);
    }
  }

  /** Resolves when no site request is waiting on the database (before the database closes). */
  drained(): Promise<void> {
    return this.inFlight === 0 ? Promise.resolve() : new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  private answer(host: string, entry: SiteEntry | null, req: IncomingMessage, res: ServerResponse): void {
    if (!entry) {
      this.send(host, req, res, 404, noSite(host));
      return;
    }
    const url = req.url ?? '/';
    if (url.startsWith(SITE_IMAGES_PREFIX) && entry.images.size) {
      void this.track(this.answerImage(host, entry, url.slice(SITE_IMAGES_PREFIX.length), req, res));
      return;
    }
    const file = lookupFile(entry.files, url);
    if (!file) {
      this.send(host, req, res, 404, entry.notFound);
      return;
    }
    const counted = this.send(host, req, res, 200, file);
    if (counted && file.page !== undefined && entry.analytics) this.views.count(entry.spaceId, file.page);
  }

  /** Writes the chosen variant (or a 304); true when a GET was answered with the page (a view). */
  private send(host: string, req: IncomingMessage, res: ServerResponse, status: number, file: ServedFile): boolean {
    const written = writeServedFile(req, res, status, file, this.stamp);
    this.access.record(host, written);
    // A 304 answers a page the client already holds: a view all the same.
    return req.method === 'GET' && status === 200 && (written === 200 || written === 304);
  }

  /**
   * The cached entry of a host when it can be served now (undefined when it must be read first):
   * fresh within the TTL, or a live site past it, served while it is checked again in the background.
   */
  private freshEntry(host: string): SiteEntry | null | undefined {
    const cached = this.entries.get(host);
    if (cached === undefined) return undefined;
    const age = Date.now() - (this.checked.get(host) ?? 0);
    if (age <= this.ttl) {
      // Most recently used last.
      this.entries.delete(host);
      this.entries.set(host, cached);
      return cached;
    }
    // Stale: a live site keeps being served while it is checked again; a miss is checked now.
    if (cached === null) return undefined;
    void this.load(host).catch(() => {});
    return cached;
  }

  private async entryFor(host: string): Promise<SiteEntry | null> {
    const fresh = this.freshEntry(host);
    return fresh !== undefined ? fresh : this.load(host);
  }

  private load(host: string): Promise<SiteEntry | null> {
    let pending = this.loading.get(host);
    if (!pending) {
      const started = this.fetchEntry(host).finally(() => {
        if (this.loading.get(host) === started) this.loading.delete(host);
      });
      pending = started;
      this.loading.set(host, pending);
    }
    return pending;
  }

  private async fetchEntry(host: string): Promise<SiteEntry | null> {
    const generation = this.generation;
    const resolved = await resolveHost(this.ctx.db, host, this.suffix);
    const previous = this.entries.get(host);
    let entry: SiteEntry | null = null;
    if (resolved?.deploymentId) {
      if (previous && previous.deploymentId === resolved.deploymentId) {
        entry = { ...previous, analytics: analyticsPlan(resolved.plan) };
      } else {
        entry = await this.buildEntry(host, resolved);
      }
    }
    // Invalidated while reading: this answer may predate the change, so it serves only its waiters.
    if (generation !== this.generation) return entry;
    // The site is no longer published: its files leave with it.
    if (!entry && resolved) this.deployments.dropSpace(resolved.spaceId);
    this.drop(host);
    this.entries.set(host, entry);
    this.checked.set(host, Date.now());
    return entry;
  }

  /**
   * Keeps a just-deployed (committed, live) deployment's prepared files, so its first request needs
   * no read of the bytes; the space's earlier deployments leave the cache.
   */
  prime(
    spaceId: string,
    deploymentId: string,
    files: { path: string; contentType: string; etag: string; body: Buffer; gzip: Buffer | null; brotli: Buffer | null }[],
  ): void {
    this.deployments.store(spaceId, deploymentId, files);
  }

  /** What the site cache holds: deployments and their bytes (bounded by MAX_CACHE_BYTES). */
  cacheStats(): { deployments: number; bytes: number; hosts: number } {
    return { ...this.deployments.stats(), hosts: this.entries.size };
  }

  private async buildEntry(host: string, resolved: ResolvedHost): Promise<SiteEntry> {
    const deployment = await this.deployments.files(resolved.spaceId, resolved.deploymentId as string);
    return siteEntryOf({ config: this.ctx.config, host, suffix: this.suffix, resolved, deployment, notFound: this.notFoundPage });
  }

  private drop(host: string): void {
    this.entries.delete(host);
    this.checked.delete(host);
    if (this.entries.size > 10_000) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      this.checked.delete(oldest);
    }
  }
}
