/**
 * The address of the embed page (`/embed?…`, issue 26) and its reading back: the "Embed this map" dialog writes it,
 * the embed page reads it. The filters are those of the map and the list: `lang` (fr|en), `category` (a handle),
 * `bounds` (west,south,east,north) or `city`, `access` (attributes, comma-separated), `q` (text), `day` (a date or
 * `now`; today when absent) and `view` (map|list). A value the page cannot use is left out, never an error.
 */
import { DAY_NOW } from '@evmap/contract/constants';
import type { Lang } from '@evmap/contract/enums';

export type EmbedView = 'map' | 'list';
export type EmbedBounds = { west: number; south: number; east: number; north: number };

export type EmbedFilters = {
  lang: Lang;
  view: EmbedView;
  /** A category's handle. */
  category: string | null;
  bounds: EmbedBounds | null;
  city: string | null;
  /** Accessibility attributes every event must have (their names, as the markers query takes them). */
  access: readonly string[];
  q: string;
  /** A calendar day (`YYYY-MM-DD`), DAY_NOW, or null for the viewer's today. */
  day: string | null;
};

export const EMBED_PATH = '/embed';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const HANDLE = /^[a-z0-9-]{1,60}$/;
const ACCESS = /^[a-zA-Z]{1,30}$/;

/** Coordinates kept to 4 decimals (about 10 m): enough for an area, short in a snippet. */
const coordinate = (value: number) => String(Math.round(value * 1e4) / 1e4);

/** `/embed?…` for `filters` (relative; prefix the site's origin for a snippet); defaults are left out. */
export function embedPath(filters: Partial<EmbedFilters> & { lang: Lang }): string {
  const params = new URLSearchParams();
  params.set('lang', filters.lang);
  if (filters.view === 'list') params.set('view', 'list');
  if (filters.category) params.set('category', filters.category);
  if (filters.bounds) {
    const { west, south, east, north } = filters.bounds;
    params.set('bounds', [west, south, east, north].map(coordinate).join(','));
  } else if (filters.city) {
    params.set('city', filters.city);
  }
  if (filters.access && filters.access.length > 0) params.set('access', filters.access.join(','));
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.day) params.set('day', filters.day);
  return `${EMBED_PATH}?${params.toString()}`;
}

function readBounds(text: string | null): EmbedBounds | null {
  if (!text) return null;
  const values = text.split(',').map(Number);
  if (values.length !== 4 || values.some((value) => !Number.isFinite(value))) return null;
  const [west = 0, south = 0, east = 0, north = 0] = values;
  const valid = west >= -180 && east <= 180 && west < east && south >= -90 && north <= 90 && south < north;
  return valid ? { west, south, east, north } : null;
}

/** The filters of an embed page's query string (`location.search`). */
export function readEmbedFilters(search: string): EmbedFilters {
  const params = new URLSearchParams(search);
  const day = params.get('day');
  const category = params.get('category')?.trim().toLowerCase() ?? '';
  const city = params.get('city')?.trim().slice(0, 100) ?? '';
  const access = (params.get('access') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => ACCESS.test(name));
  return {
    lang: params.get('lang') === 'en' ? 'en' : 'fr',
    view: params.get('view') === 'list' ? 'list' : 'map',
    category: HANDLE.test(category) ? category : null,
    bounds: readBounds(params.get('bounds')),
    city: city.length >= 2 ? city : null,
    access: [...new Set(access)],
    q: (params.get('q') ?? '').trim().slice(0, 200),
    day: day === DAY_NOW || (day !== null && DAY.test(day)) ? day : null,
  };
}
