/** The whole demo catalogue, east to west. */
import { ATLANTIC_EVENTS } from './demo-events-atlantic';
import { MONTREAL_EVENTS } from './demo-events-montreal';
import { ONTARIO_EVENTS } from './demo-events-ontario';
import { PACIFIC_EVENTS } from './demo-events-pacific';
import { QUEBEC_EVENTS } from './demo-events-quebec';
import { WEST_EVENTS } from './demo-events-west';
import type { DemoEvent } from './demo-types';

export const DEMO_EVENTS: readonly DemoEvent[] = [
  ...ATLANTIC_EVENTS,
  ...MONTREAL_EVENTS,
  ...QUEBEC_EVENTS,
  ...ONTARIO_EVENTS,
  ...WEST_EVENTS,
  ...PACIFIC_EVENTS,
];
