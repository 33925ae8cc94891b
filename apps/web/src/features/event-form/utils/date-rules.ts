/**
 * The rules of the event form's dates (spec sections 4, 5 and 9) on the screen's shape (separate day and
 * time fields). What is allowed comes from the contract (`dateProblem`, `generateRecurringDates`); this
 * file only decides how the form repairs a date after one of its fields changed.
 *
 * Arithmetic is done on wall-clock times parsed as UTC (like the contract), so daylight saving changes
 * never shift an hour.
 */
import type { Recurring } from '@evmap/contract/enums';
import { dateProblem, type EventDate, generateRecurringDates, parseDateTime } from '@evmap/contract/event-date-rules';
import type { DateFormValue } from './event-form-values';

/** The shortest event on one day, in minutes (the contract's `endTooSoon` rule). */
export const MIN_DURATION_MINUTES = 15;
/** The length given to a date that has no end (a new date, an end that became impossible). */
const DEFAULT_DURATION_MINUTES = 60;
const MINUTE_MS = 60_000;
const EMPTY_DATE: DateFormValue = { startDay: '', startTime: '', endDay: '', endTime: '' };

const pad = (n: number) => String(n).padStart(2, '0');

/** A day and a time as a wall-clock instant, or undefined when either is missing or malformed. */
function instant(day: string, time: string): Date | undefined {
  return day && time ? parseDateTime(`${day} ${time}:00`) : undefined;
}

/** The day and time of a wall-clock instant; years keep 4 digits (0202 while a year is being typed). */
function dayAndTime(date: Date): { day: string; time: string } {
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return {
    day: `${year}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
    time: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`,
  };
}

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE_MS);

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = parseDateTime(`${day} 00:00:00`);
  if (!date) return day;
  date.setUTCDate(date.getUTCDate() + days);
  return dayAndTime(date).day;
}

function withStart(d: DateFormValue, start: Date): DateFormValue {
  const { day, time } = dayAndTime(start);
  return { ...d, startDay: day, startTime: time };
}

function withEnd(d: DateFormValue, end: Date): DateFormValue {
  const { day, time } = dayAndTime(end);
  return { ...d, endDay: day, endTime: time };
}

/** Today's day (YYYY-MM-DD) in the browser's calendar. */
function localDay(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The date of a new event (spec section 9): tomorrow, one hour from now on the hour, ending one hour
 * later, in the browser's local time. Computed as "now + 1 day + 1 hour, on the hour", so after 23:00
 * the start is the day after tomorrow at 00:00; an end after 23:00 falls on the next day.
 */
export function defaultDate(now: Date): DateFormValue {
  const start = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + 1, now.getHours() + 1));
  return withEnd(withStart(EMPTY_DATE, start), addMinutes(start, DEFAULT_DURATION_MINUTES));
}

/** The contract's wall-clock date (`YYYY-MM-DD HH:mm:ss`) of a form date; no end when its day or time is empty. */
export function toWallClock(d: DateFormValue): { startDate: string; endDate: string | null } {
  return {
    startDate: `${d.startDay} ${d.startTime}:00`,
    endDate: d.endDay && d.endTime ? `${d.endDay} ${d.endTime}:00` : null,
  };
}

/** The form date of a contract date; a date without an end gets one an hour after its start. */
export function fromWallClock(date: EventDate): DateFormValue {
  const startDay = date.startDate.slice(0, 10);
  const startTime = date.startDate.slice(11, 16);
  if (date.endDate)
    return { startDay, startTime, endDay: date.endDate.slice(0, 10), endTime: date.endDate.slice(11, 16) };
  const start = parseDateTime(date.startDate);
  const d = { ...EMPTY_DATE, startDay, startTime };
  return start ? withEnd(d, addMinutes(start, DEFAULT_DURATION_MINUTES)) : d;
}

/** Whole calendar days from day `from` to day `to`; 0 when either is unreadable. */
function daysBetween(from: string, to: string): number {
  const a = parseDateTime(`${from} 00:00:00`);
  const b = parseDateTime(`${to} 00:00:00`);
  return a && b ? Math.round((b.getTime() - a.getTime()) / 86_400_000) : 0;
}

/** A complete date that breaks no rule (a trustworthy "before" for the day shifts). */
export function isValidDate(d: DateFormValue | undefined): d is DateFormValue {
  return d !== undefined && Boolean(d.endDay && d.endTime) && dateProblem(toWallClock(d)) === undefined;
}

/**
 * After the start (day or time) changed.
 * - Given the valid date as it was before (`previous`), a start moved to another day takes the end
 *   along by the same number of days, so the event keeps its length. The shift is exact and reversible,
 *   so the in-between values a browser reports while a year is typed (0002, 0020, 0202, 2026) end
 *   where they should.
 * - Then the spec's rules (section 5): an end before start + 15 minutes is pushed to start + 15
 *   minutes; an end more than one day after the start day (which the end picker no longer offers) is
 *   brought back to start + 1 hour, the new-event length, rather than guessed from the old end; a
 *   missing end becomes start + 1 hour. An unreadable start changes nothing.
 */
