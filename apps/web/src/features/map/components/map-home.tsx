/** The map part of the home page, loaded lazily so that Leaflet stays out of the first load. */
import '@/boot/map-preview.css';
import type { Marker } from '@evmap/contract/marker-tiles';
import { Box, Center } from '@mantine/core';
import { useEffect, useState } from 'react';
import { dismissMapPreview } from '@/boot/map-preview-dom';
import { Spinner } from '@/components/spinner';
import { useTranslation } from '@/i18n/use-translation';
import { loadOnce } from '@/lib/load-once';
import { MapErrorBoundary } from './map-error-boundary';

type MapScreenModule = typeof import('./map-screen');
let loaded: MapScreenModule | null = null;

// A failed download is tried again by the next mount.
const loadMapScreen = loadOnce(() =>
  import('./map-screen').then((module) => {
    loaded = module;
    return module;
  }),
);

/** Starts fetching the map's code before React renders the home (the map is the first screen's main content). */
export function preloadMapScreen(): void {
  // A failure is shown by the map screen when it mounts (and tried again then).
  loadMapScreen().catch(() => undefined);
}

export type MapHomeProps = {
  /** CSS height of the map area. */
  height: string;
  onSelect: (marker: Marker) => void;
  /** The handle or uuid of the event open over the map, if any. */
  selected?: string;
};

/**
 * The map screen once its code is there: rendered at once when the preload has already brought it. Not React.lazy
 * plus Suspense, whose reveal React throttles (up to 300 ms) even when the code arrives sooner.
 */
function MapScreenWhenLoaded({ onSelect, selected }: Pick<MapHomeProps, 'onSelect' | 'selected'>) {
  const [module, setModule] = useState(loaded);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (module) return;
    let live = true;
    loadMapScreen().then(
      (m) => live && setModule(m),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [module]);
  // A chunk that cannot load is shown by the error boundary around.
  if (error) throw error;
  if (!module) {
    // Hidden while the boot script's map preview is shown (map-preview.css): the map is already there to see.
    return (
      <Center h="100%" className="evm-map-loader">
        <Spinner />
      </Center>
    );
  }
  return <module.MapScreen onSelect={onSelect} selected={selected} />;
}

/** The home's map area, `height` tall: the map screen once its code has loaded, in the map's error boundary. */
export function MapHome({ height, onSelect, selected }: MapHomeProps) {
  const { t } = useTranslation();
  // Leaving the home before the live map took over (its code still loading) takes the map preview away too.
  useEffect(() => () => dismissMapPreview(), []);
  return (
    <Box pos="relative" h={height} style={{ overflow: 'hidden' }}>
      <MapErrorBoundary fallback={t('map.failed')}>
        <MapScreenWhenLoaded onSelect={onSelect} selected={selected} />
      </MapErrorBoundary>
    </Box>
  );
}
