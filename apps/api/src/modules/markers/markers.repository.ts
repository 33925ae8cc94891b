/**
 * The marker query: every searchable event of a day in a box (and a category), read from `event_days` alone (one row
 * per day and searchable event, with its point, category and what its marker shows: the map search's own index), in
 * one statement. Reading each row's event and cover image as well was half of a text search over a city (migration
 * 0017). Without text, a tile is a range of tile keys in event_days_tiles_idx (migration 0019, tile-keys.ts), which
 * holds every column read here: an index-only scan of adjacent pages, where a day's rows of one city lie on as many
 * heap pages as there are markers.
 */

import { DAY_NOW } from '@evmap/contract/events';
import { tileBounds } from '@evmap/contract/markers';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { daySql, nowSql, textMatchesSql, textQuerySql } from '../search/search.repository';
import { tileKeyRange } from './tile-keys';

export type MarkerQuery = {
  /** A calendar day, or DAY_NOW. */
  day: string;
  /** The tile asked for (GET /public/events/markers): z/x/y as tile servers cut them. */
  tile: { z: number; x: number; y: number };
  categoryId: number | null;
  /** The access mask every event must hold all of (0: no filter). */
  access: number;
  lang: 'fr' | 'en';
  /** Words to find (trimmed, not empty), or null. The markers stay in id order (the answer is delta-coded). */
  text: string | null;
  /** How many rows to read at most (one more than the answer holds, to tell a capped answer). */
  limit: number;
  titleMax: number;
};

/**
 * The `event_days` rows of the query (the day or "now", the box, the category, the attributes), and with a text those
 * it matches: as the search does (search.repository.ts), the rows its document matches and the other rows of the
 * organisers its words name, each an index's bitmap ANDed with the day and box; an OR of the two made PostgreSQL
 * test the text on every row of the day in the box (8 ms for a word found 70 times in Montréal, 40 ms for
 * "montreal").
 */
function matchingRows(q: MarkerQuery): SQL {
  const where = sql`${daySql(q.day)}
      AND ${q.text === null ? tileSql(q.tile) : boxSql(q.tile)}
      ${q.categoryId === null ? sql`` : sql`AND d.category_id = ${q.categoryId}`}
      ${q.access === 0 ? sql`` : sql`AND d.access <> 0 AND d.access & ${q.access}::int = ${q.access}::int`}
      ${q.day === DAY_NOW ? sql`AND ${nowSql()}` : sql``}`;
  const rows = (match: SQL) =>
    sql`SELECT d.event_id, d.latitude, d.longitude, d.category_id, d.access, d.title_fr, d.title_en, d.handle, d.image_path, d.image_formats, d.start_minute FROM event_days d WHERE ${where}${match}`;
  if (q.text === null) return rows(sql``);
  const [own, organiser] = textMatchesSql(textQuerySql(q.text));
  // Disjoint halves (the organiser's rows that the document does not match): UNION ALL, no de-duplication of rows.
  return sql`${rows(sql` AND ${own}`)} UNION ALL ${rows(sql` AND ${organiser} AND (${own}) IS NOT TRUE`)}`;
}

/** The rows in the tile's bounds, edges included (the text search ANDs this with its own index, as the search does). */
function boxSql(tile: MarkerQuery['tile']): SQL {
  const box = tileBounds(tile.z, tile.x, tile.y);
  return sql`d.longitude BETWEEN ${box.west} AND ${box.east} AND d.latitude BETWEEN ${box.south} AND ${box.north}`;
}

/**
 * The rows of the tile by their tile keys: an index-only scan of event_days_tiles_idx. A tile of zoom 12 or less is
 * exactly a range of keys (west and north edges included, as the web app's tileHolds cuts); a finer one is narrowed
 * down from its zoom-12 key by its bounds.
 */
function tileSql(tile: MarkerQuery['tile']): SQL {
  const keys = tileKeyRange(tile);
  const range = sql`evmap_tile_key(d.longitude, d.latitude) BETWEEN ${keys.first} AND ${keys.last}`;
  return keys.exact ? range : sql`${range} AND ${boxSql(tile)}`;
}

/**
 * The marker query (exported for EXPLAIN). English titles fall back to French (spec: titleEn falls back to French).
 * "Now" covers several days (DISTINCT ON: an event once, so always in id order); the text and "now" conditions are
 * the search's own (search.repository.ts). Coordinates come as whole 1e-5 degrees, as the answer carries them
 * (floor(x + 0.5) is JavaScript's Math.round): PostgreSQL writes an integer faster than the shortest text of a double,
 * and the answer reads it without a multiplication.
 *
 * `ordered: false` leaves the rows in index order (findMarkers sorts them): sorting a dense tile's wide rows took
 * PostgreSQL 1-2.5 ms of a 3-4 ms query at 1,000,000 events (2,638 rows of 181 bytes), where Node sorts their ids in
 * a fraction of that.
 */
export function markersSql(q: MarkerQuery, ordered = true): SQL {
  const title =
    q.lang === 'en'
      ? sql`COALESCE(NULLIF(d.title_en, ''), d.title_fr)`
      : sql`COALESCE(NULLIF(d.title_fr, ''), d.title_en)`;
  return sql`
    SELECT ${q.day === DAY_NOW ? sql`DISTINCT ON (d.event_id)` : sql``} d.event_id AS id,
      floor(d.latitude * 1e5 + 0.5)::int AS la, floor(d.longitude * 1e5 + 0.5)::int AS lo, d.category_id AS c,
      d.handle AS h, left(COALESCE(${title}, ''), ${q.titleMax}) AS t, d.image_path AS ip, d.image_formats AS f,
      d.access AS a, d.start_minute AS s
    FROM (${matchingRows(q)}) d
    ${ordered || q.day === DAY_NOW ? sql`ORDER BY d.event_id` : sql``}
    LIMIT ${q.limit}`;
}

/**
 * A row of the marker query as PostgreSQL writes it: every column as text (null stays null), in markersSql's order:
 * id, latitude and longitude (in 1e-5 degrees), category, handle, title, cover path, cover widths (`{320,640}`), access
 * mask, start minute.
 * The answer is JSON text built from these strings (markersBody): parsing each number and writing it again cost more
 * than the query's own work for a dense tile (2,000 rows: 11.7 ms read as objects, 8.4 ms as text).
 */
export type MarkerRow = (string | null)[];

const TEXT: pg.CustomTypesConfig = { getTypeParser: () => (value: string) => value };
const dialect = new PgDialect();

/**
 * The rows of the query, by id. Read unordered, and sorted here, unless the tile holds more than the answer can
 * (`limit` rows): the first ones by id are then read again in order, as the answer promises (rare: a whole province on
 * a busy day, where the query is slow anyway).
 */
export async function findMarkers(db: Pick<pg.Pool, 'query'>, q: MarkerQuery): Promise<MarkerRow[]> {
  const rows = await readRows(db, markersSql(q, false));
  if (rows.length < q.limit) return q.day === DAY_NOW ? rows : rows.sort(byId);
  return readRows(db, markersSql(q, true));
}

/** Ids are whole numbers that V8 reads from a string once and keeps with it (array-index strings). */
const byId = (a: MarkerRow, b: MarkerRow) => Number(a[0]) - Number(b[0]);

async function readRows(db: Pick<pg.Pool, 'query'>, query: SQL): Promise<MarkerRow[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await db.query<MarkerRow>({ text, values: params, rowMode: 'array', types: TEXT });
  return result.rows;
}
