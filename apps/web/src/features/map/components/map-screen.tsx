/**
 * Everything the map home loads lazily: the Leaflet map, the day picker on top and the category
 * picker at the bottom (their tooltips pull in positioning code the first load does without).
 */
import type { Marker } from '@evmap/contract/marker-tiles';
import { Box } from '@mantine/core';
import { CategoryPicker } from './category-picker';
import { DayPicker } from './day-picker';
import { EventMap } from './event-map';
import { LocationPrompt } from './location-prompt';
import { ScrollDownButton } from './scroll-down-button';

// The rows over the map let clicks through beside their picker (to the zoom buttons, the markers, the map).
const overlay = { zIndex: 10, display: 'flex', justifyContent: 'center', pointerEvents: 'none' } as const;
const picker = { pointerEvents: 'auto' } as const;

/** The map with its pickers, filling the positioned parent; `selected` is the event open over it, if any. */
export function MapScreen({ onSelect, selected }: { onSelect: (marker: Marker) => void; selected?: string }) {
  return (
    <>
      <EventMap onSelect={onSelect} selected={selected} />
      <Box pos="absolute" top={8} left={0} right={0} style={overlay}>
        <div style={picker}>
          <DayPicker />
        </div>
      </Box>
      <Box pos="absolute" bottom={12} left={0} right={0} style={overlay}>
        <div style={picker}>
          <CategoryPicker />
        </div>
      </Box>
      <ScrollDownButton />
      <LocationPrompt />
    </>
  );
}
