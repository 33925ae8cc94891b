/**
 * Synthetic events for volume tests: deterministic (seeded PRNG), spread over Canada around real
 * cities weighted by population, every category, one or two dates in the next 7 days in each
 * event's zone. Produces column arrays ready for INSERT ... SELECT FROM unnest(...).
 */
import { accessMask } from '@evmap/contract/accessibility';
import { CATEGORY_HANDLES, type CategoryHandle, PROVINCES } from '@evmap/contract/enums';
import { searchText, slugify } from '../../lib/text';
import { addDays, dayInZone, wallClock } from '../wall-clock';
import { AREA_CODES, POSTAL_LETTERS, SEED_CITIES, type SeedCity, STREETS_EN, STREETS_FR } from './seed-places';

/** mulberry32: a small, fast, seedable generator in [0, 1). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const TITLES: Record<CategoryHandle, Array<[string, string]>> = {
  business: [
    ["Salon de l'emploi de {city}", '{city} Job Fair'],
    ["Déjeuner d'affaires de {city}", '{city} Business Breakfast'],
    ['Forum des entrepreneurs de {city}', '{city} Entrepreneurs Forum'],
    ['Atelier de marketing numérique', 'Digital Marketing Workshop'],
    ['Rencontre des startups de {city}', '{city} Startup Meetup'],
  ],
  community: [
    ['Marché fermier de {city}', "{city} Farmers' Market"],
    ['Corvée de nettoyage du quartier', 'Neighbourhood Clean-Up'],
    ['Fête de quartier à {city}', '{city} Block Party'],
    ['Vente de livres usagés', 'Used Book Sale'],
    ['Atelier de réparation de vélos', 'Bike Repair Café'],
  ],
  cultural: [
    ['Concert de musique de chambre', 'Chamber Music Concert'],
    ['Vernissage à {city}', 'Gallery Opening in {city}'],
    ['Festival de théâtre de {city}', '{city} Theatre Festival'],
    ['Cinéma en plein air', 'Outdoor Film Screening'],
    ['Soirée de poésie', 'Poetry Reading'],
  ],
  nightlife: [
    ['Soirée karaoké', 'Karaoke Night'],
    ['Nuit électro de {city}', '{city} Electro Night'],
    ['Soirée jazz au bar', 'Jazz Bar Night'],
    ['Quiz au pub', 'Pub Trivia Night'],
    ['Soirée salsa', 'Salsa Night'],
  ],
  'sports-entertainment': [
    ['Match de hockey à {city}', 'Hockey Game in {city}'],
    ['Tournoi de soccer de {city}', '{city} Soccer Tournament'],
    ['Gala de boxe', 'Boxing Gala'],
    ['Match de basketball', 'Basketball Game'],
    ['Spectacle de cirque', 'Circus Show'],
  ],
  'sports-outdoor': [
    ['Course 5 km de {city}', '{city} 5K Run'],
    ['Randonnée guidée', 'Guided Hike'],
    ['Sortie de vélo en groupe', 'Group Bike Ride'],
    ['Yoga au parc', 'Yoga in the Park'],
    ['Initiation au kayak', 'Kayak Introduction'],
  ],
};

const PRICES = ['Gratuit / Free', '10 $', '15 $', '25 $', '20 $ – 45 $', 'Contribution volontaire / Pay what you can'];

/** The accessibility sets a quarter of the synthetic events carry: a step-free entrance, with a few features. */
const SEED_ACCESS = [
  accessMask({ stepFree: 'yes' }),
  accessMask({ stepFree: 'yes', features: ['washroom'] }),
  accessMask({ stepFree: 'partly' }),
  accessMask({ stepFree: 'yes', features: ['washroom', 'asl', 'captioning'] }),
  accessMask({ features: ['serviceAnimals'] }),
  accessMask({ stepFree: 'yes', features: ['washroom', 'companionFree'] }),
];

