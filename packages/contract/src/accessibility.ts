/**
 * Accessibility attributes of an event (issue 24): the schemas of the step-free entrance, the features and the notes
 * in each language, and of the access filter. The lists and the access mask, without zod, are in access-features.ts
 * (re-exported here).
 */
import { z } from 'zod';
import { ACCESS_FEATURES, ACCESS_FILTERS, ACCESS_NOTE_MAX, STEP_FREE_VALUES } from './access-features';
import { optionalText } from './users';

export * from './access-features';

/** The attributes of an event as every answer shows them (nothing ticked: null, [], null, null). */
export const accessibilitySchema = z.object({
  stepFree: z.enum(STEP_FREE_VALUES).nullable(),
  features: z.array(z.enum(ACCESS_FEATURES)).meta({ description: 'In the order of the list, each at most once' }),
  noteFr: z.string().nullable(),
  /** Falls back to the French note when empty. */
  noteEn: z.string().nullable(),
});
export type Accessibility = z.infer<typeof accessibilitySchema>;

/** As the event bodies send them: every part optional (absent: not said, nothing ticked, no note). */
export const accessibilityInputSchema = z.object({
  stepFree: z.enum(STEP_FREE_VALUES).nullable().optional(),
  features: z.array(z.enum(ACCESS_FEATURES)).max(ACCESS_FEATURES.length).optional().default([]),
  noteFr: optionalText(ACCESS_NOTE_MAX),
  noteEn: optionalText(ACCESS_NOTE_MAX),
});
export type AccessibilityInput = z.input<typeof accessibilityInputSchema>;

export const NO_ACCESSIBILITY: Accessibility = { stepFree: null, features: [], noteFr: null, noteEn: null };

/** The access filter of a query string: names separated by commas (`access=stepFree,asl`). */
export const accessQuerySchema = z
  .string()
  .regex(new RegExp(`^(${ACCESS_FILTERS.join('|')})(,(${ACCESS_FILTERS.join('|')}))*$`), { error: 'fieldInvalid' })
  .meta({ description: `Attributes every event must have, separated by commas: ${ACCESS_FILTERS.join(', ')}` });
