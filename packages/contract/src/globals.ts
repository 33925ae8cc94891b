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

export const globalsResponseSchema = z.object({ categories: z.array(categorySchema), map: mapSettingsSchema });
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
