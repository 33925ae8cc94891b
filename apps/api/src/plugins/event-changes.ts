/**
 * The instance's one LISTEN connection to PostgreSQL's 'events_changed' channel (EventsListener), shared by what
 * follows event writes made on any instance: the live stream (modules/live) and the marker cache (modules/markers),
 * which knows from it when no event changed since it last read the events version.
 */
import fp from 'fastify-plugin';
import { EventsListener } from '../modules/live/events-listener';

declare module 'fastify' {
  interface FastifyInstance {
    eventChanges: EventsListener;
  }
}

export const eventChangesPlugin = fp(
  async (app) => {
    // The pool keeps the password non-enumerable: name it, or the spread drops it.
    const connection = { ...app.pool.options, password: app.pool.options.password, application_name: 'evmap-live' };
    const listener = new EventsListener(connection, app.log);
    app.decorate('eventChanges', listener);
    app.addHook('onReady', () => listener.start());
    // Before the server stops accepting (the live streams are closed by their own preClose).
    app.addHook('preClose', () => listener.stop());
  },
  { name: 'event-changes', dependencies: ['db'] },
);
