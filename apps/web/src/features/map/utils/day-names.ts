/**
 * The day picker's names of days, written out in English and French instead of asked of `Intl.DateTimeFormat`: the
 * first date format a page makes loads and resolves the locale's calendar data, a single task of about 80 ms on
 * this machine (over 300 ms on Lighthouse's simulated phone), and the picker is on the map's first screen. The
 * texts are those `Intl` gives for `en-CA` and `fr-CA` (day-names.test.ts compares every day of a year).
 */
import type { Lang } from '@evmap/contract/enums';

const WEEKDAYS: Record<Lang, readonly string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  fr: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
};

const MONTHS: Record<Lang, readonly string[]> = {
  en: [
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
  fr: [
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
};

/** The weekday's initial of a local date, as a capital ("M" for Monday; "L" for lundi). */
export function weekdayInitial(date: Date, lang: Lang): string {
  return (WEEKDAYS[lang][date.getDay()] ?? '').charAt(0).toUpperCase();
}

/** The weekday, month and day of a local date: "Monday, November 30" / "lundi 30 novembre". */
export function longDay(date: Date, lang: Lang): string {
  const weekday = WEEKDAYS[lang][date.getDay()];
  const month = MONTHS[lang][date.getMonth()];
  return lang === 'fr' ? `${weekday} ${date.getDate()} ${month}` : `${weekday}, ${month} ${date.getDate()}`;
}
