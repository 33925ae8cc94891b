/** The "last date" column of the admin events table: the latest end (or start) among an event's dates. */

/** One date of an event (wall-clock `YYYY-MM-DD HH:mm:ss` at the event's place). */
type EventDate = { startDate: string; endDate: string | null };

/**
 * The latest end of `dates` (a date without an end ends at its start), as the server's `lastEndsAt` sort
 * reads it; null for an event without dates. Wall-clock strings compare in time order as text.
 */
export function lastEventDate(dates: EventDate[]): string | null {
  let last: string | null = null;
  for (const date of dates) {
    const end = date.endDate ?? date.startDate;
    if (last === null || end > last) last = end;
  }
  return last;
}
