/**
 * GET /public/events/stream: Server-Sent Events telling connected maps that an event was created,
 * updated, deactivated or deleted (on any instance, through PostgreSQL LISTEN/NOTIFY), so they search again.
 *   event: change   data: {"type":"updated","id":12,"uuid":"…"}   (at most one per event per second: the latest)
 *   event: resync   data: {}   (the instance lost its LISTEN connection for a while: refresh everything)
 */
import { eventRoutes } from '@evmap/contract/routes/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { routeOf } from '../../lib/route-table';
import { ChangeCoalescer } from './change-coalescer';
import { DEFAULT_HUB_OPTIONS, type HubOptions, StreamHub, sseMessage } from './stream-hub';

/** The reconnection delay given to browsers whose stream ends because this instance drains. */
const DRAIN_RETRY_MS = 500;

/** The live stream's bounds, and the window in which changes of one event become one message. */
export type LiveOptions = HubOptions & { coalesceMs: number };
export const DEFAULT_COALESCE_MS = 1000;

export const liveRoutes: FastifyPluginAsyncZod<{ live?: Partial<LiveOptions> }> = async (app, options) => {
  // The instance's LISTEN connection (plugins/event-changes.ts, started when the app is ready).
  const listener = app.eventChanges;
  const hub = new StreamHub({ ...DEFAULT_HUB_OPTIONS, ...options.live }, () => void listener.check());
  const changes = new ChangeCoalescer(options.live?.coalesceMs ?? DEFAULT_COALESCE_MS, (change) =>
    hub.broadcast(sseMessage('change', change)),
  );
  listener.subscribe((message) =>
    message.kind === 'change' ? changes.push(message.change) : hub.broadcast(sseMessage('resync', {})),
  );

  // Draining (SIGTERM): the streams end at once with a short reconnection delay, so browsers come back through the
  // balancer to another instance; new streams here are refused (503) from then on.
  app.lifecycle.onDrain(() => hub.closeAll(DRAIN_RETRY_MS));
  // Before the server stops accepting: open streams would otherwise keep app.close() waiting.
  app.addHook('preClose', async () => {
    hub.closeAll();
    changes.close();
  });

  app.route({
    ...routeOf(eventRoutes.stream),
    compress: false,
    handler: (request, reply) => {
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
  });
};
