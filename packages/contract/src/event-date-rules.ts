/**
 * Event dates without zod: wall-clock local times 'YYYY-MM-DD HH:mm:ss' at the event's place, the rules of spec
 * section 5 and the recurrence generation of section 9. Used by the API (through event-dates.ts, which adds the
 * schemas) and the web form, whose first load must not bring zod (about 25 KB gzipped) for them.
 */
import { RECURRENCE_MIN_EXTRA } from './constants';
import type { Recurring } from './enums';
import type { ErrorKey } from './errors';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
export const MINUTE_STEPS = [0, 15, 30, 45] as const;

/** Parses a wall-clock date-time as if it were UTC (only differences and calendar parts are used). */
export function parseDateTime(value: string): Date | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const same =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s;
  return same ? date : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The inverse of parseDateTime. */
export function formatDateTime(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

export const dayOf = (dateTime: string) => dateTime.slice(0, 10);

const DAY_MS = 86_400_000;
const dayNumber = (value: string) => Math.floor(Date.parse(`${dayOf(value)}T00:00:00Z`) / DAY_MS);

export type EventDate = { startDate: string; endDate?: string | null };

/** The first broken rule of one date, as a catalogue key with the field it belongs to. */
export function dateProblem(date: EventDate): { field: 'startDate' | 'endDate'; key: ErrorKey } | undefined {
  const start = parseDateTime(date.startDate);
  if (!start) return { field: 'startDate', key: 'dateTimeFormat' };
  if (!MINUTE_STEPS.includes(start.getUTCMinutes() as 0) || start.getUTCSeconds() !== 0) {
    return { field: 'startDate', key: 'minutesStep' };
  }
  if (!date.endDate) return undefined;
  const end = parseDateTime(date.endDate);
  if (!end) return { field: 'endDate', key: 'dateTimeFormat' };
  if (!MINUTE_STEPS.includes(end.getUTCMinutes() as 0) || end.getUTCSeconds() !== 0) {
    return { field: 'endDate', key: 'minutesStep' };
  }
  const days = dayNumber(date.endDate) - dayNumber(date.startDate);
  if (days < 0) return { field: 'endDate', key: 'endBeforeStart' };
  if (days === 0 && end.getTime() - start.getTime() < 15 * 60_000) return { field: 'endDate', key: 'endTooSoon' };
  if (days > 1) return { field: 'endDate', key: 'endTooLate' };
  return undefined;
}

function addPeriod(date: Date, recurring: Exclude<Recurring, 'none'>, times: number): Date {
  const next = new Date(date);
  if (recurring === 'daily') next.setUTCDate(next.getUTCDate() + times);
  else if (recurring === 'weekly') next.setUTCDate(next.getUTCDate() + 7 * times);
  else if (recurring === 'bi-weekly') next.setUTCDate(next.getUTCDate() + 14 * times);
  else {
    const day = next.getUTCDate();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + times);
    // 31 January + 1 month: the last day of February, not 3 March
    const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(day, last));
  }
  return next;
}

/**
 * Regenerates the date list from the first date: daily at least 8 extra dates, weekly / bi-weekly /
 * monthly at least 3, or as many as the existing list had extra dates if more. 'none' keeps the first.
 */
export function generateRecurringDates(first: EventDate, recurring: Recurring, existingCount = 1): EventDate[] {
  if (recurring === 'none') return [first];
  const start = parseDateTime(first.startDate);
  if (!start) return [first];
  const end = first.endDate ? parseDateTime(first.endDate) : undefined;
  const extra = Math.max(RECURRENCE_MIN_EXTRA[recurring], existingCount - 1);
  const dates: EventDate[] = [first];
  for (let i = 1; i <= extra; i++) {
    dates.push({
      startDate: formatDateTime(addPeriod(start, recurring, i)),
      endDate: end ? formatDateTime(addPeriod(end, recurring, i)) : null,
    });
  }
  return dates;
}
