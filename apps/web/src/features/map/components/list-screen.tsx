/**
 * The home's list view, loaded lazily like the map: the day and category pickers over the list of the area's
 * events (event-list). On a phone the pickers start below the Map / List switch (which sits under the day picker
 * over the map). Under the filters, "Subscribe to events" gives their feed and "Embed this map" writes the snippet of the embed
 * page for them (issue 26).
 */
import '@/styles/lazy.css';
import { Group, Stack } from '@mantine/core';
import { CategoryPicker } from './category-picker';
import { DayPicker } from './day-picker';
import { EmbedButton } from './embed-dialog';
import { EventList } from './event-list';
import { ListFilters } from './list-filters';
import { MapSubscribe } from './map-subscribe';

/**
 * The pickers and the list; `selected` is the event open over it, if any; each new `focusHeading` (a counter, the
 * skip link's) focuses the list's heading.
 */
export function ListScreen({ selected, focusHeading = 0 }: { selected?: string; focusHeading?: number }) {
  return (
    <Stack gap="xs" pt={{ base: 104, sm: 56 }}>
      <Group justify="center">
        <DayPicker />
      </Group>
      <Group justify="center">
        <CategoryPicker />
      </Group>
      <ListFilters />
      <Group justify="center" gap="xs">
        <MapSubscribe size="sm" />
        <EmbedButton />
      </Group>
      <EventList selected={selected} focusHeading={focusHeading} />
    </Stack>
  );
}
