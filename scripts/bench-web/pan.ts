/**
 * Panning the home map in headless Chromium (playwright-core, desktop viewport, no CPU throttling):
 * 1. load: real mouse drags (and the zoom buttons) over the seeded area, waiting for the marker answers after each
 *    move, until the page has received at least `target` distinct events (or the route is exhausted);
 * 2. pan: `panSeconds` of continuous drags without waiting, while the page records every animation frame
 *    (requestAnimationFrame) and every long task (PerformanceObserver 'longtask', buffered).
 * Events loaded are counted from the marker answers the page received (union of their ids); markers and
 * clusters from the DOM (`.evm-marker`, `.evm-cluster` and the counts they show).
 */

import { STORAGE_KEYS } from '@evmap/contract/constants';
import { decodeMarkers, type MarkersAnswer } from '@evmap/contract/marker-tiles';
import { eventRoutes } from '@evmap/contract/routes/events';
import { urlOf } from '@evmap/contract/routes/route';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { settledStorage } from '../../e2e/support/app-state';
import { launchPlaywrightChromium } from './lighthouse';

/**
 * A visitor in Montréal: the map shows "today" in the browser's time zone, and the seed writes the events of today in
 * Toronto's (seed-map.ts); on the machine's zone (UTC) the two days differ every evening (from 19:00 or 20:00 in Montréal).
 */
const VISITOR = { locale: 'en-CA', timezoneId: 'America/Toronto' };
export const VIEWPORT = { width: 1366, height: 768 };

export type LongTasks = { count: number; over200: number; maxMs: number; totalMs: number };
export type Frames = { frames: number; seconds: number; avgFps: number; p5Fps: number; worstFrameMs: number };
export type PhaseResult = { seconds: number; longTasks: LongTasks; frames?: Frames };

export type PanResult = {
  chromiumVersion: string;
  load: PhaseResult & { moves: number };
  pan: PhaseResult & { drags: number; frames: Frames };
  /** Distinct events received by the page when the panning started, at the end, and the ids of the latest answer. */
  eventsBeforePan: number;
  eventsLoaded: number;
  latestIds: number;
  searches: number;
  failedSearches: Array<{ status: number; body: string }>;
  /** A first visit of a Montréal view (zoom 10, the seeded events of today): its marker requests and their bytes. */
  montrealView: { requests: number; bodyBytes: number; headerBytes: number; events: number };
  dom: { markers: number; clusters: number; inClusters: number };
  heapMB: number;
  domNodes: number;
  /** Where the pan's time went (with --profile). */
  profile?: ProfileSummary;
  pageErrors: string[];
};

type Recorded = { longTasks: Array<{ start: number; duration: number }> };

