/**
 * schema.org `Schedule` (a JSON-LD Event's `eventSchedule`) expanded to occurrences, as an RRULE is: `startDate` to
 * `endDate` (or `repeatCount` times), every `repeatFrequency` (`P1D`, `P1W`, `P2W`, `P1M`… or `daily`, `weekly`,
 * `monthly`), on the days of `byDay` for a weekly schedule (schema.org days or iCalendar's `MO`…), from `startTime`
 * to `endTime` (or `duration`) in `scheduleTimezone` (else the events' zone), without the days of `exceptDate`.
 * Without a time, each occurrence is a whole day. Only the occurrences before the import window's end are looked at.
 */
import { IMPORT_WINDOW_DAYS, instantIn, isZone, occurrenceDates, type ParseContext, wallClock } from './types';

type Node = Record<string, unknown>;

const DAY = 86_400_000;
/** Days looked at per schedule at most (a schedule from long ago must not hold the run). */
const DAYS_MAX = 20_000;

const WEEKDAYS: Record<string, number> = {
  sunday: 0,
  su: 0,
  monday: 1,
  mo: 1,
  tuesday: 2,
  tu: 2,
  wednesday: 3,
  we: 3,
  thursday: 4,
  th: 4,
  friday: 5,
  fr: 5,
  saturday: 6,
  sa: 6,
};

const list = (value: unknown): unknown[] => (value === undefined || value === null ? [] : [value].flat());
const str = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** `2027-03-09` (or the date of a date-time) as a UTC midnight; undefined when unreadable. */
function dayOf(value: unknown): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(str(value));
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/** `19:30`, `19:30:00` (an offset after it is ignored: the schedule's zone says) as milliseconds into the day. */
function timeOf(value: unknown): number | undefined {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(str(value).replace(/^T/, ''));
  if (!m) return undefined;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  return h < 24 && mi < 60 && s < 60 ? ((h * 60 + mi) * 60 + s) * 1000 : undefined;
}

/** An ISO 8601 duration of hours and minutes (`PT2H30M`) in milliseconds. */
function durationOf(value: unknown): number | undefined {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/i.exec(str(value));
  if (!m || str(value).length < 3) return undefined;
  return ((Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 60_000;
}

type Frequency = { unit: 'day' | 'week' | 'month'; every: number };

function frequencyOf(value: unknown): Frequency | undefined {
  const text = str(value).toLowerCase();
  if (text === 'daily') return { unit: 'day', every: 1 };
  if (text === 'weekly') return { unit: 'week', every: 1 };
  if (text === 'monthly') return { unit: 'month', every: 1 };
  const m = /^p(\d+)([dwm])$/.exec(text);
  if (!m || Number(m[1]) < 1) return undefined;
  return { unit: ({ d: 'day', w: 'week', m: 'month' } as const)[m[2] as 'd' | 'w' | 'm'], every: Number(m[1]) };
}

const weekdayOf = (value: unknown) =>
  WEEKDAYS[
    str(value)
      .replace(/^.*[/:#]/, '')
      .toLowerCase()
  ];

/** The days (UTC midnights) the schedule repeats on, up to `last`. */
function scheduleDays(schedule: Node, last: number): number[] {
  const first = dayOf(schedule.startDate);
  if (first === undefined) return [];
  const until = Math.min(dayOf(schedule.endDate) ?? Number.POSITIVE_INFINITY, last);
  const frequency = frequencyOf(schedule.repeatFrequency);
  const count = Number(str(schedule.repeatCount)) || Number.POSITIVE_INFINITY;
  if (!frequency) return first <= until ? [first] : [];
  const byDay = new Set(
    list(schedule.byDay)
      .map(weekdayOf)
      .filter((d) => d !== undefined),
  );
  const startWeek = first - new Date(first).getUTCDay() * DAY;
  const matches = (day: number) => {
    const date = new Date(day);
    if (frequency.unit === 'day') return Math.round((day - first) / DAY) % frequency.every === 0;
    if (frequency.unit === 'month') {
      const months = (date.getUTCFullYear() - new Date(first).getUTCFullYear()) * 12 + date.getUTCMonth();
      return (
        date.getUTCDate() === new Date(first).getUTCDate() &&
        (months - new Date(first).getUTCMonth()) % frequency.every === 0
      );
    }
    const weeks = Math.floor((day - startWeek) / (7 * DAY));
    if (weeks % frequency.every !== 0) return false;
    return byDay.size > 0 ? byDay.has(date.getUTCDay()) : date.getUTCDay() === new Date(first).getUTCDay();
  };
  const days: number[] = [];
  for (let day = first, looked = 0; day <= until && looked < DAYS_MAX && days.length < count; day += DAY, looked++) {
    if (matches(day)) days.push(day);
  }
  return days;
}

/** The occurrences of one Schedule as event dates (wall-clock in the events' zone); none when unreadable. */
export function scheduleDates(
  value: unknown,
  context: ParseContext,
): Array<{ startDate: string; endDate: string | null }> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const schedule = value as Node;
  const zoneName = str(schedule.scheduleTimezone);
  const zone = zoneName && isZone(zoneName) ? zoneName : context.timeZone;
  const windowEnd = wallClock(new Date(context.now.getTime() + IMPORT_WINDOW_DAYS * DAY), context.timeZone);
  // A day later: a zone ahead of the events' may put a day past the window's end still inside it.
  const last = Math.floor(windowEnd.getTime() / DAY) * DAY + DAY;
  const except = new Set(list(schedule.exceptDate).map(dayOf));
  const start = timeOf(schedule.startTime);
  const end = timeOf(schedule.endTime);
  const duration = durationOf(schedule.duration);
  const dates: Array<{ startDate: string; endDate: string | null }> = [];
  for (const day of scheduleDays(schedule, last)) {
    if (except.has(day)) continue;
    if (start === undefined) {
      dates.push(...occurrenceDates(new Date(day), null, true));
      continue;
    }
    const from = instantIn(new Date(day + start), zone);
    let to: Date | null = null;
    if (end !== undefined) to = instantIn(new Date(day + end + (end <= start ? DAY : 0)), zone);
    else if (duration) to = new Date(from.getTime() + duration);
    const local = (instant: Date) => wallClock(instant, context.timeZone);
    dates.push(...occurrenceDates(local(from), to && local(to)));
  }
  return dates;
}
