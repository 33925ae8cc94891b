/**
 * Event dates: wall-clock local times 'YYYY-MM-DD HH:mm:ss' at the event's place, the rules of spec
 * section 5 and the recurrence generation of section 9 (event-date-rules.ts, without zod), with their schemas.
 * Used by the API (validation) and the web form.
 */
import { z } from 'zod';
import { yearInRange } from './bounds';
import { parseDateTime } from './event-date-rules';

export * from './event-date-rules';

/** A wall-clock date-time of a year from YEAR_MIN to YEAR_MAX. */
export const dateTimeSchema = z
  .string({ error: 'dateTimeFormat' })
  .refine((v) => parseDateTime(v) !== undefined, { error: 'dateTimeFormat' })
  .refine(yearInRange, { error: 'yearRange' });

export const eventDateSchema = z.object({
  startDate: dateTimeSchema,
  endDate: dateTimeSchema.nullable().optional(),
});
