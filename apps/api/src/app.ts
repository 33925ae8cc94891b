/** buildApp(config): the Fastify application with its plugins and modules; used by server.ts and every test. */
import '@evmap/contract/zod-setup';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { API_PREFIX } from '@evmap/contract/routes/route';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbConnection } from './db/client';
import { AppError } from './errors';
import { Lifecycle } from './lib/lifecycle';
import { redactUrl, safeError } from './lib/safe-errors';
import { adminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingPlugin } from './modules/billing/billing.plugin';
import { billingRoutes } from './modules/billing/billing.routes';
import { invoiceDownloadRoutes } from './modules/billing/invoice-download.routes';
import type { PaymentProvider } from './modules/billing/payment-provider';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { adminEventsRoutes } from './modules/events/admin-events.routes';
import { eventDaysOrderPlugin } from './modules/events/event-days-order.plugin';
import { favoritesRoutes } from './modules/events/favorites.routes';
import { moderationRoutes } from './modules/events/moderation.routes';
import { ownerEventsRoutes } from './modules/events/owner-events.routes';
import { publicEventsRoutes } from './modules/events/public-events.routes';
import { signalsRoutes } from './modules/events/signals.routes';
import { statsRoutes } from './modules/events/stats.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { globalsRoutes } from './modules/globals/globals.routes';
import { healthRoutes } from './modules/health/health.routes';
import { importPlugin } from './modules/import/import.plugin';
import { importRoutesPlugin } from './modules/import/import.routes';
import { ownImportRoutesPlugin } from './modules/import/own-import.routes';
import { type LiveOptions, liveRoutes } from './modules/live/live.routes';
import { markersRoutes } from './modules/markers/markers.routes';
import { MarkersFrontDoor } from './modules/markers/markers-front-door';
import { meRoutes } from './modules/me/me.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { organisationsRoutes } from './modules/organisations/organisations.routes';
import { placesRoutes } from './modules/places/places.routes';
import type { PublicationCharge } from './modules/plans/publication.port';
import { searchRoutes } from './modules/search/search.routes';
import { sharingApiRoutes, sharingPageRoutes } from './modules/sharing/sharing.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { uploadsGcPlugin } from './modules/uploads/uploads-gc.plugin';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorHandlerPlugin } from './plugins/error-handler';
import { eventChangesPlugin } from './plugins/event-changes';
import { mailPlugin } from './plugins/mail';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { clientErrorHandler, frameworkErrors, routeErrorsPlugin } from './plugins/route-errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { storagePlugin } from './plugins/storage';
import { textInputPlugin } from './plugins/text-input';
import { inlineScriptHashes, readIndexHtml, webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    lifecycle: Lifecycle;
    markersFrontDoor: MarkersFrontDoor;
  }
}

export type AppOptions = {
  /** How to reach PostgreSQL: DATABASE_URL, or the embedded server's socket. */
  connection: DbConnection;
  poolSize?: number;
  /** Charges a publication under the unit plan; default: the billing module's charge. */
  chargePublication?: PublicationCharge;
  /** The payment provider; default: Stripe when STRIPE_SECRET_KEY is set, else the built-in local provider. */
  paymentProvider?: PaymentProvider;
  /** The live stream's options (tests widen the window in which one event's changes become one message). */
  live?: Partial<LiveOptions>;
  /** Where log lines go; default: standard output (tests read them here). */
  logStream?: { write(line: string): void };
};

/** The Content-Security-Policy directives for `config` (tiles, uploads, error reporting, Stripe when it is on). */
export function contentSecurityPolicy(config: Config) {
  const tileOrigin = /^https?:\/\//.test(config.tileUrl)
    ? new URL(config.tileUrl.replace(/\{[a-z]\}/g, 'a')).origin
    : '';
  const sentryOrigin = config.sentryDsn ? new URL(config.sentryDsn).origin : '';
  // Uploaded images are read from S3_PUBLIC_URL (the bucket or a CDN) when S3 storage is on.
  const uploadsOrigin = config.s3 ? new URL(config.s3.publicUrl).origin : '';
  const list = (...items: string[]) => items.filter(Boolean);
  // The card form loads Stripe.js, which frames its card field and calls Stripe's API, when Stripe is the provider.
  const stripe = Boolean(config.stripe?.publishableKey);
  const stripeJs = stripe ? 'https://js.stripe.com' : '';
  // index.html's inline boot script (the map preview) is allowed by its hash, from the index.html served.
  const indexHtml = readIndexHtml(config.webDist);
  const scriptHashes = indexHtml === undefined ? [] : inlineScriptHashes(indexHtml);
  return {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: list("'self'", 'data:', 'blob:', tileOrigin, tileOrigin.replace('//a.', '//*.'), uploadsOrigin),
      connectSrc: list("'self'", sentryOrigin, stripe ? 'https://api.stripe.com' : ''),
      frameSrc: list("'self'", stripeJs, stripe ? 'https://hooks.stripe.com' : ''),
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: list("'self'", ...scriptHashes, stripeJs),
      workerSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  };
}

