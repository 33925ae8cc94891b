import { type LiveChange, tilesCovering } from '@evmap/contract/marker-tiles';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { heldMarker } from '@/lib/held-marker';
import { eventKeys } from '@/lib/query-keys';
import { testEvent, testMarker } from '@/test/fixtures';
import { type MarkerTile, refreshAfterChange, refreshTilesOlderThan, type TileMarkers } from './markers';

const MONTREAL = { lat: 45.5017, lng: -73.5673 };
const QUEBEC = { lat: 46.8139, lng: -71.208 };
const tileAt = (place: { lat: number; lng: number }, day: string): MarkerTile => ({
  day,
  category: null,
  lang: 'fr',
  ...tilesCovering({ north: place.lat, south: place.lat, west: place.lng, east: place.lng }, 9)[0]!,
});

/** A client holding the answers of Montréal and Québec City on two days; the jazz night (id 7) is in Montréal's. */
function held() {
  const client = new QueryClient();
  const tiles = {
    montreal: tileAt(MONTREAL, '2026-12-01'),
    montrealNextDay: tileAt(MONTREAL, '2026-12-02'),
    quebec: tileAt(QUEBEC, '2026-12-01'),
  };
  const answer = (markers: TileMarkers['markers']): TileMarkers => ({ capped: false, markers });
  client.setQueryData(eventKeys.markerTile(tiles.montreal), answer([testMarker({ id: 7, handle: 'jazz' })]));
  client.setQueryData(eventKeys.markerTile(tiles.montrealNextDay), answer([]));
  client.setQueryData(eventKeys.markerTile(tiles.quebec), answer([testMarker({ id: 8, ...QUEBEC })]));
  client.setQueryData(eventKeys.detail('jazz', 'public'), testEvent({ id: 7, handle: 'jazz' }));
  client.setQueryData(eventKeys.detail('other', 'public'), testEvent({ id: 9, handle: 'other' }));
  const invalidated = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
  return { client, tiles, invalidated };
}

describe('refreshing after a live change', () => {
  it('refreshes the answers holding the event and its details, when it changed in place', async () => {
    const { client, tiles, invalidated } = held();
    const change: LiveChange = {
      type: 'updated',
      id: 7,
      uuid: 'u',
      place: { days: ['2026-12-01'], lat: MONTREAL.lat, lng: MONTREAL.lng },
    };
    await refreshAfterChange(client, change);
    expect(invalidated()).toEqual([eventKeys.markerTile(tiles.montreal), eventKeys.detail('jazz', 'public')]);
  });

  it('refreshes the answers of its new days and tile when an event arrives or moves there', async () => {
    const { client, tiles, invalidated } = held();
    await refreshAfterChange(client, {
      type: 'created',
      id: 20,
      uuid: 'u',
      place: { days: ['2026-12-02'], lat: MONTREAL.lat, lng: MONTREAL.lng },
    });
    expect(invalidated()).toEqual([eventKeys.markerTile(tiles.montrealNextDay)]);
  });

  it('refreshes every day of the tile when the change has too many days to list', async () => {
    const { client, tiles, invalidated } = held();
    await refreshAfterChange(client, {
      type: 'created',
      id: 20,
      uuid: 'u',
      place: { days: null, lat: MONTREAL.lat, lng: MONTREAL.lng },
    });
    expect(invalidated()).toEqual([eventKeys.markerTile(tiles.montreal), eventKeys.markerTile(tiles.montrealNextDay)]);
  });

  it('refreshes only the answers holding an event that left the map', async () => {
    const { client, tiles, invalidated } = held();
    await refreshAfterChange(client, { type: 'deleted', id: 8, uuid: 'u', place: null });
    expect(invalidated()).toEqual([eventKeys.markerTile(tiles.quebec)]);
  });

  it('refreshes the answers kept from an earlier visit of the map, and only those', async () => {
    const { client, tiles, invalidated } = held();
    const instant = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 2));
    client.setQueryData(eventKeys.markerTile({ ...tiles.quebec, day: '2026-12-03' }), { capped: false, markers: [] });
    await refreshTilesOlderThan(client, instant);
    expect(invalidated()).toEqual([
      eventKeys.markerTile(tiles.montreal),
      eventKeys.markerTile(tiles.montrealNextDay),
      eventKeys.markerTile(tiles.quebec),
    ]);
  });
});

describe('held markers', () => {
  it('finds what the map already knows of an event by its handle', () => {
    const { client } = held();
    expect(heldMarker(client, 'jazz')?.id).toBe(7);
    expect(heldMarker(client, 'nowhere')).toBeUndefined();
  });
});
