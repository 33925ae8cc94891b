/**
 * Wall-clock date arithmetic for generated event dates: event dates are local times at the event's
 * place ('YYYY-MM-DD HH:mm:ss'), so only the calendar day of "now" depends on the time zone.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ('YYYY-MM-DD') that `now` falls on in `timeZone`. */
export function dayInZone(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `day` plus `days` calendar days ('YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:mm:ss' from a day and minutes after its midnight (up to 48 h, rolling onto the next day). */
export function wallClock(day: string, minutes: number): string {
  const date = addDays(day, Math.floor(minutes / 1440));
  const inDay = ((minutes % 1440) + 1440) % 1440;
  const hh = String(Math.floor(inDay / 60)).padStart(2, '0');
  const mm = String(inDay % 60).padStart(2, '0');
  return `${date} ${hh}:${mm}:00`;
}

/** Minutes after midnight of 'HH:mm'. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}
