/**
 * Dates and times written out in English (en-CA) and French (fr-CA) for the formats the screens use, instead of asked
 * of `Intl.DateTimeFormat`: the first `Intl` object a page makes loads and resolves ICU's locale data, 40 to 100 ms
 * of main thread on this machine (over 300 ms on Lighthouse's simulated phone), on every screen that shows a date:
 * the map's day picker, an event's dates, the organiser's lists, the plans page. The texts are those `Intl` gives,
 * typeset as date-typography.ts does ("1er" with a month in words in French, a time kept on one line);
 * calendar-text.test.ts compares them with `Intl` for every day of a year at many times. Formats not written here
 * still go through `Intl` (lib/dates.ts).
 */
import type { Lang } from '@evmap/contract/enums';

const WEEKDAYS: Record<Lang, Record<'long' | 'short', readonly string[]>> = {
  en: {
    long: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    short: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  },
  fr: {
    long: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
    short: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'],
  },
};

const MONTHS: Record<Lang, Record<'long' | 'short', readonly string[]>> = {
  en: {
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  fr: {
    long: [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ],
    short: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juill.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  },
};

/** A calendar day and a time of day: `month` 0-11, `weekday` 0 (Sunday) to 6. */
export type CalendarParts = { year: number; month: number; day: number; weekday: number; hour: number; minute: number };

/** The parts of a `Date` in the browser's zone. */
export function localParts(date: Date): CalendarParts {
  return {
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    weekday: date.getDay(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  };
}

/** The parts of a wall-clock time (`YYYY-MM-DD HH:mm[:ss]`), as written; null when malformed. */
export function wallClockParts(value: string): CalendarParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (Number.isNaN(weekday)) return null;
  return { year, month: month - 1, day, weekday, hour, minute };
}

/** How a day is written: its weekday (or none), its month in full or short, its year or not. */
export type DayStyle = { weekday?: 'long' | 'short'; month: 'long' | 'short'; year: boolean };

/** The weekday's initial, as a capital ("M" for Monday; "L" for lundi). */
export function weekdayInitial(parts: Pick<CalendarParts, 'weekday'>, lang: Lang): string {
  return (WEEKDAYS[lang].long[parts.weekday] ?? '').charAt(0).toUpperCase();
}

/**
 * A day: "Tuesday, December 1, 2026", "Dec 1, 2026" / "mardi 1er décembre 2026", "1er déc. 2026". `firstOfMonth`
 * false writes "1" as `Intl` does (the day picker's names).
 */
export function writeDay(parts: CalendarParts, lang: Lang, style: DayStyle, firstOfMonth = true): string {
  const weekday = style.weekday ? WEEKDAYS[lang][style.weekday][parts.weekday] : undefined;
  const month = MONTHS[lang][style.month][parts.month];
  if (lang === 'fr') {
    const day = firstOfMonth && parts.day === 1 ? '1er' : String(parts.day);
    return [weekday, day, month, style.year ? String(parts.year) : undefined].filter(Boolean).join(' ');
  }
  const date = `${month} ${parts.day}${style.year ? `, ${parts.year}` : ''}`;
  return weekday ? `${weekday}, ${date}` : date;
}

/**
 * A time of day on one line: "7:05 p.m." / "19 h 05" (no-break spaces); `twoDigitHour` writes "00 h 05" in French, as
 * `timeStyle: 'short'` does.
 */
export function writeTime(parts: Pick<CalendarParts, 'hour' | 'minute'>, lang: Lang, twoDigitHour = false): string {
  const minute = String(parts.minute).padStart(2, '0');
  if (lang === 'fr') return `${twoDigitHour ? String(parts.hour).padStart(2, '0') : parts.hour}\u00a0h\u00a0${minute}`;
  const hour = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  return `${hour}:${minute}\u00a0${parts.hour < 12 ? 'a.m.' : 'p.m.'}`;
}

/**
 * A day and its time: " at " / " à " after a day in full ("Tuesday, December 1, 2026 at 7:30 p.m."), a comma after a
 * short one ("Tue, Dec 1, 2026, 7:30 p.m.").
 */
export function writeDayAndTime(parts: CalendarParts, lang: Lang, style: DayStyle, twoDigitHour = false): string {
  const joiner = style.month === 'long' ? (lang === 'fr' ? ' à ' : ' at ') : ', ';
  return `${writeDay(parts, lang, style)}${joiner}${writeTime(parts, lang, twoDigitHour)}`;
}
