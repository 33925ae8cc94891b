/** What the event modal shows: upcoming dates, the place line, the image. */
import { RECURRING_DATES_LISTED } from '@evmap/contract/constants';
import { nowWallClock } from '@evmap/contract/wall-clock';

type EventDate = { startDate: string; endDate: string | null };

/**
 * The dates to list: the upcoming ones (not yet ended, in the event's zone), at most
 * RECURRING_DATES_LISTED, and whether more follow; a past event lists its last date.
 */
export function listedDates(
  dates: EventDate[],
  timeZone: string,
  now = new Date(),
): { dates: EventDate[]; more: boolean } {
  const current = nowWallClock(timeZone, now.getTime());
  const sorted = [...dates].sort((a, b) => a.startDate.localeCompare(b.startDate));
  const upcoming = sorted.filter((d) => (d.endDate ?? d.startDate) >= current);
  if (upcoming.length === 0) return { dates: sorted.slice(-1), more: false };
  return { dates: upcoming.slice(0, RECURRING_DATES_LISTED), more: upcoming.length > RECURRING_DATES_LISTED };
}

/** A wall-clock `YYYY-MM-DD HH:mm:ss` formatted in `locale` (no zone conversion). */
export function formatWallClock(value: string, locale: string, withDate = true): string {
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    ...(withDate ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** The address line: province unless QC, country unless CA. */
export function placeLine(event: {
  address: string | null;
  city: string | null;
  zipcode: string | null;
  state: string;
  country: string;
}): string {
  const parts = [event.address, event.city, event.zipcode];
  if (event.state && event.state !== 'QC') parts.push(event.state);
  if (event.country && event.country !== 'CA') parts.push(event.country);
  const seen = new Set<string>();
  return parts
    .filter((p): p is string => Boolean(p?.trim()))
    .filter((p) => {
      const key = p.trim().toLowerCase();
      if ([...seen].some((s) => s.includes(key))) return false;
      seen.add(key);
      return true;
    })
    .join(', ');
}