/** Column arrays of one batch (index i of every array is event i). */
export type SeedBatch = {
  id: number[];
  handle: string[];
  titleFr: string[];
  titleEn: (string | null)[];
  descriptionFr: string[];
  descriptionEn: (string | null)[];
  categoryId: number[];
  address: string[];
  city: string[];
  zipcode: string[];
  state: string[];
  latitude: number[];
  longitude: number[];
  price: string[];
  phoneNumber: (string | null)[];
  timeZone: string[];
  lastEndsAt: string[];
  searchText: string[];
  /** Accessibility masks (contract accessibility.ts): a quarter of the events say something. */
  access: number[];
  imagePath: string[];
  imageFormats: string[];
  /** Dates: one entry per date, event id repeated. */
  dateEventId: number[];
  startDate: string[];
  endDate: string[];
};

/** A box the events are kept in (degrees). */
export type SeedArea = { south: number; west: number; north: number; east: number };

export type SeedContext = {
  now: Date;
  /** Only inside this box: half around the seed cities inside it, half spread evenly (default: all of Canada). */
  area?: SeedArea;
  /** The first date falls in the next `days` days, today included (default 7; 1: every event is on today). */
  days?: number;
  creatorEmail: string;
  categoryIds: Record<CategoryHandle, number>;
  /** Shared cover per category. */
  images: Record<CategoryHandle, { path: string; formats: number[] }>;
};

/** Picks among `cities` with weights population^0.75. */
function cityPicker(cities: SeedCity[]): (random: () => number) => SeedCity {
  let total = 0;
  const cumulative = cities.map((c) => {
    total += c.population ** 0.75;
    return total;
  });
  return (random) => {
    const target = random() * cumulative[cumulative.length - 1]!;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return cities[lo]!;
  };
}

const pickCity = cityPicker(SEED_CITIES);

const inArea = (a: SeedArea, lat: number, lng: number) =>
  lat >= a.south && lat <= a.north && lng >= a.west && lng <= a.east;

/** Picks among the cities inside `area` (else the one nearest its centre), and finds the nearest of them. */
function areaPlaces(area: SeedArea) {
  const centre = { lat: (area.south + area.north) / 2, lng: (area.west + area.east) / 2 };
  const distance = (c: SeedCity) => (c.lat - centre.lat) ** 2 + (c.lng - centre.lng) ** 2;
  const inside = SEED_CITIES.filter((c) => inArea(area, c.lat, c.lng));
  const nearest = [...SEED_CITIES].sort((a, b) => distance(a) - distance(b))[0]!;
  const cities = inside.length > 0 ? inside : [nearest];
  return {
    pick: cityPicker(cities),
    /** The city nearest a point (for its name, province and zone). */
    near: (lat: number, lng: number) =>
      cities.reduce((best, c) =>
        (c.lat - lat) ** 2 + (c.lng - lng) ** 2 < (best.lat - lat) ** 2 + (best.lng - lng) ** 2 ? c : best,
      ),
  };
}

