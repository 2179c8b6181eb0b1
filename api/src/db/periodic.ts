import type { FastifyBaseLogger } from 'fastify';

/**
 * A job one API process runs every so often (cart reminders, e-way bill expiry warnings, the e-invoice retry loop):
 * never two runs at once in the process (a run still going, say a large backlog, is not joined by a second), a failed
 * run logged and tried again next time, and a timer that does not keep the process alive. Jobs that several processes
 * run make their own rows safe to share (a claim in a transaction); this only paces one process.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly name: string,
    private readonly run: () => Promise<unknown>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Every `everyMs` from now; 0 or less: never (tests run the job themselves). */
  start(everyMs: number): void {
    if (everyMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.run()
        .catch((error: unknown) => this.log.error({ err: error }, `${this.name} failed`))
        .finally(() => {
          this.running = null;
        });
    }, everyMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** Runs `batch` (which handles up to `size` rows and answers how many) until a batch comes back short; answers the total. */
export async function untilDone(batch: () => Promise<number>, size: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch();
    total += n;
    if (n < size) return total;
  }
}
