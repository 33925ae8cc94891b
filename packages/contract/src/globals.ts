/** `GET /public/globals` and the category entity. */
import { z } from 'zod';
import { CATEGORY_HANDLES } from './enums';

export const categorySchema = z.object({
  id: z.number().int(),
  handle: z.enum(CATEGORY_HANDLES),
  titleFr: z.string(),
  titleEn: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** The map's tiles, configured on the server (TILE_URL, TILE_ATTRIBUTION) so one build serves any tile source. */
export const mapSettingsSchema = z.object({
  /** URL template with {z}, {x}, {y} (and optionally {s}, {r}). */
  tileUrl: z.string(),
  /** HTML credit shown on the map, as the tile provider requires. */
  tileAttribution: z.string(),
  /** The same credit in French, for the default OpenStreetMap credit only (a configured one is shown as it is). */
  tileAttributionFr: z.string().optional(),
});

/**
 * Whose data the place suggestions are, so the web app credits it under them: `geonames` (the built-in
 * gazetteer, CC BY 4.0), `openstreetmap` (Photon and Nominatim, ODbL); null when the source credits itself.
 */
export const PLACE_SOURCES = ['geonames', 'openstreetmap'] as const;
export type PlaceSource = (typeof PLACE_SOURCES)[number];
/** The geocoders the server can be configured with (GEOCODER): the built-in gazetteer, or a public one. */
export const GEOCODERS = ['builtin', 'photon', 'nominatim', 'google'] as const;
export type GeocoderName = (typeof GEOCODERS)[number];
export const placeSettingsSchema = z.object({
  source: z.enum(PLACE_SOURCES).nullable(),
  /** Which geocoder answers the place search, named in the event form. */
  geocoder: z.enum(GEOCODERS).optional(),
  /**
   * Whether it finds street addresses and venues; the built-in gazetteer knows only towns and cities, so its
   * points are city centres the organiser moves to the door.
   */
  streetAddresses: z.boolean().optional(),
});

export const globalsResponseSchema = z.object({
  categories: z.array(categorySchema),
  map: mapSettingsSchema,
  places: placeSettingsSchema,
});
export type GlobalsResponse = z.infer<typeof globalsResponseSchema>;

/** The six categories of the spec, with their titles; the database is seeded from this list. */
export const CATEGORIES: ReadonlyArray<Omit<Category, 'id'>> = [
  { handle: 'business', titleFr: 'Affaires', titleEn: 'Business' },
  { handle: 'community', titleFr: 'Communauté', titleEn: 'Community' },
  { handle: 'cultural', titleFr: 'Culture', titleEn: 'Cultural' },
  { handle: 'nightlife', titleFr: 'Vie nocturne', titleEn: 'Nightlife' },
  { handle: 'sports-entertainment', titleFr: 'Sports et divertissement', titleEn: 'Sports & entertainment' },
  { handle: 'sports-outdoor', titleFr: 'Sports et plein air', titleEn: 'Sports & outdoors' },
];

export const healthResponseSchema = z.object({ status: z.literal('ok') });
