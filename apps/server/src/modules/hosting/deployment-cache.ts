import type { AppContext } from '../../context';
import { type ServedFile, servedFile } from './served-file';
import { type DeploymentFiles, readDeployment } from './site-entry';
import { MAX_CACHE_BYTES } from './site-protocol';

type DeploymentRow = {
  path: string;
  contentType: string;
  etag: string;
  body: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
};

/**
 * The live deployments' prepared files, least recently used first out, bounded by MAX_CACHE_BYTES.
 * `onDrop` tells hosting.ts which deployment left, so the Host entries serving it reload.
 */
export class DeploymentCache {
  private readonly deployments = new Map<string, DeploymentFiles>();
  private bytes = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly onDrop: (deploymentId: string) => void,
  ) {}

  stats(): { deployments: number; bytes: number } {
    return { deployments: this.deployments.size, bytes: this.bytes };
  }

  /**
   * Stores a space's live deployment. A space serves one deployment at a time, so any other of the
   * same space is superseded (a redeploy or a rollback) and leaves at once: twelve redeploys of a
   * 5 MB site hold one deployment, not twelve until the byte bound evicts them (issue 26).
   */
  store(spaceId: string, deploymentId: string, rows: DeploymentRow[]): DeploymentFiles {
    const files = new Map<string, ServedFile>();
    let bytes = 0;
    for (const row of rows) {
      files.set(row.path, servedFile(row));
      bytes += row.body.length + (row.gzip?.length ?? 0) + (row.brotli?.length ?? 0);
    }
    const stored = { spaceId, files, bytes };
    this.dropSpace(spaceId);
    this.deployments.set(deploymentId, stored);
    this.bytes += bytes;
    this.evict();
    return stored;
  }

  /** The deployment's files, from the cache or read once from the database. */
  async files(spaceId: string, deploymentId: string): Promise<DeploymentFiles> {
    const cached = this.deployments.get(deploymentId);
    if (cached) {
      this.deployments.delete(deploymentId);
      this.deployments.set(deploymentId, cached);
      return cached;
    }
    const files = await readDeployment(this.ctx.db, deploymentId);
    return this.store(spaceId, deploymentId, files);
  }

  dropSpace(spaceId: string): void {
    for (const [id, stored] of this.deployments) if (stored.spaceId === spaceId) this.drop(id);
  }

  private drop(deploymentId: string): void {
    const stored = this.deployments.get(deploymentId);
    if (!stored) return;
    this.bytes -= stored.bytes;
    this.deployments.delete(deploymentId);
    this.onDrop(deploymentId);
  }

  /** Least recently used deployments leave first; a host entry whose files left reloads them on its next miss. */
  private evict(): void {
    while (this.bytes > MAX_CACHE_BYTES && this.deployments.size > 1) {
      const oldest = this.deployments.keys().next().value as string;
      this.drop(oldest);
    }
  }
}
