/**
 * Imports as an app service (issue 25): the dependencies of a run (the database, the fetcher's settings) and the
 * scheduler, which looks for due sources every IMPORT_INTERVAL_MS in each process (off when 0, the default in
 * tests); a source is claimed by one instance at a time (SKIP LOCKED).
 */
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../lib/periodic-job';
import { type ImportDeps, runDueSources } from './import.service';

declare module 'fastify' {
  interface FastifyInstance {
    importDeps: ImportDeps;
  }
}

export const importPlugin = fp(
  async (app) => {
    app.decorate('importDeps', { db: app.db, fetchOptions: { allowPrivate: app.config.importAllowPrivate } });
    schedulePeriodicJob(app, {
      everyMs: app.config.importIntervalMs,
      firstRunAfterMs: 30_000,
      run: () => runDueSources(app.importDeps),
      logKey: 'imports',
      done: 'import sources run',
      failed: 'import run failed',
    });
  },
  { name: 'import', dependencies: ['db'] },
);
