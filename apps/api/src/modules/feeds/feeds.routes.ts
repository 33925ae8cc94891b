/**
 * GET /public/feeds/events.{ics,atom,rss,json} and GET /public/organisations/{id}/feed.{ics,atom,rss,json}.
 * Cacheable by browsers and CDNs (public, short max-age, then ETag or Last-Modified revalidation answered 304),
 * rate-limited per address through the shared limiter (304s count too).
 */
import { type AccessFilter, accessFilterMask } from '@evmap/contract/accessibility';
import { FEED_MAX_AGE_S, FEED_MEDIA_TYPES, FEED_RATE_LIMIT, type FeedFormat } from '@evmap/contract/feeds';
import { feedsRoutes as routes } from '@evmap/contract/routes/feeds';
import { API_PREFIX } from '@evmap/contract/routes/route';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { etagMatches } from '../../lib/etag';
import { routeOf } from '../../lib/route-table';
import type { FeedFilter } from './feeds.repository';
import { buildFeed, type FeedAnswer } from './feeds.service';

type Query = {
  lang: 'fr' | 'en';
  category?: string;
  city?: string;
  bounds?: FeedFilter['bounds'];
  organiser?: number;
  access?: string;
  q?: string;
};

const filterOf = (query: Query): FeedFilter => ({
  ...(query.category === undefined ? {} : { categoryHandle: query.category }),
  ...(query.city === undefined ? {} : { city: query.city }),
  ...(query.bounds === undefined ? {} : { bounds: query.bounds }),
  ...(query.organiser === undefined ? {} : { organiserId: query.organiser }),
  ...(query.q ? { text: query.q } : {}),
  ...(query.access ? { access: accessFilterMask(query.access.split(',') as AccessFilter[]) } : {}),
});

/** Whether the copy the client holds is current: If-None-Match first, else If-Modified-Since (RFC 9110 13.2.2). */
function notModified(request: FastifyRequest, answer: FeedAnswer): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return etagMatches(ifNoneMatch, answer.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return (
    answer.lastModified !== null &&
    !Number.isNaN(since) &&
    Math.floor(answer.lastModified.getTime() / 1000) * 1000 <= since
  );
}

function send(request: FastifyRequest, reply: FastifyReply, format: FeedFormat, answer: FeedAnswer) {
  reply.header('cache-control', `public, max-age=${FEED_MAX_AGE_S}`);
  reply.header('etag', answer.etag);
  if (answer.lastModified) reply.header('last-modified', answer.lastModified.toUTCString());
  if (notModified(request, answer)) return reply.status(304).send();
  return reply.header('content-type', FEED_MEDIA_TYPES[format]).send(answer.body);
}

export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = (request: FastifyRequest) =>
    app.rateLimiter.consume({ key: `feeds-ip:${request.ip}`, ...FEED_RATE_LIMIT });
  /** The path and query string as asked, from the site's root. */
  const pathOf = (request: FastifyRequest) =>
    request.url.startsWith(API_PREFIX) ? request.url : `${API_PREFIX}${request.url}`;

  /** A feed of `format`: of every organiser, or (with an `:id`) of one organisation. */
  const feed = (format: FeedFormat, entry: (typeof routes)[keyof typeof routes]) =>
    app.route({
      ...routeOf(entry),
      handler: async (request, reply) => {
        await limit(request);
        const query = request.query as Query;
        const organisation = (request.params as { id?: number } | undefined)?.id;
        const answer = await buildFeed(
          app,
          { format, lang: query.lang, filter: filterOf(query), path: pathOf(request) },
          organisation,
        );
        return send(request, reply, format, answer);
      },
    });

  feed('ics', routes.eventsIcs);
  feed('atom', routes.eventsAtom);
  feed('rss', routes.eventsRss);
  feed('json', routes.eventsJson);
  feed('ics', routes.organisationIcs);
  feed('atom', routes.organisationAtom);
  feed('rss', routes.organisationRss);
  feed('json', routes.organisationJson);
};
