/**
 * Runs jobs at most `concurrency` at a time, the rest waiting in order (issue 36, ADR 0237): heavy
 * native work (image decoding) takes a bounded share of the thread pool that file reads and
 * compression need. `waiting` tells how many jobs are queued.
 */
export class WorkQueue {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly concurrency: number) {}

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }
}
