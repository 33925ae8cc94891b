/**
 * The form connecting an organisation's calendar (issue 25): name, iCalendar URL and schedule, checked on their
 * fields by the contract's rules (a text left empty says "required" first), then as the body the API validates.
 */
import {
  IMPORT_LANGUAGES,
  IMPORT_SCHEDULES,
  type ImportLanguage,
  type ImportSchedule,
  type OwnImportSourceInput,
  ownImportSourceBodySchema,
} from '@evmap/contract/import';
import { z } from 'zod';

export type OwnSourceFormValues = { name: string; url: string; schedule: ImportSchedule; language: ImportLanguage };

const shape = ownImportSourceBodySchema.shape;
const required = <T extends z.ZodType<unknown, string>>(rules: T) =>
  z
    .string()
    .refine((value) => value.trim() !== '', { error: 'fieldRequired' })
    .pipe(rules);

/** The screen's rules, then the contract's body (the API's messages, before asking it). */
export const ownSourceFormSchema = z
  .object({
    name: required(shape.name),
    url: required(shape.url),
    schedule: z.enum(IMPORT_SCHEDULES, { error: 'fieldInvalid' }),
    language: z.enum(IMPORT_LANGUAGES, { error: 'fieldInvalid' }),
  })
  .transform((values) => ({ ...values, paused: false }))
  .pipe(ownImportSourceBodySchema as unknown as z.ZodType<OwnImportSourceInput, OwnImportSourceInput>);

/** A new calendar: read every day, in French. */
export const newOwnSourceValues = (): OwnSourceFormValues => ({
  name: '',
  url: '',
  schedule: 'daily',
  language: 'fr',
});
