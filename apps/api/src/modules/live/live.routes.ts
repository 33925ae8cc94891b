/**
 * GET /public/events/stream: Server-Sent Events telling connected maps that an event was created,
 * updated, deactivated or deleted (on any instance, through PostgreSQL LISTEN/NOTIFY), so they search again.
 *   event: change   data: {"type":"updated","id":12,"uuid":"…"}
 *   event: resync   data: {}   (the instance lost its LISTEN connection for a while: refresh everything)
 */
import { errorBodySchema } from '@evmap/contract/errors';
import { fileAnswer } from '@evmap/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { EventsListener } from './events-listener';
import { DEFAULT_HUB_OPTIONS, type HubOptions, StreamHub, sseMessage } from './stream-hub';

/** The reconnection delay given to browsers whose stream ends because this instance drains. */
const DRAIN_RETRY_MS = 500;

export const liveRoutes: FastifyPluginAsyncZod<{ live?: Partial<HubOptions> }> = async (app, options) => {
  // The pool keeps the password non-enumerable: name it, or the spread drops it.
  const connection = { ...app.pool.options, password: app.pool.options.password, application_name: 'evmap-live' };
  const listener = new EventsListener(connection, app.log);
  const hub = new StreamHub({ ...DEFAULT_HUB_OPTIONS, ...options.live }, () => void listener.check());
  listener.subscribe((message) =>
    hub.broadcast(message.kind === 'change' ? sseMessage('change', message.change) : sseMessage('resync', {})),
  );

  app.addHook('onReady', () => listener.start());
  // Draining (SIGTERM): the streams end at once with a short reconnection delay, so browsers come back through the
  // balancer to another instance; new streams here are refused (503) from then on.
  app.lifecycle.onDrain(() => hub.closeAll(DRAIN_RETRY_MS));
  // Before the server stops accepting: open streams would otherwise keep app.close() waiting.
  app.addHook('preClose', async () => {
    hub.closeAll();
    await listener.stop();
  });

  app.get(
    '/public/events/stream',
    {
      compress: false,
      schema: {
        tags: ['public'],
        response: {
          200: fileAnswer('text/event-stream', 'Server-Sent Events: `change` and `resync`', 'text'),
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    (request, reply) => {
      const refusal = hub.refusal(request.ip);
      if (refusal === 'instance')
        throw new AppError(503, { global: { key: 'liveStreamsFull' } }, { 'retry-after': '30' });
      if (refusal === 'address')
        throw new AppError(429, { global: { key: 'liveStreamsFull' } }, { 'retry-after': '30' });
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
        // Never reused for another request: the socket closes with the stream (and app.close() need not wait for it).
        connection: 'close',
      });
      res.socket?.setNoDelay(true);
      // The reconnection delay the browser's EventSource uses, and a first byte so the client knows it is open.
      res.write('retry: 5000\n: connected\n\n');
      hub.add(res, request.ip);
    },
  );
};
