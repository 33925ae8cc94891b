/** Canadian cities the synthetic events gather around: centre, population (thousands) and spread (km). */
import type { Province } from '@evmap/contract/enums';

export type SeedCity = {
  name: string;
  state: Province;
  lat: number;
  lng: number;
  population: number;
  radiusKm: number;
};

const city = (name: string, state: Province, lat: number, lng: number, population: number, radiusKm: number) => ({
  name,
  state,
  lat,
  lng,
  population,
  radiusKm,
});

export const SEED_CITIES: SeedCity[] = [
  city('Montréal', 'QC', 45.5019, -73.5674, 4300, 18),
  city('Laval', 'QC', 45.6066, -73.7124, 440, 7),
  city('Longueuil', 'QC', 45.5312, -73.5181, 250, 6),
  city('Québec', 'QC', 46.8139, -71.208, 840, 12),
  city('Lévis', 'QC', 46.8032, -71.1779, 150, 7),
  city('Gatineau', 'QC', 45.4765, -75.7013, 290, 8),
  city('Sherbrooke', 'QC', 45.4042, -71.8929, 230, 7),
  city('Trois-Rivières', 'QC', 46.3432, -72.5477, 160, 7),
  city('Saguenay', 'QC', 48.4284, -71.0686, 160, 9),
  city('Rimouski', 'QC', 48.4489, -68.523, 50, 5),
  city('Rouyn-Noranda', 'QC', 48.2366, -79.0231, 45, 5),
  city('Mont-Tremblant', 'QC', 46.1185, -74.5962, 10, 5),
  city('Toronto', 'ON', 43.6532, -79.3832, 6200, 22),
  city('Ottawa', 'ON', 45.4215, -75.6972, 1100, 14),
  city('Hamilton', 'ON', 43.2557, -79.8711, 780, 9),
  city('Kitchener', 'ON', 43.4516, -80.4925, 580, 9),
  city('London', 'ON', 42.9849, -81.2453, 540, 9),
  city('Windsor', 'ON', 42.3149, -83.0364, 420, 7),
  city('Barrie', 'ON', 44.3894, -79.6903, 210, 6),
  city('Kingston', 'ON', 44.2312, -76.486, 170, 6),
  city('Sudbury', 'ON', 46.4917, -80.993, 170, 8),
  city('Thunder Bay', 'ON', 48.3809, -89.2477, 120, 7),
  city('Vancouver', 'BC', 49.2827, -123.1207, 2600, 16),
  city('Victoria', 'BC', 48.4284, -123.3656, 400, 7),
  city('Kelowna', 'BC', 49.888, -119.496, 220, 8),
  city('Nanaimo', 'BC', 49.1659, -123.9401, 100, 6),
  city('Kamloops', 'BC', 50.6745, -120.3273, 100, 7),
  city('Prince George', 'BC', 53.9171, -122.7497, 90, 7),
  city('Whistler', 'BC', 50.1163, -122.9574, 12, 3),
  city('Calgary', 'AB', 51.0447, -114.0719, 1500, 15),
  city('Edmonton', 'AB', 53.5461, -113.4938, 1400, 15),
  city('Red Deer', 'AB', 52.2681, -113.8112, 100, 6),
  city('Lethbridge', 'AB', 49.6956, -112.8451, 100, 6),
  city('Banff', 'AB', 51.1784, -115.5708, 8, 3),
  city('Winnipeg', 'MB', 49.8951, -97.1384, 830, 12),
  city('Brandon', 'MB', 49.8485, -99.9501, 50, 5),
  city('Saskatoon', 'SK', 52.1332, -106.67, 330, 9),
  city('Regina', 'SK', 50.4452, -104.6189, 250, 8),
  city('Halifax', 'NS', 44.6488, -63.5752, 470, 10),
  city('Sydney', 'NS', 46.1368, -60.1942, 30, 5),
  city('Moncton', 'NB', 46.0878, -64.7782, 160, 7),
  city('Fredericton', 'NB', 45.9636, -66.6431, 110, 6),
  city('Saint John', 'NB', 45.2733, -66.0633, 130, 6),
  city("St. John's", 'NL', 47.5615, -52.7126, 210, 7),
  city('Charlottetown', 'PE', 46.2382, -63.1311, 80, 5),
  city('Whitehorse', 'YT', 60.7212, -135.0568, 30, 5),
  city('Yellowknife', 'NT', 62.454, -114.3718, 20, 4),
  city('Iqaluit', 'NU', 63.7467, -68.517, 8, 3),
];

/** First letters of the postal codes of each province. */
export const POSTAL_LETTERS: Record<Province, string> = {
  NL: 'A',
  NS: 'B',
  PE: 'C',
  NB: 'E',
  QC: 'GHJ',
  ON: 'KLMNP',
  MB: 'R',
  SK: 'S',
  AB: 'T',
  BC: 'V',
  NU: 'X',
  NT: 'X',
  YT: 'Y',
};

/** One area code per province, for 555-01xx numbers (reserved for fiction). */
export const AREA_CODES: Record<Province, string> = {
  NL: '709',
  NS: '902',
  PE: '902',
  NB: '506',
  QC: '514',
  ON: '416',
  MB: '204',
  SK: '306',
  AB: '403',
  BC: '604',
  NU: '867',
  NT: '867',
  YT: '867',
};

export const STREETS_FR = [
  'rue Principale',
  'rue Saint-Jean',
  'rue Notre-Dame',
  'boulevard des Érables',
  'avenue du Parc',
];
export const STREETS_EN = ['Main Street', 'King Street', 'Queen Street', 'Water Street', 'Park Avenue'];
