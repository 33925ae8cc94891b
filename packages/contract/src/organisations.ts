/**
 * An organisation's public page (issue 26): GET /public/organisations/{handle} answers its public face (its name and
 * website: nothing else of its account is public), its upcoming events a page at a time (soonest first, in the shape
 * the map's list uses) and the addresses of its feeds (/public/organisations/{id}/feed.{ics,atom,rss,json}).
 */
import { z } from 'zod';
import { eventSchema } from './events';
import { FEED_FORMATS, type FeedFormat } from './feeds';
import { paginationSchema } from './pagination';

/** Upcoming events per page of an organisation's page. */
export const ORGANISATION_EVENTS_PAGE_SIZE = 20;
/** The last page asked for (beyond it: 400); an organisation's upcoming events are far fewer. */
export const ORGANISATION_EVENTS_MAX_PAGE = 500;
/** A handle is at most this long (names are folded to at most 80 characters, plus `-n` on a clash). */
export const ORGANISATION_HANDLE_MAX = 100;

/** `salle-du-plateau`, `salle-du-plateau-2`: lower-case letters and digits, words joined by single hyphens. */
export const ORGANISATION_HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `:handle` of an organisation's page; upper-case letters are read as lower-case ones. */
export const organisationHandleParamsSchema = z.object({
  handle: z
    .string()
    .max(ORGANISATION_HANDLE_MAX, { error: 'fieldInvalid' })
    .transform((text) => text.toLowerCase())
    .pipe(z.string().regex(ORGANISATION_HANDLE_PATTERN, { error: 'fieldInvalid' })),
});

/** `?page=` (from 1) of the upcoming events. */
export const organisationPageQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'fieldInvalid' })
    .int({ error: 'fieldInvalid' })
    .min(1, { error: 'fieldInvalid' })
    .max(ORGANISATION_EVENTS_MAX_PAGE, { error: 'fieldInvalid' })
    .optional()
    .default(1),
});

/** What an organisation shows of itself publicly. */
export const publicOrganisationSchema = z.object({
  id: z.number().int(),
  handle: z.string(),
  /** The business name. */
  name: z.string(),
  website: z.string().nullable(),
});
export type PublicOrganisation = z.infer<typeof publicOrganisationSchema>;

/** The organisation's feeds, by format: absolute addresses (each takes `?lang=fr|en`). */
export const organisationFeedsSchema = z.object(
  Object.fromEntries(FEED_FORMATS.map((format) => [format, z.string().meta({ format: 'uri' })])) as Record<
    FeedFormat,
    z.ZodString
  >,
);

export const organisationPageResponseSchema = z.object({
  organisation: publicOrganisationSchema,
  /** Its visible events with a date not ended, soonest next date first. */
  events: z.array(eventSchema),
  pagination: paginationSchema,
  feeds: organisationFeedsSchema,
});
export type OrganisationPage = z.infer<typeof organisationPageResponseSchema>;