/** proxy-addr's trust function for a hop count: the socket's peer and the next `hops - 1` forwarders. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(config: Config, options: AppOptions): Promise<FastifyInstance> {
  // Cached marker answers, sent before Fastify sees the request (markers-front-door.ts): not while the server closes
  // or drains, nor when requests are logged.
  let closing = false;
  const lifecycle = new Lifecycle();
  const requestsLogged = ['trace', 'debug', 'info'].includes(config.logLevel);
  const frontDoor = new MarkersFrontDoor(() => !closing && !lifecycle.draining && !requestsLogged);
  const app = Fastify({
    // The server Fastify would make (with Fastify's default timeouts, which this app keeps), the front door first.
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        if (!frontDoor.serve(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.passwordHash',
        '*.token',
        '*.code',
        '*.jwt',
      ],
      serializers: {
        // Signed links (invoice downloads) carry a token in the query string: never log it.
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
        // Errors keep their type, code and SQL shape, never the values: no query parameters, hashes or emails.
        err: safeError,
      },
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // X-Forwarded-For is believed only from the proxies of TRUST_PROXY (none by default).
    // A hop count trusts that many peers, whoever they are (Fastify alone would trust none for a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed or over-long address: the error shape, not the router's own (which echoes the path).
    frameworkErrors,
    // A request Node's parser cannot read (a control character in a header...): the error shape, not Fastify's.
    clientErrorHandler,
    // A request that arrives while the server closes: the error shape (the hook below), not Fastify's own 503.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('lifecycle', lifecycle);
  app.decorate('markersFrontDoor', frontDoor);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // While draining, a client (or a balancer's kept-alive connection) comes back on a new connection, elsewhere.
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });

  await app.register(errorHandlerPlugin);
  // Fastify answers its own 503 body to a request arriving while it closes (return503OnClosing): this one instead.
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError(503, { global: { key: 'unavailable' } }, { connection: 'close' });
  });
  await app.register(textInputPlugin);
  await app.register(dbPlugin, { connection: options.connection, poolSize: options.poolSize });
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(rateLimitPlugin);
  await app.register(storagePlugin);
  await app.register(eventChangesPlugin);
  await app.register(billingPlugin, { provider: options.paymentProvider });
  await app.register(uploadsGcPlugin);
  await app.register(eventDaysOrderPlugin);
  await app.register(importPlugin);
  await app.register(securityHeadersPlugin, {
    helmet: { contentSecurityPolicy: contentSecurityPolicy(config), crossOriginEmbedderPolicy: false },
  });
  await app.register(compress, { threshold: 1024 });
  // Before the routes: both complete or record every route as it is added.
  await app.register(routeErrorsPlugin);
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(globalsRoutes);
      await api.register(authRoutes);
      await api.register(meRoutes);
      await api.register(publicEventsRoutes);
      await api.register(searchRoutes);
      await api.register(markersRoutes);
      await api.register(feedsRoutes);
      await api.register(organisationsRoutes);
      await api.register(liveRoutes, { live: options.live });
      await api.register(ownerEventsRoutes, {
        chargePublication: options.chargePublication ?? app.billing.chargePublication,
      });
      await api.register(billingRoutes);
      await api.register(invoiceDownloadRoutes);
      await api.register(stripeWebhookRoutes);
      await api.register(statsRoutes);
      await api.register(signalsRoutes);
      await api.register(favoritesRoutes);
      await api.register(adminEventsRoutes);
      await api.register(moderationRoutes);
      await api.register(uploadsRoutes);
      await api.register(contactRoutes);
      await api.register(newsletterRoutes);
      await api.register(adminUsersRoutes);
      await api.register(adminDashboardRoutes);
      await api.register(importRoutesPlugin);
      await api.register(ownImportRoutesPlugin);
      await api.register(sharingApiRoutes);
      await api.register(placesRoutes);
    },
    { prefix: API_PREFIX },
  );

  await app.register(webPlugin, { webDist: config.webDist });
  await app.register(sharingPageRoutes);
  return app;
}
