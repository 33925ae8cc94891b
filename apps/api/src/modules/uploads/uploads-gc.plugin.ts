/**
 * The uploads' collection job (uploads-gc.ts) as an app service: run every UPLOAD_GC_INTERVAL_MS by each process
 * (off when 0, the default in tests); several processes share the work without doing it twice (rows are claimed
 * with SKIP LOCKED).
 */
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../lib/periodic-job';
import { collectUploads, type UploadsGcReport } from './uploads-gc';

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the unused-uploads job at `now` (the scheduler calls it; tests may too). */
    collectUploads: (now?: Date) => Promise<UploadsGcReport>;
  }
}

export const uploadsGcPlugin = fp(
  async (app) => {
    app.decorate('collectUploads', (now?: Date) => collectUploads(app, now));
    schedulePeriodicJob(app, {
      everyMs: app.config.uploadGcIntervalMs,
      firstRunAfterMs: 10_000,
      run: () => collectUploads(app),
      logKey: 'uploads',
      done: 'uploads collected',
      failed: 'uploads collection failed',
    });
  },
  { name: 'uploads-gc', dependencies: ['db', 'storage'] },
);
