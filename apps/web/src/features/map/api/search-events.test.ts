import { SEARCH_MAX_EVENTS, SEARCH_MAX_EXCLUDE } from '@evmap/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadedWithin, type SearchResponse, searchAllPages } from './search-events';

type Stored = { id: number; latitude: number; longitude: number };
const montreal = { northLat: 46, eastLng: -73, southLat: 45, westLng: -74 };

/** A server answering like POST /public/events/search: every id, then the first events not excluded. */
function serve(events: Stored[]) {
  const bodies: { excludeIds: number[] }[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { excludeIds: number[] };
    bodies.push(body);
    const excluded = new Set(body.excludeIds);
    const answer = {
      eventIds: events.map((e) => e.id),
      events: events.filter((e) => !excluded.has(e.id)).slice(0, SEARCH_MAX_EVENTS),
      capped: events.length - excluded.size > SEARCH_MAX_EVENTS,
    };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('window', { localStorage: { getItem: () => null, setItem: () => undefined } });
  return bodies;
}

/** A store like the map's: events by id, filled page by page. */
function store(initial: Stored[] = []) {
  const byId = new Map(initial.map((e) => [e.id, e]));
  const pages: SearchResponse[] = [];
  return {
    byId,
    pages,
    source: {
      loaded: () => ({ has: (id: number) => byId.has(id), events: () => byId.values() }),
      onPage: (answer: SearchResponse) => {
        pages.push(answer);
        for (const e of answer.events) byId.set(e.id, e as unknown as Stored);
      },
    },
  };
}

const dense = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, latitude: 45.5, longitude: -73.6 }));

afterEach(() => vi.unstubAllGlobals());

describe('searchAllPages', () => {
  it('asks again with the loaded ids until every matching event is loaded', async () => {
    const events = dense(2 * SEARCH_MAX_EVENTS + 7);
    const bodies = serve(events);
    const s = store();
    const answer = await searchAllPages({ mapBounds: montreal, selectedDay: '2026-11-21' }, s.source);
    expect(s.byId.size).toBe(events.length);
    expect(answer.events).toHaveLength(events.length);
    expect(answer.eventIds).toHaveLength(events.length);
    expect(s.pages.map((p) => p.events.length)).toEqual([SEARCH_MAX_EVENTS, SEARCH_MAX_EVENTS, 7]);
    expect(bodies.map((b) => b.excludeIds.length)).toEqual([0, SEARCH_MAX_EVENTS, 2 * SEARCH_MAX_EVENTS]);
  });

  it('asks once when everything fits, and never fetches loaded events again', async () => {
    const events = dense(30);
    const bodies = serve(events);
    const s = store(events.slice(0, 10));
    const answer = await searchAllPages({ mapBounds: montreal, selectedDay: '2026-11-21' }, s.source);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.excludeIds).toEqual(events.slice(0, 10).map((e) => e.id));
    expect(answer.events.map((e) => e.id)).toEqual(events.slice(10).map((e) => e.id));
  });
});

describe('loadedWithin', () => {
  it('keeps the loaded events inside the bounds, at most SEARCH_MAX_EXCLUDE', () => {
    const inside = { id: 1, latitude: 45.5, longitude: -73.6 };
    const outside = { id: 2, latitude: 43.7, longitude: -79.4 };
    const nowhere = { id: 3, latitude: null, longitude: null };
    expect(loadedWithin([inside, outside, nowhere], montreal)).toEqual([1]);
    expect(loadedWithin(dense(SEARCH_MAX_EXCLUDE + 10), montreal)).toHaveLength(SEARCH_MAX_EXCLUDE);
  });
});
