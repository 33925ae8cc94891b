/** Tile keys: PostgreSQL's evmap_tile_key (migration 0019) against the tiles the web app cuts (tilesCovering). */
import { tileBounds } from '@evmap/contract/markers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { tileHolding } from '../../../test/events';
import { TILE_KEY_ZOOM, tileKey, tileKeyRange } from './tile-keys';

const holding = (latitude: number, longitude: number, z: number) => tileHolding({ latitude, longitude }, z);

describe('tileKeyRange', () => {
  it('gives a tile of zoom 12 its own key, and each of zoom 12 or less exactly the keys of the zoom-12 tiles in it', () => {
    const montreal = holding(45.5017, -73.5673, TILE_KEY_ZOOM);
    expect(tileKeyRange(montreal)).toEqual({
      first: tileKey(montreal.x, montreal.y),
      last: tileKey(montreal.x, montreal.y),
      exact: true,
    });
    for (const z of [3, 7, 9, 11]) {
      const tile = holding(45.5017, -73.5673, z);
      const { first, last, exact } = tileKeyRange(tile);
      expect(exact).toBe(true);
      const shift = TILE_KEY_ZOOM - z;
      const keys: number[] = [];
      for (let dx = 0; dx < 2 ** shift; dx++) {
        for (let dy = 0; dy < 2 ** shift; dy++) keys.push(tileKey((tile.x << shift) + dx, (tile.y << shift) + dy));
      }
      keys.sort((a, b) => a - b);
      expect(keys[0]).toBe(first);
      expect(keys.at(-1)).toBe(last);
      // Consecutive: the range holds no key of a tile outside.
      expect(keys.length).toBe(last - first + 1);
    }
  });

  it('gives a finer tile the key of the zoom-12 tile holding it, to be narrowed by its bounds', () => {
    const fine = holding(45.5017, -73.5673, 14);
    const parent = holding(45.5017, -73.5673, TILE_KEY_ZOOM);
    const key = tileKey(parent.x, parent.y);
    expect(tileKeyRange(fine)).toEqual({ first: key, last: key, exact: false });
  });
});

describe('evmap_tile_key in PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('puts a point in the tile of zoom 12 that the web app cuts for it, on the west and north edges included', async () => {
    const points: Array<[number, number]> = [
      [45.5017, -73.5673],
      [46.8139, -71.208],
      [49.2827, -123.1207],
      [43.6532, -79.3832],
      [62.454, -114.3718],
      [82.5, -62.3],
      [41.7, -141],
    ];
    // Each corner of a few tiles of zoom 12 (their north-west corner belongs to them, the others to neighbours).
    for (const [lat, lng] of [...points]) {
      const tile = holding(lat, lng, TILE_KEY_ZOOM);
      const box = tileBounds(tile.z, tile.x, tile.y);
      points.push([box.north, box.west], [box.south, box.east], [box.north, box.east], [box.south, box.west]);
    }
    // And a spread of points over Canada.
    for (let i = 0; i < 200; i++) points.push([42 + ((i * 7919) % 4000) / 100, -141 + ((i * 104_729) % 8900) / 100]);
    const result = await ctx.db.execute<{ key: number }>(
      sql`SELECT evmap_tile_key(p.lng, p.lat) AS key FROM unnest(${sql.param(points.map((p) => p[1]))}::float8[], ${sql.param(points.map((p) => p[0]))}::float8[]) WITH ORDINALITY AS p(lng, lat, n) ORDER BY p.n`,
    );
    const expected = points.map(([lat, lng]) => {
      const tile = holding(lat, lng, TILE_KEY_ZOOM);
      return tileKey(tile.x, tile.y);
    });
    expect(result.rows.map((row) => row.key)).toEqual(expected);
  });
});
