/**
 * `npm run bench:web`: build, the built server on a fresh DATA_DIR with the demo data, Lighthouse on `/` and on the
 * main screens (the event page, an organiser's `/profile`, the event form, the plans page, the admin events list,
 * signed in as the demo accounts, and the embed page `/embed`), the initial JS of `/` and of `/embed`, then N events seeded and the map panned in Chromium; writes
 * bench/web.md and prints a summary.
 * Everything started here is stopped (and its temporary folders removed) at the end, on failure and on Ctrl-C.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Event } from '@evmap/contract/events';
import { authRoutes } from '@evmap/contract/routes/auth';
import { eventRoutes } from '@evmap/contract/routes/events';
import { urlOf } from '@evmap/contract/routes/route';
import { measureInitialJs, WEB_DIST } from '../../apps/web/scripts/initial-js';
import { buildMappedCopy, screenShares } from '../../apps/web/scripts/package-shares';
import { signedInStorage } from '../../e2e/support/app-state';
import { describeChromium, resolveChromium } from '../../e2e/support/chromium';
import { startAppServer } from './app-server';
import { runApplied } from './applied';
import { startDeployedFront } from './deployed-front';
import { type LighthouseSummary, runLighthouse } from './lighthouse';
import { runPan } from './pan';
import { type DeployedResults, markdown, type ScreenResult, summary, type WebBenchContext } from './report';
import { seedMapEvents } from './seed-map';
import { startTileServer } from './tiles';

export type WebBenchOptions = {
  root: string;
  build: boolean;
  lighthouseRuns: number;
  events: number;
  panSeconds: number;
  profile: boolean;
  output: string;
  /** Only the Lighthouse runs, printed; nothing written to `output`. */
  lighthouseOnly: boolean;
  /** Where to save the full Lighthouse report (JSON) of the home's median run; each screen's is saved beside it. */
  report: string | undefined;
  /** With `lighthouseOnly`: only the screens whose path starts with one of these (`/` alone is the home). */
  screens: string[] | undefined;
  log: (message: string) => void;
};

/** The seeded box: the map's default view (centre 46 N 71 W, zoom 8) and the ground around it. */
const AREA = { south: 44, west: -77, north: 49, east: -64 };
const TARGET_EVENTS = 10_000;

const git = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

/** Demo accounts (apps/api/src/demo/README.md) whose screens are measured. */
const DEMO_PASSWORD = 'demo1234';
const ORGANISER = 'complete@demo.evmap.ca';
const ADMINISTRATOR = 'admin@demo.evmap.ca';

async function demoJwt(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}${urlOf(authRoutes.login)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing in ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { jwt: string }).jwt;
}

