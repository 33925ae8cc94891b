import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import './zod-setup';
import { moderationQuerySchema } from './admin-dashboard';
import { adminUsersQuerySchema } from './admin-users';
import { adminEventsQuerySchema } from './events';
import {
  ADMIN_EVENTS_TABLE_QUERY,
  ADMIN_USERS_TABLE_QUERY,
  MODERATION_TABLE_QUERY,
  readTableQuery,
  readTableQueryField,
  type TableQueryFields,
} from './table-query';
import type { tableQueryFieldSchema } from './table-query-schema';

const LISTS: Array<[string, TableQueryFields, { shape: Record<string, unknown> }]> = [
  ['admin events', ADMIN_EVENTS_TABLE_QUERY, adminEventsQuerySchema],
  ['admin users', ADMIN_USERS_TABLE_QUERY, adminUsersQuerySchema],
  ['moderation', MODERATION_TABLE_QUERY, moderationQuerySchema],
];

/** Texts a URL parameter may hold: numbers written every way, the fields' own values, and anything else. */
const rawValue = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '1',
    '2',
    ' 3 ',
    '3.0',
    '2.5',
    '-1',
    '1e2',
    '0x10',
    '+4',
    'Infinity',
    'NaN',
    '100000',
    '100001',
    'id',
    'titleFr',
    'name',
    'asc',
    'desc',
    'ASC',
    'all',
    'viewer',
    'event-manager',
    'admin',
    ' jazz ',
    '\u00a05\u2003',
    '\ufeffjazz\u3000',
    '\n2\t',
    '１',
  ),
  fc.integer({ min: -10, max: 200_000 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.string({ maxLength: 210 }),
  fc.string({ minLength: 195, maxLength: 215, unit: 'grapheme' }),
);

describe('a list query read without zod', () => {
  it.each(LISTS)('accepts, refuses and reads every value as the API does (%s)', (_name, fields, schema) => {
    for (const [name, field] of Object.entries(fields)) {
      // The field of the API's own query schema.
      const zod = schema.shape[name] as ReturnType<typeof tableQueryFieldSchema>;
      expect(zod).toBeDefined();
      fc.assert(
        fc.property(fc.option(rawValue, { nil: undefined }), (raw) => {
          const api = zod.safeParse(raw);
          const web = readTableQueryField(field, raw);
          expect(web.ok).toBe(api.success);
          if (web.ok) expect(web.value).toEqual(api.data);
        }),
        { numRuns: 400 },
      );
    }
  });

  it('puts a refused value back to its default and keeps the others', () => {
    const url: Record<string, string> = {
      search: ' jazz ',
      page: '2.5',
      sortField: 'password',
      sortDirection: 'asc',
      limit: '5',
    };
    expect(readTableQuery(ADMIN_EVENTS_TABLE_QUERY, (name) => url[name] ?? null)).toEqual({
      search: 'jazz',
      page: 1,
      sortField: 'id',
      sortDirection: 'asc',
    });
    expect(readTableQuery(ADMIN_USERS_TABLE_QUERY, () => null)).toEqual({
      search: undefined,
      type: 'all',
      page: 1,
      sortField: 'id',
      sortDirection: 'desc',
    });
  });
});
