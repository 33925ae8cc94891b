/**
 * The markers of the map's view: the marker answers of the tiles covering it (1 to 4, usually 1), for the chosen
 * day and category, in the user's language, from TanStack Query (api/markers.ts). An event held by two answers is
 * shown once; the list keeps its identity while no answer changes, so the markers are not redrawn for nothing.
 */
import { type Marker, markerTileZoom, tilesCovering } from '@evmap/contract/marker-tiles';
import { useQueries } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLang } from '@/i18n/use-lang';
import { markerTileQueryOptions, type TileMarkers } from '../api/markers';
import type { Bounds } from '../utils/geo';
import { useSearchStore } from './use-search-store';

/** What the map shows: its bounds and zoom (null until the map has a size). */
export type MapView = { bounds: Bounds; zoom: number };

/** The markers of `view`, and whether one of its answers was cut at MARKERS_MAX (zoom in to see every event). */
export function useMapMarkers(view: MapView | null): {
  markers: readonly Marker[];
  capped: boolean;
  /** True until every answer of the view came (or failed). */
  isLoading: boolean;
} {
  const day = useSearchStore((s) => s.selectedDay);
  const category = useSearchStore((s) => s.categoryId);
  const text = useSearchStore((s) => s.text);
  const access = useSearchStore((s) => s.access);
  // The filters come in the contract's order (the list's filter sets them so): one choice, one URL and cache entry.
  const accessParam = access.join(',');
  const lang = useLang();
  const tiles = view
    ? tilesCovering(
        {
          north: view.bounds.northLat,
          south: view.bounds.southLat,
          west: view.bounds.westLng,
          east: view.bounds.eastLng,
        },
        markerTileZoom(view.zoom),
      )
    : [];
  const answers = useQueries({
    queries: tiles.map((tile) => markerTileQueryOptions({ day, category, lang, text, access: accessParam, ...tile })),
  });
  const last = useRef<{ data: Array<TileMarkers | undefined>; markers: readonly Marker[]; capped: boolean }>({
    data: [],
    markers: [],
    capped: false,
  });
  const data = answers.map((answer) => answer.data);
  const previous = last.current;
  if (data.length !== previous.data.length || data.some((answer, i) => answer !== previous.data[i])) {
    const byId = new Map<number, Marker>();
    for (const answer of data) for (const marker of answer?.markers ?? []) byId.set(marker.id, marker);
    last.current = { data, markers: [...byId.values()], capped: data.some((answer) => answer?.capped) };
  }
  const isLoading = answers.some((answer) => answer.isPending && answer.fetchStatus !== 'idle');
  return { markers: last.current.markers, capped: last.current.capped, isLoading };
}