/** A demo event of today in Montréal with an image, for the event page. */
async function demoEvent(url: string): Promise<Event> {
  const day = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const response = await fetch(`${url}${urlOf(eventRoutes.search)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      mapBounds: { northLat: 46, eastLng: -73, southLat: 45, westLng: -74 },
      selectedDay: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
    }),
  });
  if (!response.ok) throw new Error(`the search answered ${response.status}: ${await response.text()}`);
  const { events } = (await response.json()) as { events: Event[] };
  const event = events.find((e) => e.images.length > 0 && e.active && !e.isPast);
  if (!event) throw new Error('no demo event with an image in Montréal today');
  return event;
}

/** The home's name in the tables. */
const HOME_NAME = 'Map home `/` (a first visit)';

/** The main screens after the home, each as its user reaches it (a first visit, or signed in). */
async function mainScreens(
  url: string,
): Promise<Array<{ name: string; path: string; storage: Record<string, string> | null }>> {
  const event = await demoEvent(url);
  const organiser = signedInStorage(await demoJwt(url, ORGANISER));
  const administrator = signedInStorage(await demoJwt(url, ADMINISTRATOR));
  return [
    { name: 'Event page (a first visit)', path: `/events/${event.handle ?? event.uuid}`, storage: null },
    { name: "`/profile` of an organiser (the complete plan's events)", path: '/profile', storage: organiser },
    { name: 'Event form (new event)', path: '/profile/events/create', storage: organiser },
    { name: 'Plans page', path: '/profile/me/plans', storage: organiser },
    { name: 'Admin events list', path: '/profile/admin/events', storage: administrator },
    // Another website's iframe, as a first visit sees it: the map of Montréal's events of today.
    { name: 'Embed page (map of a city, French)', path: '/embed?lang=fr&city=Montr%C3%A9al', storage: null },
  ];
}

/** The app's scripts a screen loaded, each gzipped from dist (level 6, as the initial JS of `/`), largest first. */
function gzippedScripts(scripts: string[]): Array<{ file: string; gzipBytes: number }> {
  return scripts
    .map((script) => ({
      file: script.replace(/^\//, ''),
      gzipBytes: gzipSync(readFileSync(path.join(WEB_DIST, script.replace(/^\//, '')))).length,
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** A screen's result: its Lighthouse runs and the scripts of the median one. */
const screenResult = (screen: { name: string; path: string }, lighthouse: LighthouseSummary): ScreenResult => ({
  name: screen.name,
  path: screen.path,
  lighthouse,
  js: gzippedScripts(lighthouse.medianRun.scripts),
});

export async function runWebBench(options: WebBenchOptions): Promise<void> {
  const { log, root } = options;
  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async () => {
    while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
  };
  let stopping = false;
  const interrupt = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    if (options.screens && !options.lighthouseOnly) throw new Error('--screens needs --lighthouse-only');
    const loadBefore = os.loadavg();
    if (options.build) {
      log('npm run build');
      const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
      if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
    }
    const dirty = git(root, 'status', '--porcelain', '--', 'apps/web', 'packages/contract')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3));
    const initialJs = measureInitialJs(WEB_DIST);
    // The embed page (issue 26): its own entry, measured the same way (Leaflet is lazy there too).
    const embedInitialJs = measureInitialJs(WEB_DIST, 'embed.html');

    const tiles = await startTileServer();
    cleanups.push(tiles.close);
    const app = await startAppServer(root);
    cleanups.push(app.stop);
    log(`server ${app.url} (DATA_DIR ${app.dataDir}), tiles on 127.0.0.1:${tiles.port}`);
    // One visit before measuring, so the first Lighthouse run does not pay for the server's cold start alone.
    await fetch(`${app.url}/`).then((r) => r.text());

    const wanted = (screenPath: string) =>
      !options.screens ||
      options.screens.some((prefix) => (prefix === '/' ? screenPath === '/' : screenPath.startsWith(prefix)));
    const runHome = () =>
      runLighthouse(`${app.url}/`, {
        runs: options.lighthouseRuns,
        extraFlags: tiles.chromiumFlags,
        log,
        onClose: (close) => cleanups.push(close),
        reportFile: options.report,
      });
    const home = wanted('/') ? await runHome() : undefined;
    const screens: ScreenResult[] = home ? [screenResult({ name: HOME_NAME, path: '/' }, home)] : [];
    const main = (await mainScreens(app.url)).filter((s) => wanted(s.path));
    for (const screen of main) {
      const result = await runLighthouse(`${app.url}${screen.path}`, {
        runs: options.lighthouseRuns,
        extraFlags: tiles.chromiumFlags,
        log,
        onClose: (close) => cleanups.push(close),
        storage: screen.storage,
        // --report FILE: each screen's report beside the home's, named after its path.
        reportFile: options.report?.replace(/(\.json)?$/, `${screen.path.replace(/[^a-z0-9]+/gi, '-')}.json`),
      });
      screens.push(screenResult(screen, result));
    }
    // The same screens as a city serves them (docs/deploying.md: nginx, TLS, HTTP/2), when nginx is installed.
    const measured = [...(wanted('/') ? [{ name: HOME_NAME, path: '/', storage: null }] : []), ...main];
    const front = await startDeployedFront(app.url);
    const deployed: DeployedResults = { screens: [] };
    if ('skipped' in front) {
      deployed.skipped = front.skipped;
      log(`as deployed: not measured, ${front.skipped}`);
    } else {
      cleanups.push(front.stop);
      for (const screen of measured) {
        const result = await runLighthouse(`${front.url}${screen.path}`, {
          runs: options.lighthouseRuns,
          extraFlags: [...new Set([...tiles.chromiumFlags, ...front.chromiumFlags])],
          log: (m) => log(`as deployed: ${m}`),
          onClose: (close) => cleanups.push(close),
          storage: screen.storage,
        });
        // Measured through the front only if the page really came over HTTP/2 (not a fallback to HTTP/1.1).
        const protocols = [...new Set(result.runs.flatMap((run) => run.protocols))];
        if (protocols.some((protocol) => protocol !== 'h2'))
          throw new Error(`as deployed: ${screen.path} came over ${protocols.join(', ')}, not only h2`);
        deployed.screens.push(screenResult(screen, result));
      }
    }
    // The same screens under applied throttling (applied.ts): what Lighthouse's simulation cannot show.
    const applied = await runApplied(app.url, measured, {
      runs: options.lighthouseRuns,
      extraFlags: tiles.chromiumFlags,
      log,
      onClose: (close) => cleanups.push(close),
    });
    if (options.lighthouseOnly) {
      for (const screen of applied) log(`${screen.path} applied median: ${JSON.stringify(screen.median)}`);
      for (const screen of screens) {
        log(`${screen.path} median: ${JSON.stringify(screen.lighthouse.median)}`);
        for (const failure of screen.lighthouse.medianRun.accessibilityFailures) log(`  accessibility: ${failure}`);
      }
      for (const screen of deployed.screens)
        log(`${screen.path} as deployed median: ${JSON.stringify(screen.lighthouse.median)}`);
      for (const line of home?.diagnostics ?? []) log(line);
      return;
    }
    const lighthouse = home ?? (await runHome());

    log(`seeding ${options.events} events on today around the default view`);
    const seed = await seedMapEvents(app.dataDir, options.events, AREA, (m) => log(`seed: ${m}`));
    log(`seeded: ${seed.todayInArea} event_days rows of today in the box`);

    const pan = await runPan(app.url, {
      target: TARGET_EVENTS,
      panSeconds: options.panSeconds,
      maxLoadSeconds: 180,
      profile: options.profile,
      extraFlags: tiles.chromiumFlags,
      log,
      onClose: (close) => cleanups.push(close),
    });

    const loadAfter = os.loadavg();
    // Where each screen's bytes come from (apps/web/scripts/package-shares.ts): a source-mapped copy, built once
    // everything is timed.
    log('a source-mapped copy of the build, for the bytes by package');
    const mapped = buildMappedCopy();
    cleanups.push(async () => mapped.remove());
    for (const screen of screens) screen.packages = screenShares(mapped.assets, screen.js);

    const chromiumVersion = describeChromium(await resolveChromium());
    const cpus = os.cpus();
    const context: WebBenchContext = {
      date: new Date().toISOString(),
      commit: git(root, 'rev-parse', '--short', 'HEAD').trim(),
      dirty,
      machine: `${cpus[0]?.model ?? '?'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GB, ${os.type()} ${os.release()}`,
      node: process.version,
      chromium: chromiumVersion || `Chromium ${pan.chromiumVersion}`,
      loadBefore,
      loadAfter,
      built: options.build,
      tileBytes: tiles.tileBytes,
      tilesServed: tiles.served(),
      seed,
      panSeconds: options.panSeconds,
    };
    const results = { lighthouse, initialJs, embedInitialJs, pan, screens, deployed, applied };
    process.stdout.write(`\n${summary(results)}\n\n`);
    mkdirSync(path.dirname(options.output), { recursive: true });
    writeFileSync(options.output, markdown(context, results));
    log(`written ${path.relative(root, options.output)}`);
  } finally {
    process.removeListener('SIGINT', interrupt);
    process.removeListener('SIGTERM', interrupt);
    await cleanUp();
  }
}
