/** Sharing: the event page with its preview tags, the calendar file and the sitemap. */
import type { Lang } from '@evmap/contract/enums';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { buildIcs } from './ics';
import { injectShareTags, shareHeadTags } from './share-page';
import { presentSharedEvent } from './shared-event.presenter';
import { findSharedEvent, listSitemapEvents, SITEMAP_MAX_URLS } from './sharing.repository';
import { buildSitemap } from './sitemap';

export type SharingDeps = Pick<FastifyInstance, 'db' | 'storage' | 'indexHtml'> & { config: { appUrl: string } };

/**
 * The app's HTML for /events/{handleOrUuid}: with the event's tags when it is active and not deleted,
 * else unchanged (the app then sends the visitor home). Undefined when the web app is not built.
 */
export async function sharePage(deps: SharingDeps, handleOrUuid: string, lang: Lang): Promise<string | undefined> {
  const html = deps.indexHtml();
  if (html === undefined) return undefined;
  if (handleOrUuid.length > 200) return html;
  const event = await findSharedEvent(deps.db, handleOrUuid);
  if (!event) return html;
  const view = presentSharedEvent(event, lang, { appUrl: deps.config.appUrl, storage: deps.storage });
  return injectShareTags(html, shareHeadTags(event, view), lang);
}

/** GET /public/events/{uuid}/ics: 404 unless the event is active, not deleted and has dates (a calendar needs one). */
export async function eventCalendar(
  deps: SharingDeps,
  uuid: string,
  lang: Lang,
): Promise<{ filename: string; body: string }> {
  const event = await findSharedEvent(deps.db, uuid, { uuidOnly: true });
  if (!event || event.dates.length === 0) throw notFound();
  const view = presentSharedEvent(event, lang, { appUrl: deps.config.appUrl, storage: deps.storage });
  return { filename: `${event.handle}.ics`, body: buildIcs(event, view) };
}

/** GET /sitemap.xml: the home page and at most 49,999 upcoming events (50,000 URLs in all). */
export async function sitemap(deps: SharingDeps): Promise<string> {
  const events = await listSitemapEvents(deps.db, SITEMAP_MAX_URLS - 1);
  return buildSitemap(deps.config.appUrl, events);
}
