/**
 * Dates and times as typeset text, from Intl's parts: the first of the month is "1er" in French ("1er décembre";
 * Intl writes "1 décembre"), and a time never breaks across lines ("7:00 p.m.", "19 h 00" keep no-break spaces),
 * so it does not wrap on a phone.
 */

const TIME_PARTS = new Set<Intl.DateTimeFormatPartTypes>(['hour', 'minute', 'second', 'dayPeriod']);

/** Whether each formatter writes French (its resolved options are read once: formatters are kept, lib/intl-cache.ts). */
const frenchFormatters = new WeakMap<Intl.DateTimeFormat, boolean>();

function writesFrench(formatter: Intl.DateTimeFormat): boolean {
  let french = frenchFormatters.get(formatter);
  if (french === undefined) {
    french = formatter.resolvedOptions().locale.toLowerCase().startsWith('fr');
    frenchFormatters.set(formatter, french);
  }
  return french;
}

/** `date` written by `formatter`, typeset as above. */
export function typesetDate(formatter: Intl.DateTimeFormat, date: Date): string {
  const parts = formatter.formatToParts(date);
  const french = writesFrench(formatter);
  // "1er" goes with a month in words, not in a numeric date.
  const monthInWords = parts.some((part) => part.type === 'month' && !/^\d+$/.test(part.value));
  let firstTime = -1;
  let lastTime = -1;
  parts.forEach((part, index) => {
    if (!TIME_PARTS.has(part.type)) return;
    if (firstTime < 0) firstTime = index;
    lastTime = index;
  });
  return parts
    .map((part, index) => {
      if (french && monthInWords && part.type === 'day' && Number(part.value) === 1) return '1er';
      if (index > firstTime && index < lastTime && part.type === 'literal') return part.value.replace(/ /g, '\u00a0');
      return part.value;
    })
    .join('');
}
