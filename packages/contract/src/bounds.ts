/**
 * Bounds of the values a request may carry, so that none reaches the database out of its range: ids, orders
 * and pages fit PostgreSQL's `integer` (int4), and every date has a year the calendar columns and the app
 * handle. The API validates with these and the web forms with the same schemas.
 */
import { z } from 'zod';

/** The largest PostgreSQL `integer` (int4): ids, orders and counts stored in one. */
export const INT4_MAX = 2_147_483_647;

/** The years any date sent to the API may have (event dates, the selected day, a trial end). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2999;

/** A database id: a whole number from 1 to INT4_MAX ("Field must be lower or equal to 2147483647" above). */
export const dbIdSchema = () => z.number().int().min(1).max(INT4_MAX);

/** A whole number stored in an int4 column, from `min` (default 0) to `max` (default INT4_MAX). */
export const dbIntSchema = (min = 0, max = INT4_MAX) => z.number().int().min(min).max(max);

/** True when a date text starting with its 4-digit year (`YYYY-...`) has a year from YEAR_MIN to YEAR_MAX. */
export function yearInRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return /^\d{4}/.test(value) && year >= YEAR_MIN && year <= YEAR_MAX;
}