/** A normally distributed offset (Box-Muller), clamped to 2 standard deviations. */
function gaussian(random: () => number): number {
  const value = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.max(-2, Math.min(2, value));
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

/** Builds the rows of the events whose ids are given. */
export function generateBatch(ids: number[], random: () => number, context: SeedContext): SeedBatch {
  const batch: SeedBatch = {
    id: ids,
    handle: [],
    titleFr: [],
    titleEn: [],
    descriptionFr: [],
    descriptionEn: [],
    categoryId: [],
    address: [],
    city: [],
    zipcode: [],
    state: [],
    latitude: [],
    longitude: [],
    price: [],
    phoneNumber: [],
    timeZone: [],
    lastEndsAt: [],
    searchText: [],
    access: [],
    imagePath: [],
    imageFormats: [],
    dateEventId: [],
    startDate: [],
    endDate: [],
  };
  const todayByZone = new Map<string, string>();
  const area = context.area;
  const places = area ? areaPlaces(area) : undefined;
  for (const id of ids) {
    // Inside an area, half the events are spread evenly over it (near: the nearest city names them).
    const even =
      area && random() < 0.5
        ? {
            lat: area.south + random() * (area.north - area.south),
            lng: area.west + random() * (area.east - area.west),
          }
        : undefined;
    const place = even && places ? places.near(even.lat, even.lng) : (places?.pick ?? pickCity)(random);
    const category = pick(random, CATEGORY_HANDLES);
    const [fr, en] = pick(random, TITLES[category]);
    const titleFr = fr.replace('{city}', place.name);
    const titleEn = random() < 0.1 ? null : en.replace('{city}', place.name);
    const french = place.state === 'QC';
    const address = `${1 + Math.floor(random() * 4999)} ${pick(random, french ? STREETS_FR : STREETS_EN)}`;
    const zipcode = `${pick(random, [...POSTAL_LETTERS[place.state]])}${Math.floor(random() * 10)}${pick(random, [...LETTERS])} ${Math.floor(random() * 10)}${pick(random, [...LETTERS])}${Math.floor(random() * 10)}`;
    const sigma = place.radiusKm / 2;
    let latitude = even?.lat ?? place.lat + (gaussian(random) * sigma) / 111;
    let longitude = even?.lng ?? place.lng + (gaussian(random) * sigma) / (111 * Math.cos((place.lat * Math.PI) / 180));
    if (area) {
      latitude = Math.min(area.north, Math.max(area.south, latitude));
      longitude = Math.min(area.east, Math.max(area.west, longitude));
    }
    const timeZone = PROVINCES[place.state];

    batch.handle.push(`${slugify(titleFr)}-${id}`);
    batch.titleFr.push(titleFr);
    batch.titleEn.push(titleEn);
    batch.descriptionFr.push(`${titleFr} à ${place.name}. Événement synthétique généré pour les essais de charge.`);
    batch.descriptionEn.push(titleEn && `${titleEn} in ${place.name}. Synthetic event generated for load testing.`);
    batch.categoryId.push(context.categoryIds[category]);
    batch.address.push(address);
    batch.city.push(place.name);
    batch.zipcode.push(zipcode);
    batch.state.push(place.state);
    batch.latitude.push(Math.round(latitude * 1e6) / 1e6);
    batch.longitude.push(Math.round(longitude * 1e6) / 1e6);
    batch.price.push(pick(random, PRICES));
    batch.phoneNumber.push(
      random() < 0.3 ? `${AREA_CODES[place.state]}55501${String(Math.floor(random() * 100)).padStart(2, '0')}` : null,
    );
    batch.timeZone.push(timeZone);
    batch.searchText.push(searchText(titleFr, titleEn, place.name, address, context.creatorEmail));
    // From the id, not from `random`, so that every other column stays what it was for a given seed.
    batch.access.push(id % 4 === 0 ? SEED_ACCESS[(id >> 2) % SEED_ACCESS.length]! : 0);
    batch.imagePath.push(context.images[category].path);
    batch.imageFormats.push(`{${context.images[category].formats.join(',')}}`);

    let today = todayByZone.get(timeZone);
    if (!today) {
      today = dayInZone(context.now, timeZone);
      todayByZone.set(timeZone, today);
    }
    const firstDay = Math.floor(random() * (context.days ?? 7));
    const days = random() < 0.3 ? [firstDay, (firstDay + 1 + Math.floor(random() * 6)) % 7] : [firstDay];
    let last = '';
    for (const offset of days) {
      const day = addDays(today, offset);
      const start = (8 + Math.floor(random() * 14)) * 60 + 15 * Math.floor(random() * 4);
      const end = start + 15 * (2 + Math.floor(random() * 15));
      const endDate = wallClock(day, end);
      batch.dateEventId.push(id);
      batch.startDate.push(wallClock(day, start));
      batch.endDate.push(endDate);
      if (endDate > last) last = endDate;
    }
    batch.lastEndsAt.push(last);
  }
  return batch;
}
