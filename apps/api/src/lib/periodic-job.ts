/**
 * A job every process of the app runs on a timer (the billing job, the uploads' collection): a first run soon after
 * the app is ready (not in the middle of its start), then one every `everyMs`; never two runs at once in a process
 * (the jobs themselves claim their rows, so several processes share the work); what a run did logged when it did
 * something, a failure logged; on close, the timers stop and a run in progress is awaited. Off when `everyMs` ≤ 0.
 */
import type { FastifyInstance } from 'fastify';

export function schedulePeriodicJob<Report extends Record<string, number>>(
  app: FastifyInstance,
  job: {
    everyMs: number;
    firstRunAfterMs: number;
    run: () => Promise<Report>;
    /** The log line's key for the report, and its messages. */
    logKey: string;
    done: string;
    failed: string;
  },
): void {
  const { everyMs } = job;
  if (everyMs <= 0) return;
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | undefined;
  let closing = false;
  const tick = () => {
    if (running || closing) return;
    running = job
      .run()
      .then((report) => {
        if (Object.values(report).some((n) => n > 0)) app.log.info({ [job.logKey]: report }, job.done);
      })
      .catch((error: unknown) => app.log.error({ err: error }, job.failed))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timers.push(setTimeout(tick, Math.min(everyMs, job.firstRunAfterMs)).unref(), setInterval(tick, everyMs).unref());
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearTimeout(timer);
    await running;
  });
}
