import { CATEGORY_HANDLES, type CategoryHandle } from '@evmap/contract/enums';
import { describe, expect, it } from 'vitest';
import { dayInZone } from '../wall-clock';
import { createRandom, generateBatch, type SeedContext } from './seed-generator';

const now = new Date('2026-06-10T15:00:00Z');
const context: SeedContext = {
  now,
  creatorEmail: 'seed@demo.evmap.ca',
  categoryIds: Object.fromEntries(CATEGORY_HANDLES.map((h, i) => [h, i + 1])) as Record<CategoryHandle, number>,
  images: Object.fromEntries(CATEGORY_HANDLES.map((h) => [h, { path: h, formats: [160] }])) as SeedContext['images'],
};
const ids = Array.from({ length: 2000 }, (_, i) => i + 1);

describe('generateBatch', () => {
  it('is deterministic for a seed', () => {
    expect(generateBatch(ids, createRandom(7), context)).toEqual(generateBatch(ids, createRandom(7), context));
  });

  it('keeps events inside an area and on today with days: 1', () => {
    const area = { south: 44, west: -77, north: 49, east: -64 };
    const batch = generateBatch(ids, createRandom(7), { ...context, area, days: 1 });
    for (let i = 0; i < ids.length; i++) {
      expect(batch.latitude[i]).toBeGreaterThanOrEqual(area.south);
      expect(batch.latitude[i]).toBeLessThanOrEqual(area.north);
      expect(batch.longitude[i]).toBeGreaterThanOrEqual(area.west);
      expect(batch.longitude[i]).toBeLessThanOrEqual(area.east);
    }
    // Every event's first date is today in its zone.
    const first = new Map<number, string>();
    batch.dateEventId.forEach((id, i) => {
      if (!first.has(id)) first.set(id, batch.startDate[i]!);
    });
    for (let i = 0; i < ids.length; i++) {
      expect(first.get(ids[i]!)!.slice(0, 10)).toBe(dayInZone(now, batch.timeZone[i]!));
    }
    // Spread over the box, not only around its cities.
    const east = batch.longitude.filter((lng) => lng > -67).length;
    expect(east).toBeGreaterThan(ids.length / 10);
  });
});
