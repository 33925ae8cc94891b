/**
 * The text search (issue 24) in `npm run bench`: POST /public/events/search with `text` over a city (Montréal as the
 * client sends it), uncached, one at a time: each request is new to the cache (another word, or the same word over a
 * box moved by a hair), so every one runs the ranked full-text query and loads its events. Also "now" over the same
 * city. Figures only: the target of the issue (p99 < 30 ms at 100k) is reported as met or not, never asserted.
 */
import { MARKER_ANSWER_TITLE_MAX, MARKERS_MAX, tilesCovering } from '@evmap/contract/markers';
import { eventRoutes } from '@evmap/contract/routes/events';
import { urlOf } from '@evmap/contract/routes/route';
import type { DbConnection } from '../db/client';
import { markersSql } from '../modules/markers/markers.repository';
import { matchingIdsSql } from '../modules/search/search.repository';
import { percentile, plusDays, probe } from './bench-measure';
import { explainPlans } from './bench-plans';
import type { Probe } from './bench-prober';
import type { Verdict } from './bench-report';

/** Montréal as the client sends it: bounds rounded outward to whole degrees. */
const MONTREAL = { northLat: 46, southLat: 45, eastLng: -73, westLng: -74 };
/** Words of the synthetic titles and descriptions (seed-generator.ts), in both languages, accents or not, and misses. */
const WORDS = [
  'théâtre',
  'theatre',
  'concert',
  'concerts de musique',
  'jazz',
  'parc',
  'yoga in the park',
  'marché fermier',
  'farmers market',
  'hockey',
  'soirée',
  'atelier',
  'festival',
  'randonnée',
  'kayak',
  'vélo',
  'poésie',
  'salsa',
  'montreal',
  'introuvable',
];
/** 200 searches: a p99 read from 80 would be their slowest one or two. */
const ROUNDS = 10;
/** The Montréal view of the marker scenario (zoom 12 on a 1,280 × 800 window): the web app asks its tiles of zoom 9. */
const VIEW = { north: 45.5497, south: 45.4812, west: -73.6544, east: -73.4786 };

/** Other words, asked first so that the server's code is compiled, as the other scenarios' warm-up does. */
const WARM_UP = ['musique', 'danse', 'cinéma', 'exposition', 'conférence'];

/** The five slowest of `ms` (searches made round by round, WORDS in order), with their text and round. */
function slowestOf(ms: number[]): string {
  return ms
    .map((value, i) => ({ value, text: WORDS[i % WORDS.length], round: Math.floor(i / WORDS.length) + 1 }))
    .sort((a, b) => b.value - a.value)
    .slice(0, 5)
    .map((s) => `"${s.text}" ${s.value.toFixed(1)} ms (round ${s.round})`)
    .join(', ');
}

const JSON_BODY = { 'content-type': 'application/json' };
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * The plans of the two searches: the search's ids for "théâtre", and the web app's marker tile without text and for
 * "montreal" (a word every event of the city holds in its place: the slowest text, as many markers as without text).
 */
function explain(connection: DbConnection, day: string, tile: { z: number; x: number; y: number }): Promise<string[]> {
  const query = { day, north: 46, south: 45, east: -73, west: -74, categoryId: null, access: 0, text: 'théâtre' };
  const markers = {
    day,
    tile,
    categoryId: null,
    access: 0,
    lang: 'fr' as const,
    limit: MARKERS_MAX + 1,
    titleMax: MARKER_ANSWER_TITLE_MAX,
  };
  return explainPlans(connection, [
    ['Montréal, text "théâtre"', matchingIdsSql(query, 5001)],
    [
      'Marker tile of the Montréal view, no text (an index-only scan of its tile keys, migration 0019)',
      markersSql({ ...markers, text: null }),
    ],
    ['Marker tile of the Montréal view, text "montreal"', markersSql({ ...markers, text: 'montreal' })],
  ]);
}

