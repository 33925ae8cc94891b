/**
 * The location permission prompt: shown when no valid choice is stored; accepting asks the
 * browser for the position, refusing (or an error) stores a null location. A stored position is
 * reused at once and then watched. Non-blocking, so the map stays usable meanwhile.
 */
import { MAP } from '@evmap/contract/constants';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useOverlayTurn } from '@/lib/overlay-turn';
import { useSearchStore } from '../hooks/use-search-store';
import { readStoredLocation, storeLocation } from '../utils/stored-location';

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

function watchPosition(): () => void {
  if (!hasGeolocation()) return () => undefined;
  const id = navigator.geolocation.watchPosition(
    ({ coords }) => useSearchStore.getState().setLocation({ lat: coords.latitude, lng: coords.longitude }),
    () => undefined,
  );
  return () => navigator.geolocation.clearWatch(id);
}

/** The prompt (when needed) and the position watch (when allowed). */
export function LocationPrompt() {
  const { t } = useTranslation();
  const titleId = useId();
  const [stored] = useState(readStoredLocation);
  const [open, setOpen] = useState(stored === null);
  const [watching, setWatching] = useState(stored?.location != null);
  // On a phone it waits for the cookie banner to be answered (overlay-turn.ts).
  const shown = useOverlayTurn('location', open);

  useEffect(() => {
    if (stored?.location) useSearchStore.getState().setLocation(stored.location);
  }, [stored]);

  useEffect(() => (watching ? watchPosition() : undefined), [watching]);

  const refuse = () => {
    storeLocation(null);
    useSearchStore.getState().setLocation(null);
    setOpen(false);
  };

  const accept = () => {
    setOpen(false);
    if (!hasGeolocation()) return refuse();
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const location = { lat: coords.latitude, lng: coords.longitude };
        storeLocation(location);
        const store = useSearchStore.getState();
        store.setLocation(location);
        store.focusOn({ ...location, zoom: MAP.initialZoomWithLocation });
        setWatching(true);
      },
      refuse,
      { timeout: 15_000 },
    );
  };

  if (!shown) return null;
  // A plain panel rather than Mantine's Dialog (portal, transition, measured in effects): it is part of the first
  // screen of every first visit, and must not add to the work before the map shows. Placed over the map (not fixed
  // to the window), it scrolls away with the map instead of floating over the landing text.
  return (
    <Paper
      role="dialog"
      aria-labelledby={titleId}
      shadow="lg"
      radius="md"
      p="md"
      withBorder
      w={380}
      maw="calc(100vw - 24px)"
      style={{ position: 'absolute', top: 64, right: 12, zIndex: 200 }}
    >
      <Text fw={700} id={titleId} mb={4}>
        {t('map.location.title')}
      </Text>
      <Text size="sm" mb="sm">
        {t('map.location.text')}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={refuse}>
          {t('map.location.refuse')}
        </Button>
        <Button size="xs" onClick={accept}>
          {t('map.location.accept')}
        </Button>
      </Group>
    </Paper>
  );
}