export function afterStartChange(d: DateFormValue, previous?: DateFormValue): DateFormValue {
  const start = instant(d.startDay, d.startTime);
  if (!start) return d;
  if (!instant(d.endDay, d.endTime)) return withEnd(d, addMinutes(start, DEFAULT_DURATION_MINUTES));
  let next = d;
  if (isValidDate(previous) && previous.endDay === d.endDay) {
    const shift = daysBetween(previous.startDay, d.startDay);
    if (shift !== 0) next = { ...d, endDay: addDays(d.endDay, shift) };
  }
  switch (dateProblem(toWallClock(next))?.key) {
    case 'endBeforeStart':
    case 'endTooSoon':
      return withEnd(next, addMinutes(start, MIN_DURATION_MINUTES));
    case 'endTooLate':
      return withEnd(next, addMinutes(start, DEFAULT_DURATION_MINUTES));
    default:
      return next;
  }
}

/**
 * After the end (day or time) changed, the end is kept and the start follows (spec section 5: an end
 * earlier than the start day moves the start back).
 * - Given the valid date as it was before (`previous`), an end moved to another day that breaks a rule
 *   takes the start along by the same number of days (the date moves as a whole and keeps its length;
 *   reversible, like afterStartChange, while a year is typed).
 * - Otherwise an end day before the start day moves the start to the end day (same start time), and a
 *   start then less than 15 minutes before the end moves back to end − 15 minutes (possibly the
 *   evening before); an end more than one day after the start (typed past the picker's limit) is
 *   brought back to the day after the start, at the same time.
 * An unreadable start or end changes nothing.
 */
export function afterEndChange(d: DateFormValue, previous?: DateFormValue): DateFormValue {
  const end = instant(d.endDay, d.endTime);
  if (!end || !instant(d.startDay, d.startTime)) return d;
  const problem = dateProblem(toWallClock(d))?.key;
  if (!problem) return d;
  if (isValidDate(previous) && previous.startDay === d.startDay) {
    const shift = daysBetween(previous.endDay, d.endDay);
    const moved = { ...d, startDay: addDays(d.startDay, shift) };
    if (shift !== 0 && !dateProblem(toWallClock(moved))) return moved;
  }
  if (problem === 'endTooLate') return { ...d, endDay: addDays(d.startDay, 1) };
  const sameDay = problem === 'endBeforeStart' ? { ...d, startDay: d.endDay } : d;
  return dateProblem(toWallClock(sameDay))?.key === 'endTooSoon'
    ? withStart(sameDay, addMinutes(end, -MIN_DURATION_MINUTES))
    : sameDay;
}

/**
 * The days the end picker offers (spec section 5): from the start day (or the next day when no end is
 * possible on the start day, a start at 23:45) to the day after the start. No limit without a start day.
 */
export function endDayBounds(d: DateFormValue): { min?: string; max?: string } {
  if (!parseDateTime(`${d.startDay} 00:00:00`)) return {};
  const start = instant(d.startDay, d.startTime);
  const min = start ? dayAndTime(addMinutes(start, MIN_DURATION_MINUTES)).day : d.startDay;
  return { min, max: addDays(d.startDay, 1) };
}

/** The first day the start picker offers: today in the browser's calendar (past days are disabled). */
export function startDayMin(now: Date): string {
  return localDay(now);
}

/**
 * The first end time offered: start + 15 minutes when the end is on the start day, no limit on the
 * next day. A start at 23:45 allows no end on the same day: no limit is given then, and choosing an end
 * moves the start back (afterEndChange).
 */
export function endTimeMin(d: DateFormValue): string | undefined {
  if (d.endDay !== d.startDay) return undefined;
  const start = instant(d.startDay, d.startTime);
  if (!start) return undefined;
  const min = dayAndTime(addMinutes(start, MIN_DURATION_MINUTES));
  return min.day === d.startDay ? min.time : undefined;
}

/**
 * The date list regenerated from its first date for a recurrence (spec sections 4 and 9, through the
 * contract's generateRecurringDates): daily at least 8 extra dates, the others at least 3, or as many
 * as the list already has. 'none', an empty list or an unreadable first date keep the list as it is.
 */
export function regenerate(dates: DateFormValue[], recurring: Recurring): DateFormValue[] {
  const first = dates[0];
  if (recurring === 'none' || !first || !instant(first.startDay, first.startTime)) return dates;
  const generated = generateRecurringDates(toWallClock(first), recurring, dates.length);
  return [first, ...generated.slice(1).map(fromWallClock)];
}

/** The date an "Add a date" button appends: the last date one day later, or the new-event default. */
export function nextDate(dates: DateFormValue[], now: Date): DateFormValue {
  const last = dates.at(-1);
  if (!last || !instant(last.startDay, last.startTime)) return defaultDate(now);
  const moved = { ...last, startDay: addDays(last.startDay, 1) };
  return last.endDay ? { ...moved, endDay: addDays(last.endDay, 1) } : afterStartChange(moved);
}