export async function runTextBench(
  base: string,
  connection: DbConnection,
  day: string,
  options: { events: number },
): Promise<{ verdicts: Verdict[]; notes: string[]; plans: string[] }> {
  const url = `${base}${urlOf(eventRoutes.search)}`;
  const search = (body: Record<string, unknown>): Probe[] => [
    { url, method: 'POST', headers: JSON_BODY, body: JSON.stringify(body) },
  ];
  const textSearches: Probe[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // A box moved by a hair per round: a new cache key, the same city.
    for (const text of WORDS)
      textSearches.push(search({ mapBounds: { ...MONTREAL, southLat: 45 + round / 1000 }, selectedDay: day, text }));
  }
  // The same searches without text (boxes not asked yet), for comparison under the same load.
  const plainSearches: Probe[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < WORDS.length; i++) {
      const mapBounds = { ...MONTREAL, southLat: 45 + (ROUNDS + round * WORDS.length + i) / 1000 };
      plainSearches.push(search({ mapBounds, selectedDay: day }));
    }
  }
  const nowSearches: Probe[][] = [];
  for (let i = 1; i <= 20; i++)
    nowSearches.push(search({ mapBounds: { ...MONTREAL, northLat: 46 - i / 1000 }, selectedDay: 'now' }));
  const posted = await probe({
    untimed: WARM_UP.map((text) => search({ mapBounds: MONTREAL, selectedDay: day, text })),
    timed: [...textSearches, ...plainSearches, ...nowSearches],
    countIds: true,
  });
  const textMs = posted.slice(0, textSearches.length).map((timing) => timing.ms);
  const found = posted.slice(0, textSearches.length).reduce((sum, timing) => sum + (timing.answers[0]?.ids ?? 0), 0);
  const plainMs = posted.slice(textSearches.length, -nowSearches.length).map((timing) => timing.ms);
  const nowMs = posted.slice(-nowSearches.length).map((timing) => timing.ms);
  // The web app's own text search: the marker tiles of the view with `q` (no ranking, no full events), sent together.
  // Each request new to the cache: the rounds take the next days and both languages.
  const tiles = tilesCovering(VIEW, 9);
  const ask = (query: Record<string, string>): Probe[] =>
    tiles.map((tile) => ({
      url: `${base}${urlOf(eventRoutes.markers, {}, { ...query, ...tile })}`,
      method: 'GET',
      headers: BROWSER,
    }));
  const webSearches: Probe[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const query = { day: plusDays(day, round % 5), lang: round < 5 ? 'fr' : 'en' };
    for (const q of WORDS) webSearches.push(ask({ ...query, q }));
  }
  // The same warm-up as the POST's: other words first, so the first timed search does not compile the marker
  // query's text path (its first request took 30-57 ms where the later ones of the same word took 2-6 ms).
  const webMs = (await probe({ untimed: WARM_UP.map((q) => ask({ day, lang: 'fr', q })), timed: webSearches })).map(
    (timing) => timing.ms,
  );
  const webP99 = percentile(webMs, 99);
  // The text whose searches are slowest at the median: what sets the p99 of 200 (10 samples of each text).
  const [slowWord, slowMs] = WORDS.map(
    (word, i) =>
      [
        word,
        percentile(
          webMs.filter((_, j) => j % WORDS.length === i),
          50,
        ),
      ] as const,
  ).reduce((a, b) => (b[1] > a[1] ? b : a));
  const p99 = percentile(textMs, 99);
  const slowest = slowestOf(textMs);
  // The first round also loads and serialises each text's 200 full events (new to the event cache); the later rounds
  // find them cached, as the search does for events another answer already loaded.
  const firstRound = textMs.slice(0, WORDS.length);
  const laterRounds = textMs.slice(WORDS.length);
  return {
    verdicts: [
      {
        target: `text search over a city as the web app asks it (GET markers with q): uncached p99 < 30 ms one at a time (issue 24, ${options.events.toLocaleString('en-CA')} events)`,
        measured: `p50 ${percentile(webMs, 50).toFixed(1)} ms, p90 ${percentile(webMs, 90).toFixed(1)} ms, p99 ${webP99.toFixed(1)} ms (${webMs.length} searches, ${tiles.length} tile${tiles.length === 1 ? '' : 's'} each)`,
        ok: webP99 < 30,
      },
      {
        target: `text search over a city for other clients (POST search with text): uncached p99 < 30 ms one at a time (issue 24, ${options.events.toLocaleString('en-CA')} events)`,
        measured: `p50 ${percentile(textMs, 50).toFixed(1)} ms, p90 ${percentile(textMs, 90).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${textMs.length} searches; without text p50 ${percentile(plainMs, 50).toFixed(1)} ms, p99 ${percentile(plainMs, 99).toFixed(1)} ms)`,
        ok: p99 < 30,
      },
    ],
    notes: [
      `Text search as the web app asks it (GET /public/events/markers with \`q\`): the ${tiles.length} tile${tiles.length === 1 ? '' : 's'} of zoom 9 of the Montréal view (zoom 12, 1,280 × 800), the same ${WORDS.length} texts × ${ROUNDS} rounds (the next five days, in French then in English), so every request misses the cache, after the same ${WARM_UP.length} other words as a warm-up; brotli as browsers ask; one at a time: p50 ${percentile(webMs, 50).toFixed(1)} ms, p99 ${webP99.toFixed(1)} ms; the slowest text, "${slowWord}", p50 ${slowMs.toFixed(1)} ms; the five slowest searches: ${slowestOf(webMs)}.`,
      `Text search (POST /public/events/search with \`text\`): Montréal as the client sends it, ${day}, ${WORDS.length} texts (French, English, with and without accents, phrases, one that finds nothing) × ${ROUNDS} boxes each moved by a hair, so every request misses the cache, after ${WARM_UP.length} other words as a warm-up; one at a time: p50 ${percentile(textMs, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${Math.round(found / textMs.length)} matching ids on average (ranked, 200 full events at most). First round (the events not loaded yet): p50 ${percentile(firstRound, 50).toFixed(1)} ms, p99 ${percentile(firstRound, 99).toFixed(1)} ms; later rounds (answers uncached, events already loaded): p50 ${percentile(laterRounds, 50).toFixed(1)} ms, p99 ${percentile(laterRounds, 99).toFixed(1)} ms. The same number of uncached searches without text (new boxes), for comparison: p50 ${percentile(plainMs, 50).toFixed(1)} ms, p99 ${percentile(plainMs, 99).toFixed(1)} ms. "Now" over the same city, uncached: p50 ${percentile(nowMs, 50).toFixed(1)} ms, p99 ${percentile(nowMs, 99).toFixed(1)} ms (20 searches). Its five slowest searches with text: ${slowest}.`,
    ],
    plans: tiles[0] ? await explain(connection, day, tiles[0]) : [],
  };
}
