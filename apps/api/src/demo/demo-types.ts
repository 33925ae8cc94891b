/** Shapes of the demo catalogue and the dates it generates. */
import type { AccessibilityInput } from '@evmap/contract/accessibility';
import type { CategoryHandle, Province, Recurring } from '@evmap/contract/enums';
import { addDays, dayInZone, minutesOf, wallClock } from './wall-clock';

/** Keys of the demo event-managers (one per plan type), used as event creators. */
export type DemoManagerKey = 'trial' | 'unit' | 'complete' | 'free' | 'canceled';

/** A real place: street address, city, postal code, province and its coordinates. */
export type Venue = {
  address: string;
  city: string;
  zipcode: string;
  state: Province;
  latitude: number;
  longitude: number;
};

/**
 * When an event happens, relative to "today" in its time zone:
 * `day` is the offset of the first date (negative in the past), `start`/`end` are 'HH:mm',
 * `nextDay` puts the end on the following day, `every` repeats the date `times` times.
 */
export type Schedule = {
  day: number;
  start: string;
  end: string;
  nextDay?: boolean;
  repeat?: { every: Exclude<Recurring, 'none' | 'monthly'>; times: number };
};

export type DemoEvent = {
  titleFr: string;
  /** null: the app falls back to the French text. */
  titleEn: string | null;
  descriptionFr: string;
  descriptionEn: string | null;
  category: CategoryHandle;
  venue: Venue;
  price: string;
  phoneNumber?: string;
  website?: string;
  creator: DemoManagerKey;
  schedule: Schedule;
  /** false: deactivated by an administrator. */
  active?: boolean;
  /** Accessibility attributes (issue 24); absent: nothing said. */
  accessibility?: AccessibilityInput;
};

export type EventDate = { startDate: string; endDate: string };

const STEP_DAYS = { daily: 1, weekly: 7, 'bi-weekly': 14 } as const;

/** The wall-clock dates of a schedule, with "today" taken in `timeZone` at `now`. */
export function scheduleDates(schedule: Schedule, now: Date, timeZone: string): EventDate[] {
  const today = dayInZone(now, timeZone);
  const times = schedule.repeat?.times ?? 1;
  const step = schedule.repeat ? STEP_DAYS[schedule.repeat.every] : 0;
  const start = minutesOf(schedule.start);
  const end = minutesOf(schedule.end) + (schedule.nextDay ? 1440 : 0);
  return Array.from({ length: times }, (_, i) => {
    const day = addDays(today, schedule.day + i * step);
    return { startDate: wallClock(day, start), endDate: wallClock(day, end) };
  });
}

/** The `recurring` value stored with a schedule. */
export function scheduleRecurring(schedule: Schedule): Recurring {
  return schedule.repeat?.every ?? 'none';
}

/** A venue in one line: address, city, postal code, province, latitude, longitude. */
export function venue(
  address: string,
  city: string,
  zipcode: string,
  state: Province,
  latitude: number,
  longitude: number,
): Venue {
  return { address, city, zipcode, state, latitude, longitude };
}
