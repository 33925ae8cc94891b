/** Test helpers for events: wall-clock dates relative to now, and a valid event body. */
import { tilesCovering } from '@evmap/contract/markers';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { urlOf } from '@evmap/contract/routes/route';
import { nowWallClock } from '@evmap/contract/wall-clock';
import type { TestContext } from './app';

/** 'YYYY-MM-DD HH:mm:00' in `timeZone`, `hours` from now, minutes floored to a quarter hour. */
export function wallClock(hours: number, timeZone = 'America/Toronto'): string {
  const at = nowWallClock(timeZone, Date.now() + hours * 3_600_000);
  const minute = String(Math.floor(Number(at.slice(14, 16)) / 15) * 15).padStart(2, '0');
  return `${at.slice(0, 14)}${minute}:00`;
}

/** A body accepted by owner and admin writes: Montréal, tomorrow evening. */
export function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    titleFr: 'Soirée jazz au parc',
    titleEn: 'Jazz night in the park',
    descriptionFr: 'Concert en plein air.',
    categoryId: 3,
    address: '1260 Rue Sherbrooke O',
    city: 'Montréal',
    zipcode: 'H3G 1H2',
    state: 'QC',
    latitude: 45.4986,
    longitude: -73.5794,
    price: 'Gratuit',
    dates: [{ startDate: wallClock(24), endDate: wallClock(26) }],
    ...overrides,
  };
}

export async function categoryId(ctx: TestContext, handle: string): Promise<number> {
  const res = await ctx.app.inject(urlOf(globalsRoutes.globals));
  return res.json().categories.find((c: { handle: string }) => c.handle === handle).id;
}

/** A point of downtown Montréal, where the marker tests place their events. */
export const DOWNTOWN_MONTREAL = { latitude: 45.4986, longitude: -73.5794 };

/** The marker tile of `zoom` holding a point. */
export function tileHolding(
  point: { latitude: number; longitude: number },
  zoom = 11,
): { z: number; x: number; y: number } {
  const [tile] = tilesCovering(
    { north: point.latitude, south: point.latitude, west: point.longitude, east: point.longitude },
    zoom,
  );
  if (!tile) throw new Error('no tile holds the point');
  return tile;
}
