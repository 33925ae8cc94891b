/** The map's markers, clusters and groups from the search store, in the user's language (event-markers). */
import type { Event } from '@evmap/contract/events';
import type L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { EventMarkers } from './event-markers';
import { useSearchStore } from './use-search-store';

/**
 * Shows the latest search's markers and clusters on `map`; `onSelect` is called with a chosen event. When
 * `selected` (the open event) goes back to nothing, the marker that opened it gets the focus back.
 */
export function useEventMarkers(map: L.Map | null, onSelect: (event: Event) => void, selected?: string) {
  const { t } = useTranslation();
  const lang = useLang();
  const eventsById = useSearchStore((s) => s.eventsById);
  const eventIds = useSearchStore((s) => s.eventIds);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const markers = useRef<EventMarkers | null>(null);
  const labels = useRef({ lang, t });
  labels.current = { lang, t };
  const wasSelected = useRef(selected);

  useEffect(() => {
    if (!map) return;
    const created = new EventMarkers(map, onSelectRef, labels.current.lang, labels.current.t);
    markers.current = created;
    return () => {
      created.dispose();
      markers.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (map) markers.current?.setData(eventIds, eventsById);
  }, [map, eventIds, eventsById]);

  useEffect(() => {
    if (map) markers.current?.setLabels(lang, t);
  }, [map, lang, t]);

  // The modal closed (it took the focus with it): back to the marker that opened it.
  useEffect(() => {
    const before = wasSelected.current;
    wasSelected.current = selected;
    if (before && !selected) markers.current?.restoreFocus();
  }, [selected]);
}
