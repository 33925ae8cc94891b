/**
 * The event form's small map (spec section 9): the event's point at the place zoom, or the form's
 * default view without one. Leaflet is loaded when the map is first drawn, after the form has painted,
 * so it never weighs on the form's first render. Decorative for screen readers: the coordinates are
 * given as text under it.
 */
import 'leaflet/dist/leaflet.css';
import './place-map.css';
import { MAP } from '@evmap/contract/constants';
import { Box, Stack, Text } from '@mantine/core';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { afterNextPaint } from '@/lib/after-next-paint';
import { useGlobals } from '@/lib/get-globals';

type LeafletModule = typeof Leaflet;
type Point = { lat: number; lng: number };

/**
 * The point to show, or null: spec section 5 ignores zero and out-of-range coordinates (an event
 * without a place carries none).
 */
export function mapPoint(latitude: number | null | undefined, longitude: number | null | undefined): Point | null {
  const valid = (value: number | null | undefined, limit: number): value is number =>
    typeof value === 'number' && Number.isFinite(value) && value !== 0 && Math.abs(value) <= limit;
  return valid(latitude, 90) && valid(longitude, 180) ? { lat: latitude, lng: longitude } : null;
}

/** A coordinate as shown: at most 5 decimals (about a metre), without trailing zeros. */
export function formatCoordinate(value: number): string {
  return String(Number(value.toFixed(5)));
}

/** The map of the event's place and, under it, its coordinates as text. */
export function PlaceMap({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  const { t } = useTranslation();
  const language = useLang();
  const container = useRef<HTMLDivElement>(null);
  const [leaflet, setLeaflet] = useState<{ L: LeafletModule; map: Leaflet.Map } | null>(null);
  const tiles = useGlobals().data?.map;
  const point = mapPoint(latitude, longitude);
  const lat = point?.lat;
  const lng = point?.lng;

  // The map, once, after the form has painted.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let map: Leaflet.Map | null = null;
    const start = async () => {
      // Without layout (a DOM for tests, a hidden container) there is nothing to draw on: the text says it all.
      if (element.clientWidth === 0) return;
      const loaded = await import('leaflet');
      // The package is CommonJS: bundlers put it on `default`, or spread it on the module.
      const L = ((loaded as { default?: LeafletModule }).default ?? loaded) as LeafletModule;
      if (cancelled) return;
      map = L.map(element, {
        center: MAP.formCenter,
        zoom: MAP.formZoom,
        minZoom: MAP.minZoom,
        maxZoom: MAP.maxZoom,
        // Out of the keyboard's way: the map repeats what the fields say.
        keyboard: false,
        zoomControl: false,
        scrollWheelZoom: false,
        attributionControl: false,
      });
      setLeaflet({ L, map });
    };
    const cancel = afterNextPaint(() => void start());
    return () => {
      cancelled = true;
      cancel();
      map?.remove();
      setLeaflet(null);
    };
  }, []);

  // The tiles of the server's configuration, with their credit (the links kept out of the tab order).
  useEffect(() => {
    if (!leaflet || !tiles) return;
    const { L, map } = leaflet;
    const attribution = (language === 'fr' && tiles.tileAttributionFr) || tiles.tileAttribution;
    const layer = L.tileLayer(tiles.tileUrl, { attribution }).addTo(map);
    const credit = L.control.attribution({ prefix: false }).addTo(map);
    for (const link of credit.getContainer()?.querySelectorAll('a') ?? []) link.tabIndex = -1;
    return () => {
      layer.remove();
      credit.remove();
    };
  }, [leaflet, tiles, language]);

  // The point, or the default view.
  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    if (lat === undefined || lng === undefined) {
      map.setView(MAP.formCenter, MAP.formZoom);
      return;
    }
    map.setView([lat, lng], MAP.placeZoom);
    const marker = L.circleMarker([lat, lng], {
      radius: 9,
      weight: 3,
      color: '#ffffff',
      fillColor: '#1971c2',
      fillOpacity: 1,
      interactive: false,
    }).addTo(map);
    return () => {
      marker.remove();
    };
  }, [leaflet, lat, lng]);

  return (
    <Stack gap={4}>
      <Box
        ref={container}
        aria-hidden="true"
        className="evm-place-map"
        h={220}
        bg="gray.1"
        // Leaflet's panes have high z-indexes: kept in a stacking context of their own, under dropdowns.
        style={{ isolation: 'isolate', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      />
      <Text size="sm" c="dimmed">
        {point
          ? t('placeField.coordinates', {
              latitude: formatCoordinate(point.lat),
              longitude: formatCoordinate(point.lng),
            })
          : t('placeField.noPoint')}
      </Text>
    </Stack>
  );
}
