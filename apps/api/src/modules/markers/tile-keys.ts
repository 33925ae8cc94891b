/**
 * Tile keys (migration 0019): the tile of zoom TILE_KEY_ZOOM holding an `event_days` row, its column and row bits
 * interleaved (Morton order), as `evmap_tile_key(longitude, latitude)` computes it in PostgreSQL. Every tile of that
 * zoom or less is then one range of keys, read from event_days_tiles_idx; a tile of a finer zoom lies inside one key.
 */

/** The zoom of the keys: a key is a tile of zoom 12 (about 9 km across at Montréal's latitude). */
export const TILE_KEY_ZOOM = 12;

/** The bits of `v` (12 of them at most) moved to the even places: 0b111 → 0b10101. */
function spread(v: number): number {
  let s = v;
  s = (s | (s << 8)) & 0x00ff00ff;
  s = (s | (s << 4)) & 0x0f0f0f0f;
  s = (s | (s << 2)) & 0x33333333;
  return (s | (s << 1)) & 0x55555555;
}

/** The key of the tile of zoom TILE_KEY_ZOOM at column `x` and row `y`. */
export function tileKey(x: number, y: number): number {
  return spread(x) | (spread(y) << 1);
}

/**
 * The keys of the rows a tile can hold: for a tile of zoom TILE_KEY_ZOOM or less, exactly its rows (the keys of the
 * tiles of zoom 12 inside it are consecutive); for a finer tile, those of the tile of zoom 12 holding it, which the
 * query narrows down with the tile's bounds.
 */
export function tileKeyRange(tile: { z: number; x: number; y: number }): {
  first: number;
  last: number;
  exact: boolean;
} {
  if (tile.z > TILE_KEY_ZOOM) {
    const shift = tile.z - TILE_KEY_ZOOM;
    const key = tileKey(tile.x >> shift, tile.y >> shift);
    return { first: key, last: key, exact: false };
  }
  const shift = TILE_KEY_ZOOM - tile.z;
  const first = tileKey(tile.x << shift, tile.y << shift);
  return { first, last: first + 4 ** shift - 1, exact: true };
}
