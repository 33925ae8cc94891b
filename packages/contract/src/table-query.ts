/**
 * The query parameters of the administration's lists (search, page, sort, filters), described once without zod.
 * The API builds its zod query schemas from these descriptions (`tableQueryShape` of table-query-schema.ts), and the
 * web app reads a list's state from its URL with `readTableQuery`, which follows the same rules: a table screen then
 * loads neither zod nor the contract's schemas (25 KB gzipped of the admin lists' scripts, and their evaluation).
 */
import { ADMIN_EVENTS, ADMIN_USERS, MODERATION, USER_TYPES } from './constants';

/**
 * One parameter:
 * - `text`: trimmed, at most `max` characters (code points) after trimming; missing, it is `default` (or absent without one);
 * - `int`: a number as JavaScript's `Number()` reads the text (`' 3 '`, `'3.0'`, `'1e2'`), whole, in `min..max`;
 * - `choice`: one of `values`, exactly.
 */
export type TableQueryField =
  | { kind: 'text'; max: number; default?: string }
  | { kind: 'int'; min: number; max: number; default: number }
  | { kind: 'choice'; values: readonly [string, ...string[]]; default: string };

export type TableQueryFields = Record<string, TableQueryField>;

/** The value of a field as read. */
export type TableQueryValue<F extends TableQueryField> = F extends { kind: 'int' }
  ? number
  : F extends { kind: 'choice'; values: readonly (infer V)[] }
    ? V
    : F extends { kind: 'text'; default: string }
      ? string
      : string | undefined;

/** A whole query as read. */
export type TableQuery<T extends TableQueryFields> = { [K in keyof T]: TableQueryValue<T[K]> };

/** The sort directions of every list. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/**
 * `raw` (a URL parameter, or undefined when absent) read by `field`: `{ ok: false }` for a value the field refuses,
 * its default when absent.
 */
export function readTableQueryField(
  field: TableQueryField,
  raw: string | undefined,
): { ok: true; value: string | number | undefined } | { ok: false } {
  if (raw === undefined) return { ok: true, value: field.default };
  switch (field.kind) {
    case 'text': {
      const text = raw.trim();
      // Counted in code points, as the API's schema counts (a UTF-16 length within the bound always is).
      const length = text.length > field.max ? [...text].length : text.length;
      return length <= field.max ? { ok: true, value: text } : { ok: false };
    }
    case 'int': {
      const value = Number(raw);
      return Number.isInteger(value) && value >= field.min && value <= field.max ? { ok: true, value } : { ok: false };
    }
    case 'choice':
      return field.values.includes(raw) ? { ok: true, value: raw } : { ok: false };
  }
}

/**
 * A list's query from its parameters (`get` returns a parameter's text, or null when absent), field by field: a
 * refused value takes the field's default, so one bad value in a shared link does not throw the others away.
 */
export function readTableQuery<T extends TableQueryFields>(
  fields: T,
  get: (name: string) => string | null,
): TableQuery<T> {
  const query: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const read = readTableQueryField(field, get(name) ?? undefined);
    query[name] = read.ok ? read.value : field.default;
  }
  return query as TableQuery<T>;
}

/** Columns the admin events table sorts by. */
export const ADMIN_EVENT_SORT_FIELDS = [
  'id',
  'titleFr',
  'city',
  'state',
  'createdAt',
  'updatedAt',
  'signaledCount',
  'viewCount',
  'active',
  'lastEndsAt',
] as const;

/** Columns the admin users table sorts by. */
export const ADMIN_USER_SORT_FIELDS = ['id', 'name', 'email', 'type', 'planType', 'createdAt'] as const;

/** The type filter of the admin users list: every user, or one type. */
export const ADMIN_USER_TYPE_FILTERS = ['all', ...USER_TYPES] as const;

/** GET /connected/admin/events's table parameters (its `limit` is the API's alone). */
export const ADMIN_EVENTS_TABLE_QUERY = {
  search: { kind: 'text', max: 200, default: '' },
  page: { kind: 'int', min: 1, max: ADMIN_EVENTS.maxPage, default: ADMIN_EVENTS.defaultPage },
  sortField: { kind: 'choice', values: ADMIN_EVENT_SORT_FIELDS, default: 'id' },
  sortDirection: { kind: 'choice', values: SORT_DIRECTIONS, default: 'desc' },
} as const satisfies TableQueryFields;

/** GET /connected/admin/users's table parameters (its `limit` and `creatorsOnly` are the API's alone). */
export const ADMIN_USERS_TABLE_QUERY = {
  search: { kind: 'text', max: 200 },
  type: { kind: 'choice', values: ADMIN_USER_TYPE_FILTERS, default: 'all' },
  page: { kind: 'int', min: 1, max: ADMIN_USERS.maxPage, default: ADMIN_USERS.defaultPage },
  sortField: { kind: 'choice', values: ADMIN_USER_SORT_FIELDS, default: 'id' },
  sortDirection: { kind: 'choice', values: SORT_DIRECTIONS, default: 'desc' },
} as const satisfies TableQueryFields;

/** GET /connected/admin/moderation's page (its `limit` is the API's alone). */
export const MODERATION_TABLE_QUERY = {
  page: { kind: 'int', min: 1, max: MODERATION.maxPage, default: 1 },
} as const satisfies TableQueryFields;
