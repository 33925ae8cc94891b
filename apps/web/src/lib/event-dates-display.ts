/**
 * Display of event dates, shared by the screens that list events (profile lists, admin lists). Dates
 * are wall-clock times at the event's place ('YYYY-MM-DD HH:mm:ss'): they are shown as written, never
 * converted to the browser's zone; "upcoming" is judged in the event's own zone.
 */
import { RECURRING_DATES_LISTED } from '@evmap/contract/constants';
import { nowWallClock } from '@evmap/contract/wall-clock';
import { toLang } from '@/i18n/i18n';
import { wallClockParts, writeDayAndTime, writeTime } from '@/lib/calendar-text';
import { compareText } from '@/lib/compare-text';
import { typesetDate } from '@/lib/date-typography';
import { dateTimeFormat } from '@/lib/intl-cache';

/** One date of an event. */
export type EventDate = { startDate: string; endDate: string | null };

/**
 * The dates to list: the upcoming ones (not yet ended, in `timeZone`), at most `limit`, and whether more
 * follow; an event with no upcoming date lists its last one.
 */
export function listedDates(
  dates: EventDate[],
  timeZone: string,
  now = new Date(),
  limit = RECURRING_DATES_LISTED,
): { dates: EventDate[]; more: boolean } {
  const current = nowWallClock(timeZone, now.getTime());
  const sorted = [...dates].sort((a, b) => compareText(a.startDate, b.startDate));
  const upcoming = sorted.filter((d) => (d.endDate ?? d.startDate) >= current);
  if (upcoming.length === 0) return { dates: sorted.slice(-1), more: false };
  return { dates: upcoming.slice(0, limit), more: upcoming.length > limit };
}

/** How much of a date to write: the full weekday and month, or their short forms. */
export type DateLength = 'long' | 'short';

/**
 * A wall-clock time formatted in `locale` (no zone conversion); `withDate` false gives the time alone. Typeset
 * (typesetDate): "1er" in French, and the time kept on one line. Written out (calendar-text.ts), `Intl` only for a
 * malformed value.
 */
export function formatWallClock(value: string, locale: string, withDate = true, length: DateLength = 'long'): string {
  const parts = wallClockParts(value);
  const lang = toLang(locale);
  if (parts) {
    return withDate
      ? writeDayAndTime(parts, lang, { weekday: length, month: length, year: true })
      : writeTime(parts, lang);
  }
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  const formatter = dateTimeFormat(locale, {
    timeZone: 'UTC',
    ...(withDate ? { weekday: length, year: 'numeric', month: length, day: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  });
  return typesetDate(formatter, date);
}

/** "start – end" of one date; the end shows its day only when it falls on another day. */
export function formatDateRange(date: EventDate, locale: string, length: DateLength = 'long'): string {
  const start = formatWallClock(date.startDate, locale, true, length);
  if (!date.endDate) return start;
  const otherDay = date.endDate.slice(0, 10) !== date.startDate.slice(0, 10);
  return `${start} – ${formatWallClock(date.endDate, locale, otherDay, length)}`;
}
