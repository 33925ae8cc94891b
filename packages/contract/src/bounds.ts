/**
 * Bounds of the values a request may carry, so that none reaches the database out of its range: ids, orders
 * and pages fit PostgreSQL's `integer` (int4), and every date has a year the calendar columns and the app
 * handle. The API validates with these and the web forms with the same schemas.
 */
import { z } from 'zod';
import { INT4_MAX, YEAR_MAX, YEAR_MIN } from './constants';

export { INT4_MAX, YEAR_MAX, YEAR_MIN };

/** A database id: a whole number from 1 to INT4_MAX ("Field must be lower or equal to 2147483647" above). */
export const dbIdSchema = () => z.number().int().min(1).max(INT4_MAX);

/** A whole number stored in an int4 column, from `min` (default 0) to `max` (default INT4_MAX). */
export const dbIntSchema = (min = 0, max = INT4_MAX) => z.number().int().min(min).max(max);

/** True when a date text starting with its 4-digit year (`YYYY-...`) has a year from YEAR_MIN to YEAR_MAX. */
export function yearInRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return /^\d{4}/.test(value) && year >= YEAR_MIN && year <= YEAR_MAX;
}
