/**
 * Everything the map home loads lazily: the Leaflet map, the day picker on top and the category
 * picker at the bottom (their tooltips pull in positioning code the first load does without).
 */
import type { Event } from '@evmap/contract/events';
import { Box } from '@mantine/core';
import { CategoryPicker } from './category-picker';
import { DayPicker } from './day-picker';
import { EventMap } from './event-map';
import { LocationPrompt } from './location-prompt';
import { ScrollDownButton } from './scroll-down-button';

const overlay = { zIndex: 10, display: 'flex', justifyContent: 'center' } as const;

/** The map with its pickers, filling the positioned parent. */
export function MapScreen({ onSelect }: { onSelect: (event: Event) => void }) {
  return (
    <>
      <EventMap onSelect={onSelect} />
      <Box pos="absolute" top={8} left={0} right={0} style={overlay}>
        <DayPicker />
      </Box>
      <Box pos="absolute" bottom={12} left={0} right={0} style={overlay}>
        <CategoryPicker />
      </Box>
      <ScrollDownButton />
      <LocationPrompt />
    </>
  );
}
