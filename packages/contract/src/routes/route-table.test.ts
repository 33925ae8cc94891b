import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventRoutes } from './events';
import { API_PREFIX, pathOf, urlOf } from './route';
import { ROUTE_TABLE } from './table';

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();

describe('the route table', () => {
  it('describes each method and path once', () => {
    const keys = ROUTE_TABLE.map(({ entry }) => `${entry.method} ${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ROUTE_TABLE.length).toBeGreaterThan(50);
  });

  it('gives each path parameter a schema, and no other', () => {
    for (const { name, entry } of ROUTE_TABLE) {
      expect(entry.path, name).toMatch(/^\/[a-z0-9/:.-]*[a-z0-9]$/i);
      const shape = entry.params instanceof z.ZodObject ? Object.keys(entry.params.shape).sort() : [];
      expect([name, shape], name).toEqual([name, paramNames(entry.path)]);
    }
  });

  it('gives each documented route one success', () => {
    for (const { name, entry } of ROUTE_TABLE) {
      if (entry.hide) continue;
      const successes = Object.keys(entry.response ?? {}).filter((status) => status.startsWith('2'));
      expect([name, successes.length]).toEqual([name, 1]);
      expect(entry.tags?.length, name).toBeGreaterThan(0);
    }
  });
});

describe('pathOf and urlOf', () => {
  it('fills the parameters, URL-encoded, and adds the query string as a form would', () => {
    expect(pathOf(eventRoutes.byHandleOrUuid, { handleOrUuid: 'a b/c' })).toBe(
      '/public/events/handle-or-uuid/a%20b%2Fc',
    );
    expect(pathOf(eventRoutes.favoriteState, { id: 12 })).toBe('/connected/events/id/12/favorite');
    expect(pathOf({ path: '/x' }, {}, { q: "Mont réal (l'île)", page: 2, none: undefined, empty: '', nil: null })).toBe(
      '/x?q=Mont+r%C3%A9al+%28l%27%C3%AEle%29&page=2',
    );
    expect(urlOf(eventRoutes.ics, { uuid: 'u' })).toBe(`${API_PREFIX}/public/events/u/ics`);
  });

  it('refuses a path whose parameter is missing', () => {
    expect(() => pathOf(eventRoutes.ownStats)).toThrow('missing parameter id');
  });
});
