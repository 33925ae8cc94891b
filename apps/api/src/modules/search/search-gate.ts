/**
 * Bounds how many search computations use the database at once, so a flood of uncached searches
 * (large viewports, long excludeIds) queues in memory instead of taking every pooled connection.
 */
export class GateFullError extends Error {
  override name = 'GateFullError';
}

export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs `task` when a slot is free; throws GateFullError when too many tasks already wait. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new GateFullError('search queue full');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const wake = this.waiting.shift();
      // The slot passes straight to the next waiter; `running` stays the same.
      if (wake) wake();
      else this.running -= 1;
    }
  }
}
