/**
 * An organisation's public page (issue 26): 404 for an unknown handle, 410 for a removed organisation (as its feeds
 * answer), else its public face, a page of its upcoming events in the list's shape, and its feeds' addresses.
 */
import { FEED_FORMATS, type FeedFormat } from '@evmap/contract/feeds';
import { ORGANISATION_EVENTS_PAGE_SIZE, type OrganisationPage } from '@evmap/contract/organisations';
import { feedsRoutes } from '@evmap/contract/routes/feeds';
import { API_PREFIX, pathOf } from '@evmap/contract/routes/route';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../errors';
import { presentEvent } from '../events/event.presenter';
import { findEventsByIds } from '../events/events.repository';
import { findOrganisationByHandle, findUpcomingEventIds } from './organisations.repository';

export type OrganisationsDeps = Pick<FastifyInstance, 'db' | 'storage'> & { config: { appUrl: string } };

const FEED_ROUTES: Record<FeedFormat, { path: string }> = {
  ics: feedsRoutes.organisationIcs,
  atom: feedsRoutes.organisationAtom,
  rss: feedsRoutes.organisationRss,
  json: feedsRoutes.organisationJson,
};

/** The absolute addresses of an organisation's feeds. */
export function organisationFeeds(appUrl: string, id: number): OrganisationPage['feeds'] {
  return Object.fromEntries(
    FEED_FORMATS.map((format) => [format, `${appUrl}${API_PREFIX}${pathOf(FEED_ROUTES[format], { id })}`]),
  ) as OrganisationPage['feeds'];
}

export async function organisationPage(
  deps: OrganisationsDeps,
  handle: string,
  page: number,
): Promise<OrganisationPage> {
  const organisation = await findOrganisationByHandle(deps.db, handle);
  if (!organisation) throw notFound();
  if (organisation.removed) throw new AppError(410, { global: { key: 'organisationGone' } });
  const limit = ORGANISATION_EVENTS_PAGE_SIZE;
  const { ids, total } = await findUpcomingEventIds(deps.db, organisation.id, { limit, offset: (page - 1) * limit });
  const byId = new Map((await findEventsByIds(deps.db, ids)).map((event) => [event.id, event]));
  const events = ids.flatMap((id) => {
    const event = byId.get(id);
    return event ? [presentEvent(event, deps.storage)] : [];
  });
  return {
    organisation: {
      id: organisation.id,
      handle: organisation.handle,
      name: organisation.name ?? organisation.handle,
      website: organisation.website,
    },
    events,
    pagination: { page, limit, totalCount: total, totalPages: Math.ceil(total / limit) },
    feeds: organisationFeeds(deps.config.appUrl, organisation.id),
  };
}