declare global {
  interface Window {
    __benchWeb?: Recorded & { frames: number[]; recordFrames: boolean };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summariseLongTasks(tasks: Recorded['longTasks'], from: number, to: number): LongTasks {
  const inside = tasks.filter((t) => t.start >= from && t.start < to);
  return {
    count: inside.length,
    over200: inside.filter((t) => t.duration > 200).length,
    maxMs: Math.round(Math.max(0, ...inside.map((t) => t.duration))),
    totalMs: Math.round(inside.reduce((sum, t) => sum + t.duration, 0)),
  };
}

function summariseFrames(stamps: number[]): Frames {
  const intervals = stamps.slice(1).map((t, i) => t - stamps[i]!);
  const seconds = stamps.length > 1 ? (stamps[stamps.length - 1]! - stamps[0]!) / 1000 : 0;
  const sorted = [...intervals].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  return {
    frames: intervals.length,
    seconds,
    avgFps: seconds > 0 ? intervals.length / seconds : 0,
    p5Fps: p95 > 0 ? 1000 / p95 : 0,
    worstFrameMs: Math.round(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * Page-side recorders, installed before the app's first script. Strings, not functions: tsx (esbuild keepNames)
 * would wrap inner functions in a helper the page does not have.
 */
const INSTALL_RECORDERS = `
  window.__benchWeb = { longTasks: [], frames: [], recordFrames: false };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchWeb.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });`;

const START_FRAMES = `(() => {
  const state = window.__benchWeb;
  state.frames = [];
  state.recordFrames = true;
  const tick = (t) => {
    state.frames.push(t);
    if (state.recordFrames) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

type Tracker = { inFlight: number; lastChange: number; searches: number };

/** Waits until no search has been in flight for `quietMs` (at most `maxMs`). */
async function settle(tracker: Tracker, quietMs = 600, maxMs = 20_000) {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    if (tracker.inFlight === 0 && Date.now() - tracker.lastChange >= quietMs) return;
    await sleep(50);
  }
}

/**
 * A mouse drag of (dx, dy) centred on the map centre lasting `ms`, eased like a hand: the pointer moves as often
 * as the browser takes input (about every 16 ms), each position from the time elapsed.
 */
async function drag(page: Page, centre: { x: number; y: number }, dx: number, dy: number, ms: number) {
  const from = { x: centre.x - dx / 2, y: centre.y - dy / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const start = Date.now();
  for (;;) {
    const t = Math.min(1, (Date.now() - start) / ms);
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    await page.mouse.move(from.x + dx * eased, from.y + dy * eased);
    if (t === 1) break;
    await sleep(16);
  }
  await page.mouse.up();
}

/** A first visit of a Montréal view (a remembered location opens the map there at zoom 10), in a fresh context. */
async function montrealView(browser: Browser, url: string): Promise<PanResult['montrealView']> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...VISITOR, ignoreHTTPSErrors: true });
  try {
    const storage = settledStorage({
      [STORAGE_KEYS.location]: JSON.stringify({
        location: { lat: 45.5017, lng: -73.5673 },
        date: new Date().toISOString(),
      }),
    });
    await context.addInitScript((values: Record<string, string>) => {
      if (!window.location.protocol.startsWith('http')) return;
      for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
    }, storage);
    const page = await context.newPage();
    const tracker: Tracker = { inFlight: 0, lastChange: Date.now(), searches: 0 };
    const seen = { requests: 0, bodyBytes: 0, headerBytes: 0, events: new Set<number>() };
    const isMarkers = (u: string) => u.includes(urlOf(eventRoutes.markers));
    page.on('request', (request) => {
      if (!isMarkers(request.url())) return;
      tracker.inFlight++;
      tracker.lastChange = Date.now();
      seen.requests++;
    });
    page.on('requestfinished', async (request) => {
      if (!isMarkers(request.url())) return;
      try {
        const sizes = await request.sizes();
        seen.bodyBytes += sizes.responseBodySize;
        seen.headerBytes += sizes.responseHeadersSize;
        const response = await request.response();
        if (response?.ok())
          for (const m of decodeMarkers((await response.json()) as MarkersAnswer)) seen.events.add(m.id);
      } finally {
        tracker.inFlight = Math.max(0, tracker.inFlight - 1);
        tracker.lastChange = Date.now();
      }
    });
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await page.locator('.evm-marker, .evm-cluster').first().waitFor({ timeout: 30_000 });
    await settle(tracker);
    return {
      requests: seen.requests,
      bodyBytes: seen.bodyBytes,
      headerBytes: seen.headerBytes,
      events: seen.events.size,
    };
  } finally {
    await context.close();
  }
}

/** Closes an event modal a drag may have opened (a click on a marker). */
async function closeDialogs(page: Page) {
  if ((await page.locator('[role="dialog"]').count()) > 0) await page.keyboard.press('Escape');
}

type Profile = {
  nodes: Array<{
    id: number;
    parent?: number;
    children?: number[];
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
};

export type ProfileSummary = {
  /** Top functions by self time over the whole pan phase. */
  self: Array<{ selfMs: number; fn: string }>;
  /** The longest tasks of the pan phase, each with the functions that ran longest inside it (self and total). */
  longTasks: Array<{ startMs: number; durationMs: number; self: string[]; total: string[] }>;
};

const frameName = (f: Profile['nodes'][number]['callFrame']) => {
  const file = f.url ? f.url.replace(/^.*\//, '') : '';
  return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
};

/**
 * Stops the profiler and summarises the samples of [from, to) (page clock). The page is idle when this runs:
 * performance.now() read just before the stop is the profile's end, which places every sample on the page's
 * clock (within a millisecond or two) to find the samples of each long task.
 */
async function summariseProfile(
  page: Page,
  cdp: CDPSession,
  span: { from: number; to: number },
  tasks: Array<{ start: number; duration: number }>,
): Promise<ProfileSummary> {
  const pageEnd = await page.evaluate(() => performance.now());
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile & { endTime: number } };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const times: number[] = [];
  let clock = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    clock += deltas[i] ?? 0;
    times.push(pageEnd - (profile.endTime - clock) / 1000);
  }
  const top = (weights: Map<string, number>, count: number) => [...weights].sort((a, b) => b[1] - a[1]).slice(0, count);
  const selfIn = (from: number, to: number) => {
    const weights = new Map<string, number>();
    for (let i = 0; i < samples.length; i++) {
      if (times[i]! < from || times[i]! >= to) continue;
      const name = frameName(byId.get(samples[i]!)!.callFrame);
      weights.set(name, (weights.get(name) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
    }
    return weights;
  };
  const totalIn = (from: number, to: number) => {
    const weights = new Map<string, number>();
    for (let i = 0; i < samples.length; i++) {
      if (times[i]! < from || times[i]! >= to) continue;
      const seen = new Set<string>();
      for (let id: number | undefined = samples[i]; id !== undefined; id = parent.get(id)) {
        const name = frameName(byId.get(id)!.callFrame);
        if (name.startsWith('(root)') || seen.has(name)) continue;
        seen.add(name);
        weights.set(name, (weights.get(name) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
      }
    }
    return weights;
  };
  const ms = ([name, value]: [string, number]) => `${Math.round(value)} ms ${name}`;
  return {
    self: top(selfIn(span.from, span.to), 15).map(([fn, value]) => ({ fn, selfMs: Math.round(value) })),
    longTasks: [...tasks]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((t) => ({
        startMs: Math.round(t.start),
        durationMs: Math.round(t.duration),
        self: top(selfIn(t.start, t.start + t.duration), 6).map(ms),
        // A call chain has one total: keep its deepest frame (seen first), not every caller above it.
        total: top(totalIn(t.start, t.start + t.duration), 40)
          .filter(([, value], i, all) => i === 0 || Math.round(value) !== Math.round(all[i - 1]![1]))
          .slice(0, 8)
          .map(ms),
      })),
  };
}

export async function runPan(
  url: string,
  options: {
    target: number;
    panSeconds: number;
    maxLoadSeconds: number;
    profile: boolean;
    extraFlags: string[];
    log: (m: string) => void;
    onClose: (close: () => Promise<void>) => void;
  },
): Promise<PanResult> {
  const { log } = options;
  const browser = await launchPlaywrightChromium(options.extraFlags);
  options.onClose(() => browser.close());
  try {
    const montreal = await montrealView(browser, url);
    log(
      `Montréal view: ${montreal.requests} marker requests, ${montreal.bodyBytes} B of bodies, ${montreal.events} events`,
    );
    const context = await browser.newContext({ viewport: VIEWPORT, ...VISITOR, ignoreHTTPSErrors: true });
    // Nothing covers the map: the cookie banner, the welcome message and the location prompt already answered.
    await context.addInitScript((values: Record<string, string>) => {
      if (!window.location.protocol.startsWith('http')) return;
      for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
    }, settledStorage());
    await context.addInitScript({ content: INSTALL_RECORDERS });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
    });

    const tracker: Tracker = { inFlight: 0, lastChange: Date.now(), searches: 0 };
    const loaded = new Set<number>();
    let latestIds = 0;
    const failedSearches: PanResult['failedSearches'] = [];
    const isSearch = (u: string) => u.includes(urlOf(eventRoutes.markers));
    page.on('request', (request) => {
      if (!isSearch(request.url())) return;
      tracker.inFlight++;
      tracker.searches++;
      tracker.lastChange = Date.now();
    });
    const done = () => {
      tracker.inFlight = Math.max(0, tracker.inFlight - 1);
      tracker.lastChange = Date.now();
    };
    page.on('requestfailed', (request) => {
      if (isSearch(request.url())) done();
    });
    page.on('requestfinished', async (request) => {
      if (!isSearch(request.url())) return;
      try {
        const response = await request.response();
        if (!response) return;
        // A large answer's body may be gone from DevTools' buffer by now: then the bench reads it again itself.
        const text = await response.text().catch(() => fetch(request.url()).then((again) => again.text()));
        if (!response.ok()) {
          failedSearches.push({ status: response.status(), body: text.slice(0, 300) });
          return;
        }
        const answer = JSON.parse(text) as MarkersAnswer;
        for (const marker of decodeMarkers(answer)) loaded.add(marker.id);
        latestIds = answer.id.length;
      } catch {
        // the page went away
      } finally {
        done();
      }
    });

    await page.goto(`${url}/`, { waitUntil: 'load' });
    await page.locator('.leaflet-container').waitFor();
    await sleep(300);
    await settle(tracker);
    const box = (await page.locator('.leaflet-container').boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const now = () => page.evaluate(() => performance.now());
    const zoom = async (direction: 'in' | 'out') => {
      await page.locator(`.leaflet-control-zoom-${direction}`).click();
      await sleep(400);
    };

    // 1. Load: a route over the seeded area, each move followed by its searches.
    const loadStart = await now();
    const started = Date.now();
    // Drags of a third of the map; (-w, 0) brings the ground east of the view into it. The loop visits the 3×3
    // positions around the default view and comes back, so the map stays over the seeded box.
    const w = Math.round(box.width / 3);
    const h = Math.round(box.height / 3);
    const loop: Array<[number, number]> = [
      [-w, 0],
      [0, h],
      [w, 0],
      [w, 0],
      [0, -h],
      [0, -h],
      [-w, 0],
      [-w, 0],
      [w, h],
    ];
    const route: Array<() => Promise<void>> = [
      ...loop.map(
        ([dx, dy]) =>
          () =>
            drag(page, centre, dx, dy, 500),
      ),
      () => zoom('in'),
      ...loop.map(
        ([dx, dy]) =>
          () =>
            drag(page, centre, dx, dy, 500),
      ),
      () => zoom('out'),
    ];
    let moves = 0;
    while (loaded.size < options.target && Date.now() - started < options.maxLoadSeconds * 1000) {
      await route[moves % route.length]!();
      moves++;
      await settle(tracker);
      await closeDialogs(page);
      if (moves % 4 === 0) log(`load: ${moves} moves, ${loaded.size} events loaded`);
    }
    const loadEnd = await now();
    const eventsBeforePan = loaded.size;
    log(`load done: ${moves} moves, ${loaded.size} events loaded in ${((loadEnd - loadStart) / 1000).toFixed(1)} s`);

    // 2. Pan: continuous drags, frames and long tasks recorded.
    let cdp: CDPSession | undefined;
    if (options.profile) {
      cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    await page.evaluate(START_FRAMES);
    const panStart = await now();
    let drags = 0;
    const panUntil = Date.now() + options.panSeconds * 1000;
    while (Date.now() < panUntil) {
      const [dx, dy] = loop[drags % loop.length]!;
      await drag(page, centre, dx, dy, 450);
      drags++;
      await sleep(120);
    }
    const panEnd = await now();
    const frameStamps = await page.evaluate(() => {
      const state = window.__benchWeb!;
      state.recordFrames = false;
      return state.frames;
    });
    const { longTasks } = await page.evaluate(() => ({ longTasks: window.__benchWeb!.longTasks }));
    const panTasks = longTasks.filter((t) => t.start >= panStart && t.start < panEnd);
    await settle(tracker);
    await sleep(500);
    const profile = cdp ? await summariseProfile(page, cdp, { from: panStart, to: panEnd }, panTasks) : undefined;
    await closeDialogs(page);

    const dom = await page.evaluate(() => {
      const clusters = [...document.querySelectorAll('.evm-cluster')];
      return {
        markers: document.querySelectorAll('.evm-marker').length,
        clusters: clusters.length,
        inClusters: clusters.reduce((sum, c) => sum + (Number.parseInt(c.textContent ?? '', 10) || 0), 0),
      };
    });
    const metricsSession = cdp ?? (await context.newCDPSession(page));
    await metricsSession.send('Performance.enable');
    const { metrics } = await metricsSession.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    log(`pan done: ${drags} drags in ${((panEnd - panStart) / 1000).toFixed(1)} s`);
    return {
      chromiumVersion: browser.version(),
      load: {
        moves,
        seconds: (loadEnd - loadStart) / 1000,
        longTasks: summariseLongTasks(longTasks, loadStart, loadEnd),
      },
      pan: {
        drags,
        seconds: (panEnd - panStart) / 1000,
        longTasks: summariseLongTasks(longTasks, panStart, panEnd),
        frames: summariseFrames(frameStamps),
      },
      eventsBeforePan,
      eventsLoaded: loaded.size,
      latestIds,
      searches: tracker.searches,
      montrealView: montreal,
      failedSearches,
      dom,
      heapMB: metric('JSHeapUsedSize') / 1024 / 1024,
      domNodes: metric('Nodes'),
      profile,
      pageErrors,
    };
  } finally {
    await browser.close();
  }
}
