/**
 * Imports as an app service (issue 25): the dependencies of a run (the database, the fetcher's settings) and the
 * scheduler, which looks for due sources every IMPORT_INTERVAL_MS in each process (off when 0, the default in
 * tests); a source is claimed by one instance at a time (SKIP LOCKED).
 */
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../lib/periodic-job';
import type { Geocoder } from '../places/geocoder';
import { createGeocoder } from '../places/geocoder.factory';
import { type ImportDeps, runDueSources } from './import.service';

declare module 'fastify' {
  interface FastifyInstance {
    importDeps: ImportDeps;
  }
}

/** The first street-precise place the geocoder finds for `query`. */
async function streetPoint(geocoder: Geocoder, query: string) {
  const [place] = await geocoder.autocomplete(query, { lang: 'fr', limit: 1 });
  if (!place || place.precision === 'city' || place.precision === 'postcode') return undefined;
  return { latitude: place.latitude, longitude: place.longitude };
}

export const importPlugin = fp(
  async (app) => {
    // The built-in gazetteer knows towns only: an event placed at its town's centre would mislead.
    const geocoder = app.config.geocoder.provider === 'builtin' ? undefined : createGeocoder(app.config);
    app.decorate('importDeps', {
      db: app.db,
      fetchOptions: { allowPrivate: app.config.importAllowPrivate },
      storage: app.storage,
      geocode: geocoder && ((query: string) => streetPoint(geocoder, query)),
    });
    schedulePeriodicJob(app, {
      everyMs: app.config.importIntervalMs,
      firstRunAfterMs: 30_000,
      run: () => runDueSources(app.importDeps),
      logKey: 'imports',
      done: 'import sources run',
      failed: 'import run failed',
    });
  },
  { name: 'import', dependencies: ['db', 'storage'] },
);
