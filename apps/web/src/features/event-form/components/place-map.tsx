/**
 * The event form's small map (spec section 9): the event's point at the place zoom, or the form's
 * default view without one. The organiser places the pin where the event really is: drag it, click the
 * map, or, with the keyboard, focus the map and move the pin with the arrow keys (Shift for longer
 * steps); the coordinates under the map are read out as they change. Leaflet is loaded when the map first
 * comes near the screen, after the form has painted, so it never weighs on the form's first render, nor on the
 * page at all while the map is far below (a phone shows the form's first fields).
 */
import 'leaflet/dist/leaflet.css';
import './place-map.css';
import { MAP } from '@evmap/contract/constants';
import { usableCoordinate } from '@evmap/contract/map-readiness';
import { Box, Stack, Text } from '@mantine/core';
import type * as Leaflet from 'leaflet';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { afterNextPaint } from '@/lib/after-next-paint';
import { useGlobals } from '@/lib/get-globals';

type LeafletModule = typeof Leaflet;
type Point = { lat: number; lng: number };

/**
 * The point to show, or null: spec section 5 ignores zero and out-of-range coordinates (an event
 * without a place carries none).
 */
export function mapPoint(latitude: number | null | undefined, longitude: number | null | undefined): Point | null {
  return usableCoordinate(latitude, 90) && usableCoordinate(longitude, 180) ? { lat: latitude, lng: longitude } : null;
}

/** A coordinate as shown: at most 5 decimals (about a metre), without trailing zeros. */
export function formatCoordinate(value: number): string {
  return String(Number(value.toFixed(5)));
}

/** Calls `show` once `element` comes near the viewport (after the next paint without IntersectionObserver). */
function whenNearView(element: HTMLElement, show: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return afterNextPaint(show);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      show();
    },
    { rootMargin: '300px 0px' },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** One arrow key step, in metres (ten times more with Shift): a door along a street. */
export const PIN_STEP_METRES = 10;
const METRES_PER_DEGREE = 111_320;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The point moved `dx` steps east and `dy` steps north (a step of `metres`), kept on the map. */
export function movePoint(point: Point, dx: number, dy: number, metres = PIN_STEP_METRES): Point {
  const dLat = (dy * metres) / METRES_PER_DEGREE;
  const dLng = (dx * metres) / (METRES_PER_DEGREE * Math.max(Math.cos((point.lat * Math.PI) / 180), 0.01));
  return { lat: round6(Math.max(-89.9, Math.min(89.9, point.lat + dLat))), lng: round6(point.lng + dLng) };
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export type PlaceMapProps = {
  latitude: number | null;
  longitude: number | null;
  /** Called when the organiser moves the pin (drag, click, arrow keys); without it the map only shows. */
  onMove?: (point: Point) => void;
};

/** The map of the event's place and, under it, its coordinates as text. */
export function PlaceMap({ latitude, longitude, onMove }: PlaceMapProps) {
  const { t } = useTranslation();
  const language = useLang();
  const container = useRef<HTMLDivElement>(null);
  const [leaflet, setLeaflet] = useState<{ L: LeafletModule; map: Leaflet.Map } | null>(null);
  const tiles = useGlobals().data?.map;
  const point = mapPoint(latitude, longitude);
  const lat = point?.lat;
  const lng = point?.lng;
  const movable = Boolean(onMove);
  const hintId = useId();
  // The latest handler, for Leaflet's listeners registered once.
  const move = useRef(onMove);
  move.current = onMove;
  // Set when the pin moved here (drag, click, keys): the map then stays at its zoom instead of jumping.
  const movedHere = useRef(false);
  const marker = useRef<Leaflet.Marker | null>(null);

  const moveTo = useCallback((next: Point) => {
    movedHere.current = true;
    move.current?.({ lat: round6(next.lat), lng: round6(next.lng) });
  }, []);

  // The map, once, when it comes near the screen (after the form has painted).
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let map: Leaflet.Map | null = null;
    const start = async () => {
      // Without layout (a DOM for tests, a hidden container) there is nothing to draw on: the text says it all.
      if (element.clientWidth === 0) return;
      // The app's Leaflet (lib/leaflet.ts, an ES module).
      const L: LeafletModule = (await import('leaflet')).default;
      if (cancelled) return;
      map = L.map(element, {
        center: MAP.formCenter,
        zoom: MAP.formZoom,
        minZoom: MAP.minZoom,
        maxZoom: MAP.maxZoom,
        // The keyboard moves the pin (the focusable box around the map), not Leaflet's view.
        keyboard: false,
        zoomControl: false,
        scrollWheelZoom: false,
        attributionControl: false,
      });
      map.on('click', (event: Leaflet.LeafletMouseEvent) => {
        if (move.current) moveTo(event.latlng);
      });
      setLeaflet({ L, map });
    };
    const cancel = whenNearView(element, () => void start());
    return () => {
      cancelled = true;
      cancel();
      map?.remove();
      marker.current = null;
      setLeaflet(null);
    };
  }, [moveTo]);

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

  // The pin, or the default view: a point from elsewhere (a picked place) is shown at the place zoom; a pin
  // moved on the map stays in view at the zoom the organiser chose.
  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    const here = movedHere.current;
    movedHere.current = false;
    if (lat === undefined || lng === undefined) {
      marker.current?.remove();
      marker.current = null;
      map.setView(MAP.formCenter, MAP.formZoom);
      return;
    }
    if (!marker.current) {
      marker.current = L.marker([lat, lng], {
        draggable: true,
        keyboard: false,
        icon: L.divIcon({ className: 'evm-place-pin', iconSize: [22, 22], iconAnchor: [11, 11] }),
      }).addTo(map);
      marker.current.on('dragend', () => {
        const position = marker.current?.getLatLng();
        if (position && move.current) moveTo(position);
      });
    } else marker.current.setLatLng([lat, lng]);
    if (here) map.panInside([lat, lng], { padding: [24, 24] });
    else map.setView([lat, lng], MAP.placeZoom);
  }, [leaflet, lat, lng, moveTo]);

  // Dragging follows whether the pin may be moved (a read-only form shows it only).
  useEffect(() => {
    const dragging = marker.current?.dragging;
    if (!dragging) return;
    if (movable) dragging.enable();
    else dragging.disable();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (!arrow || !onMove) return;
    event.preventDefault();
    // Without a point yet, the first arrow puts the pin at the centre of what the map shows.
    const centre = leaflet?.map.getCenter() ?? MAP.formCenter;
    const from = point ?? { lat: centre.lat, lng: centre.lng };
    const next = point ? movePoint(from, arrow[0], arrow[1], PIN_STEP_METRES * (event.shiftKey ? 10 : 1)) : from;
    moveTo(next);
  };

  const mapBox = (
    <Box
      ref={container}
      aria-hidden="true"
      className="evm-place-map"
      h={220}
      bg="gray.1"
      // Leaflet's panes have high z-indexes: kept in a stacking context of their own, under dropdowns.
      style={{ isolation: 'isolate', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
    />
  );

  return (
    <Stack gap={4}>
      {movable ? (
        <Box
          role="application"
          tabIndex={0}
          aria-label={t('placeMap.label')}
          aria-describedby={hintId}
          onKeyDown={onKeyDown}
          className="evm-place-map-focus"
        >
          {mapBox}
        </Box>
      ) : (
        mapBox
      )}
      {movable && (
        <Text id={hintId} size="sm" c="dimmed">
          {t('placeMap.hint')}
        </Text>
      )}
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
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
