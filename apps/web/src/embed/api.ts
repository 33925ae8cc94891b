/**
 * The public data the embed page reads, as the map and the list read it: the globals (tiles, categories), the
 * marker tiles of a day and filter, the events' details by id, and a city's place. Plain `fetch` without cookies
 * and without the app's session headers: the page stores and sends nothing of the visitor's.
 */
import type { Lang } from '@evmap/contract/enums';
import type { Event } from '@evmap/contract/events';
import type { GlobalsResponse } from '@evmap/contract/globals';
import { decodeMarkers, type Marker, type MarkersAnswer } from '@evmap/contract/marker-tiles';
import type { PlacesResponse } from '@evmap/contract/places';
import { eventRoutes } from '@evmap/contract/routes/events';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { urlOf } from '@evmap/contract/routes/route';

async function getJson<T>(path: string, lang: Lang): Promise<T> {
  const response = await fetch(path, {
    credentials: 'omit',
    headers: { Accept: 'application/json', 'Accept-Language': lang },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

export const getGlobals = (lang: Lang) => getJson<GlobalsResponse>(urlOf(globalsRoutes.globals), lang);

export type TileQuery = {
  day: string;
  lang: Lang;
  category: number | null;
  q: string;
  access: readonly string[];
};

/** The markers of tile `z/x/y` for the filter. */
export async function getTile(
  tile: { z: number; x: number; y: number },
  query: TileQuery,
): Promise<{ capped: boolean; markers: Marker[] }> {
  const answer = await getJson<MarkersAnswer>(
    urlOf(eventRoutes.markers, undefined, {
      day: query.day,
      ...tile,
      lang: query.lang,
      ...(query.category === null ? {} : { category: query.category }),
      ...(query.q ? { q: query.q } : {}),
      ...(query.access.length > 0 ? { access: query.access.join(',') } : {}),
    }),
    query.lang,
  );
  return { capped: answer.capped, markers: decodeMarkers(answer) };
}

/** The events of `ids`, in that order (those no longer visible left out). */
export async function getEvents(ids: number[], lang: Lang): Promise<Event[]> {
  if (ids.length === 0) return [];
  const answer = await getJson<{ events: Event[] }>(urlOf(eventRoutes.byIds, undefined, { ids: ids.join(',') }), lang);
  return answer.events;
}

/** The point of a city named in the page's address (the first city the place search finds), or null. */
export async function findCity(city: string, lang: Lang): Promise<{ lat: number; lng: number } | null> {
  const { places } = await getJson<PlacesResponse>(urlOf(globalsRoutes.places, undefined, { q: city, lang }), lang);
  const place = places.find((candidate) => candidate.precision === 'city') ?? places[0];
  return place ? { lat: place.latitude, lng: place.longitude } : null;
}
