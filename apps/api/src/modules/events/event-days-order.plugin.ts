/**
 * The map order of the search index (event-days-order.ts) as an app service: run every EVENT_DAYS_ORDER_INTERVAL_MS
 * (off when 0, the default in tests), by one instance at a time; a closing app cancels the statement in progress.
 */
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../lib/periodic-job';
import { type EventDaysOrderReport, orderEventDays } from './event-days-order';

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the map order job around `now` (the scheduler calls it; tests and the bench may too). */
    orderEventDays: (now?: Date) => Promise<EventDaysOrderReport>;
  }
}

export const eventDaysOrderPlugin = fp(
  async (app) => {
    const closing = new AbortController();
    app.addHook('preClose', async () => closing.abort());
    app.decorate('orderEventDays', (now?: Date) => orderEventDays(app.pool, { now, signal: closing.signal }));
    schedulePeriodicJob(app, {
      everyMs: app.config.eventDaysOrderIntervalMs,
      firstRunAfterMs: 60_000,
      run: () => app.orderEventDays(),
      logKey: 'eventDaysOrder',
      done: 'map index put in map order',
      failed: 'putting the map index in map order failed',
    });
  },
  { name: 'event-days-order', dependencies: ['db'] },
);
