/**
 * The marker answer (issue 23): what the map needs to draw every event of a day, category and tile, in one small
 * answer a browser and a CDN can keep. Served by GET with every filter in the URL; the area is a fixed tile of the
 * Web Mercator grid (the slippy-map `z/x/y` of tile servers), so nearby views ask for the same URLs: a client takes
 * the tiles of zoom `view zoom - 3` that cover its view (at most 2 × 2 for a window up to 2,048 px, usually 1).
 *
 * The answer is columnar and sorted by id: `id` holds the first id then the differences between consecutive ids,
 * `lat`/`lng` are in 1e-5 degrees (about a metre), so it compresses to a few bytes per marker. decodeMarkers()
 * turns it back into objects.
 */
import { z } from 'zod';
import { accessQuerySchema } from './accessibility';
import { dbIdSchema } from './bounds';
import { dayOrNowSchema, searchTextSchema } from './events';
import { MARKER_ANSWER_TITLE_MAX, MARKER_TILE_ZOOM, type MarkersAnswer } from './marker-tiles';

const tileCoordinate = (field: string) =>
  z.coerce
    .number({ error: 'fieldInvalid' })
    .int({ error: 'fieldInvalid' })
    .min(0, { error: 'fieldInvalid' })
    .meta({
      description: `The tile's ${field} (0 … 2^z − 1)`,
    });

/** A "now" answer (day=now) is kept this long at most by browsers and CDNs (it changes as time passes). */
export const MARKERS_NOW_MAX_AGE_S = 15;

/** GET /public/events/markers?day=&z=&x=&y=[&category=][&lang=][&q=] */
export const markersQuerySchema = z
  .strictObject({
    /** A calendar day, or `now` (in progress, or starting within 3 hours, each event in its own zone). */
    day: dayOrNowSchema(),
    z: z.coerce
      .number({ error: 'fieldInvalid' })
      .int({ error: 'fieldInvalid' })
      .min(MARKER_TILE_ZOOM.min, { error: 'fieldInvalid' })
      .max(MARKER_TILE_ZOOM.max, { error: 'fieldInvalid' }),
    x: tileCoordinate('column'),
    y: tileCoordinate('row'),
    category: z.coerce.number({ error: 'fieldInvalid' }).pipe(dbIdSchema()).optional(),
    /** The titles' language (English falls back to French); in the URL, so that caches keep one answer per language. */
    lang: z.enum(['fr', 'en']).optional().default('fr'),
    /** Accessibility attributes every marker's event must have (`stepFree,asl`); "stepFree" is a step-free entrance. */
    access: accessQuerySchema.max(200, { error: 'fieldInvalid' }).optional(),
    /** Words to find (as the search's `text`); empty or absent: no text filter. Markers stay in id order. */
    q: searchTextSchema().optional(),
  })
  .refine((q) => q.x < 2 ** q.z, { error: 'fieldInvalid', path: ['x'] })
  .refine((q) => q.y < 2 ** q.z, { error: 'fieldInvalid', path: ['y'] });
export type MarkersQuery = z.input<typeof markersQuerySchema>;

export const markersResponseSchema = z.object({
  /** True when more events matched than MARKERS_MAX: the answer holds the first MARKERS_MAX by id. */
  capped: z.boolean(),
  id: z.array(z.number().int()).meta({ description: 'The first id, then the difference to the previous one' }),
  lat: z.array(z.number().int()).meta({ description: 'Latitudes in 1e-5 degrees' }),
  lng: z.array(z.number().int()).meta({ description: 'Longitudes in 1e-5 degrees' }),
  category: z.array(z.number().int().nullable()),
  handle: z.array(z.string()).meta({ description: "The event's handle, or its uuid without one (/events/{handle})" }),
  title: z
    .array(z.string())
    .meta({ description: `In the asked language, cut to ${MARKER_ANSWER_TITLE_MAX} characters` }),
  image: z
    .array(z.number().int())
    .meta({ description: "Each marker's cover as an index into `images`, or -1 without one" }),
  images: z
    .array(z.string())
    .meta({ description: "The answer's distinct cover addresses, at the marker's width (MARKER_IMAGE_WIDTH)" }),
  access: z
    .array(z.number().int())
    .meta({ description: "The event's accessibility mask (accessibility.ts of the contract: accessOfMask)" }),
  start: z.array(z.number().int()).meta({
    description: 'When each event starts on the day, in minutes after midnight at its place; -1: the day before',
  }),
}) satisfies z.ZodType<MarkersAnswer>;

export * from './marker-tiles';
