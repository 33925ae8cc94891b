/** The map's markers, clusters and groups from the marker answers of the view (leaflet/event-markers). */
import type { Marker } from '@evmap/contract/marker-tiles';
import type L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { EventMarkers } from '../leaflet/event-markers';

/**
 * Shows `markers` and their clusters on `map`; `onSelect` is called with a chosen marker. When `selected` (the
 * open event) goes back to nothing, the marker that opened it gets the focus back.
 */
export function useEventMarkers(
  map: L.Map | null,
  markers: readonly Marker[],
  onSelect: (marker: Marker) => void,
  selected?: string,
) {
  const { t } = useTranslation();
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const layer = useRef<EventMarkers | null>(null);
  const labels = useRef(t);
  labels.current = t;
  const wasSelected = useRef(selected);

  useEffect(() => {
    if (!map) return;
    const created = new EventMarkers(map, { select: onSelectRef }, labels.current);
    layer.current = created;
    return () => {
      created.dispose();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (map) layer.current?.setData(markers);
  }, [map, markers]);

  useEffect(() => {
    if (map) layer.current?.setLabels(t);
  }, [map, t]);

  // The modal closed (it took the focus with it): back to the marker that opened it.
  useEffect(() => {
    const before = wasSelected.current;
    wasSelected.current = selected;
    if (before && !selected) layer.current?.restoreFocus();
  }, [selected]);
}
