/**
 * Intl formatters, made once per locale and options and kept. Making one costs far more than using it (the locale
 * data is looked up and resolved each time: tens of milliseconds for a list of dates on a phone), and the screens
 * format many values with the same few settings.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

const keyOf = (locale: string | undefined, options: object | undefined) =>
  `${locale ?? ''}|${options ? JSON.stringify(options) : ''}`;

/** `new Intl.DateTimeFormat(locale, options)`, shared by every caller with the same arguments. */
export function dateTimeFormat(locale?: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, shared by every caller with the same arguments. */
export function numberFormat(locale?: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}
