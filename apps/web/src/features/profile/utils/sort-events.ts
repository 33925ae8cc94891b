/** Orders an event-manager's events for the profile page: upcoming ones by next date, passed ones latest first. */
import type { Event } from '@evmap/contract/events';
import { nowWallClock } from '@evmap/contract/wall-clock';
import { compareText } from '@/lib/compare-text';

type Dated = Pick<Event, 'dates' | 'timeZone' | 'isPast'>;

/** The first date not yet ended (in the event's zone), or '' when none. */
function nextStart(event: Dated, now: number): string {
  const current = nowWallClock(event.timeZone, now);
  const starts = event.dates.filter((d) => (d.endDate ?? d.startDate) >= current).map((d) => d.startDate);
  return starts.sort()[0] ?? '';
}

/** The latest end (or start) of the event, or '' without dates. */
function lastEnd(event: Dated): string {
  return (
    event.dates
      .map((d) => d.endDate ?? d.startDate)
      .sort()
      .at(-1) ?? ''
  );
}

/** Splits events by the server's `isPast`: upcoming soonest first, passed most recent first. */
export function splitEvents<E extends Dated>(events: E[], now = Date.now()): { upcoming: E[]; passed: E[] } {
  const upcoming = events
    .filter((e) => !e.isPast)
    .map((event) => ({ event, key: nextStart(event, now) }))
    .sort((a, b) => compareText(a.key, b.key))
    .map(({ event }) => event);
  const passed = events
    .filter((e) => e.isPast)
    .map((event) => ({ event, key: lastEnd(event) }))
    .sort((a, b) => compareText(b.key, a.key))
    .map(({ event }) => event);
  return { upcoming, passed };
}
