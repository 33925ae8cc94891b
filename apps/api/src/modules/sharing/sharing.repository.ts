/** Queries of the sharing pages: one row per shared event, and the sitemap's list. */

import { isUuid } from '@evmap/contract/uuid';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { EventRecord } from '../events/events.repository';

/** What a share page, a calendar file or a sitemap entry shows of an event. */
export type SharedEvent = Pick<
  EventRecord,
  | 'id'
  | 'uuid'
  | 'handle'
  | 'titleFr'
  | 'titleEn'
  | 'descriptionFr'
  | 'descriptionEn'
  | 'address'
  | 'city'
  | 'zipcode'
  | 'state'
  | 'country'
  | 'latitude'
  | 'longitude'
  | 'price'
  | 'website'
  | 'externalLink'
  | 'timeZone'
  | 'images'
  | 'dates'
  | 'access'
  | 'accessNoteFr'
  | 'accessNoteEn'
> & {
  /** The creator's (business) name, when known. */
  organizerName: string | null;
  /** Last change, ISO 8601 UTC. */
  updatedAt: string;
  /** Raised on each change (iCalendar SEQUENCE). */
  revision: number;
};

/**
 * An active, not deleted event by handle or uuid, with its images, dates and organizer, in one query
 * (the share page is hit by every link preview, so it stays cheap).
 */
export async function findSharedEvent(
  db: Executor,
  handleOrUuid: string,
  options: { uuidOnly?: boolean } = {},
): Promise<SharedEvent | undefined> {
  const byUuid = isUuid(handleOrUuid);
  if (options.uuidOnly && !byUuid) return undefined;
  const match = byUuid
    ? options.uuidOnly
      ? sql`e.uuid = ${handleOrUuid}::uuid`
      : sql`(e.uuid = ${handleOrUuid}::uuid OR e.handle = ${handleOrUuid})`
    : sql`e.handle = ${handleOrUuid}`;
  const result = await db.execute<SharedEvent>(sql`
    SELECT e.id, e.uuid::text AS "uuid", e.handle, e.title_fr AS "titleFr", e.title_en AS "titleEn",
      e.description_fr AS "descriptionFr", e.description_en AS "descriptionEn",
      e.address, e.city, e.zipcode, e.state, e.country, e.latitude, e.longitude, e.price,
      e.website, e.external_link AS "externalLink", e.time_zone AS "timeZone",
      e.access, e.access_note_fr AS "accessNoteFr", e.access_note_en AS "accessNoteEn",
      u.name AS "organizerName",
      to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt", e.revision,
      COALESCE((SELECT json_agg(json_build_object('imagePath', i.image_path, 'orderIdx', i.order_idx,
          'formats', i.formats) ORDER BY i.order_idx, i.id) FROM event_images i WHERE i.event_id = e.id), '[]') AS images,
      COALESCE((SELECT json_agg(json_build_object(
          'startDate', to_char(d.start_date, 'YYYY-MM-DD HH24:MI:SS'),
          'endDate', to_char(d.end_date, 'YYYY-MM-DD HH24:MI:SS')) ORDER BY d.start_date, d.id)
        FROM event_dates d WHERE d.event_id = e.id), '[]') AS dates
    FROM events e LEFT JOIN users u ON u.id = e.creator_id AND u.deleted_at IS NULL
    WHERE ${match} AND e.active AND e.deleted_at IS NULL
    ORDER BY (e.uuid::text = ${handleOrUuid.toLowerCase()}) DESC
    LIMIT 1`);
  return result.rows[0];
}

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Active, not deleted events that have not ended in their zone, soonest end first, at most `limit`. */
export async function listSitemapEvents(
  db: Executor,
  limit: number,
): Promise<Array<{ handle: string; lastmod: string }>> {
  const result = await db.execute<{ handle: string; lastmod: string }>(sql`
    SELECT e.handle, to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
    FROM events e
    WHERE e.active AND e.deleted_at IS NULL AND e.last_ends_at >= (now() AT TIME ZONE e.time_zone)
    ORDER BY e.last_ends_at, e.id
    LIMIT ${limit}`);
  return result.rows;
}
