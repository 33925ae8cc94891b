/** Place autocomplete (spec section 5): places in Canada, filling the address fields of the event form. */
import { z } from 'zod';
import { langSchema, provinceSchema } from './enums';

/** Most suggestions one autocomplete call answers. */
export const PLACES_LIMIT = 10;

/**
 * How precise a place's point is: a street address (number and street), a street without its number, a
 * named place (a venue, a park), a postal code's area, or a city's centre. The event form says it, so that
 * an organiser moves a city-centre pin to the door.
 */
export const PLACE_PRECISIONS = ['address', 'street', 'venue', 'postcode', 'city'] as const;
export type PlacePrecision = (typeof PLACE_PRECISIONS)[number];

export const placeSchema = z.object({
  /** What the suggestion list shows: "1260 Rue Sherbrooke O, Montréal, QC". */
  label: z.string(),
  /** Street address (number and street), when the place is one. */
  address: z.string().nullable(),
  city: z.string().nullable(),
  /** Postal code, when known. */
  zipcode: z.string().nullable(),
  /** Province or territory code. */
  state: provinceSchema,
  country: z.literal('CA'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** How precise the point is (absent from older answers). */
  precision: z.enum(PLACE_PRECISIONS).optional(),
});
export type Place = z.infer<typeof placeSchema>;

/** GET /public/places/autocomplete?q=&lang= (lang defaults to the request's language). */
export const placesQuerySchema = z.object({
  q: z.string().trim().min(2).max(200),
  lang: langSchema.optional(),
});
export type PlacesQuery = z.infer<typeof placesQuerySchema>;

export const placesResponseSchema = z.object({ places: z.array(placeSchema) });
export type PlacesResponse = z.infer<typeof placesResponseSchema>;
