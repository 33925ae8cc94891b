/**
 * `GET /public/events/markers`: the markers of a day, category and tile (issue 23), as TanStack Query holds them.
 *
 * One query per tile (`eventKeys.markerTile`): a view asks for the 1 to 4 tiles covering it, nearby views share
 * them, and a tile already held costs nothing while fresh. The browser's HTTP cache may keep an answer for
 * MARKERS_MAX_AGE_S seconds (and a CDN too): a tile a change touched is fetched with `cache: 'no-cache'`, so the
 * browser revalidates it (a 304 when nothing changed after all) instead of handing back what it held.
 */
import { DAY_NOW } from '@evmap/contract/constants';
import type { Lang } from '@evmap/contract/enums';
import type { Event } from '@evmap/contract/events';
import {
  decodeMarkers,
  type LiveChange,
  MARKERS_MAX_AGE_S,
  type Marker,
  tileHolds,
} from '@evmap/contract/marker-tiles';
import { eventRoutes } from '@evmap/contract/routes/events';
import { hashKey, type Query, type QueryClient, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { onEventChanged } from '@/lib/event-changes';
import { eventKeys } from '@/lib/query-keys';

export type MarkerTile = {
  /** A calendar day, or DAY_NOW. */
  day: string;
  category: number | null;
  lang: Lang;
  z: number;
  x: number;
  y: number;
  /** Words to find ('' for none). */
  text?: string;
  /** Accessibility attributes every event must have, comma-separated in a fixed order ('' for none). */
  access?: string;
};
export type TileMarkers = { capped: boolean; markers: Marker[] };

/** A tile held this long is fresh: live changes refresh what they touch meanwhile. */
const FRESH_MS = 5 * 60_000;
/** A tile no view has used for this long is dropped (memory stays bounded while the user roams). */
const KEEP_MS = 2 * 60_000;
const HTTP_CACHE_MS = MARKERS_MAX_AGE_S * 1000;

/** Until when the browser's copy of a tile (by query hash) must be revalidated; `all` for every tile. */
const revalidateUntil = new Map<string, number>();
let revalidateAllUntil = 0;

function mustRevalidate(hash: string): boolean {
  const now = Date.now();
  const until = revalidateUntil.get(hash);
  if (until !== undefined && until <= now) revalidateUntil.delete(hash);
  return now < revalidateAllUntil || (until !== undefined && now < until);
}

/** The query of one tile's markers. */
export const markerTileQueryOptions = (tile: MarkerTile) =>
  queryOptions({
    queryKey: eventKeys.markerTile(tile),
    queryFn: async ({ queryKey, signal }): Promise<TileMarkers> => {
      const query = {
        day: tile.day,
        z: tile.z,
        x: tile.x,
        y: tile.y,
        lang: tile.lang,
        ...(tile.category === null ? {} : { category: tile.category }),
        ...(tile.text ? { q: tile.text } : {}),
        ...(tile.access ? { access: tile.access } : {}),
      };
      const answer = await callEndpoint(eventRoutes.markers, {
        query,
        signal,
        cache: mustRevalidate(hashKey(queryKey)) ? 'no-cache' : undefined,
      });
      return { capped: answer.capped, markers: decodeMarkers(answer) };
    },
    staleTime: FRESH_MS,
    gcTime: KEEP_MS,
    // Another day, category or language of the same tile: its markers stay shown until the new ones come.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameTile(previousQuery.queryKey, tile) ? previous : undefined,
  });

function sameTile(key: readonly unknown[], tile: MarkerTile): boolean {
  return key[5] === tile.z && key[6] === tile.x && key[7] === tile.y;
}

/** The tile of a marker query's key. */
function tileOf(query: Query): (Omit<MarkerTile, 'lang' | 'category'> & { category: unknown }) | null {
  const [, , day, category, , z, x, y] = query.queryKey;
  if (typeof day !== 'string' || typeof z !== 'number' || typeof x !== 'number' || typeof y !== 'number') return null;
  return { day, category, z, x, y };
}

/**
 * Whether a change can touch this tile's answer: the answer holds the event (it changed, moved away or left the
 * map), or the event is now on the tile's day and in its box.
 */
export function changeTouches(change: LiveChange, query: Query): boolean {
  const data = query.state.data as TileMarkers | undefined;
  if (data?.markers.some((marker) => marker.id === change.id)) return true;
  const place = change.place;
  const tile = tileOf(query);
  if (!place || !tile) return false;
  // "Now" spans the days around today: any day of the change may touch it.
  if (place.days && tile.day !== DAY_NOW && !place.days.includes(tile.day)) return false;
  return tileHolds(tile, place.lat, place.lng);
}

/**
 * After a live change: the marker answers it touches are fetched again (past the browser's copy) and the event's
 * own details too; nothing else.
 */
export function refreshAfterChange(client: QueryClient, change: LiveChange): Promise<void> {
  const touched = (query: Query) => changeTouches(change, query);
  for (const query of client.getQueryCache().findAll({ queryKey: eventKeys.markers(), predicate: touched })) {
    revalidateUntil.set(query.queryHash, Date.now() + HTTP_CACHE_MS);
  }
  return Promise.all([
    client.invalidateQueries({ queryKey: eventKeys.markers(), predicate: touched }),
    client.invalidateQueries({
      queryKey: eventKeys.details(),
      predicate: (query) => {
        const data = query.state.data as Event | Record<number, Event> | undefined;
        if (!data) return false;
        // An event's own details, or a page of a list's events holding it.
        return 'uuid' in data ? data.id === change.id : change.id in data;
      },
    }),
  ]).then(() => undefined);
}

/**
 * After changes whose place is unknown (an event saved in this tab, or a live stream that was interrupted): every
 * marker answer is fetched again, past the browser's copy for as long as it may keep one.
 */
export function refreshEveryTile(client: QueryClient): Promise<void> {
  revalidateAllUntil = Date.now() + HTTP_CACHE_MS;
  return client.invalidateQueries({ queryKey: eventKeys.markers() });
}

/**
 * The answers read before `instant` are fetched again (past the browser's copy): those kept from an earlier visit
 * of the map, when no live stream told of the changes made since.
 */
export function refreshTilesOlderThan(client: QueryClient, instant: number): Promise<void> {
  const older = (query: Query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < instant;
  const found = client.getQueryCache().findAll({ queryKey: eventKeys.markers(), predicate: older });
  if (found.length === 0) return Promise.resolve();
  for (const query of found) revalidateUntil.set(query.queryHash, Date.now() + HTTP_CACHE_MS);
  return client.invalidateQueries({ queryKey: eventKeys.markers(), predicate: older });
}

// An event saved in this tab (the event form, the moderation queue): the browser's copies are revalidated for as
// long as it may keep them, also when the map is not shown (its queries are refreshed by the saving screen).
onEventChanged(() => {
  revalidateAllUntil = Date.now() + HTTP_CACHE_MS;
});
