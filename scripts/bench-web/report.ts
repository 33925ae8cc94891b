/** bench/web.md and the summary printed by `npm run bench:web`. */
import { type InitialJs, kb } from '../../apps/web/scripts/initial-js';
import { APPLIED, type AppliedResult } from './applied';
import type { LighthouseSummary } from './lighthouse';
import { type PanResult, VIEWPORT } from './pan';
import type { MapSeed } from './seed-map';

export const TARGETS = {
  score: 95,
  accessibility: 95,
  initialJsKB: 200,
  /** The embed page lives in other websites' pages: a lean bundle (no app shell, no Mantine, Leaflet lazy). */
  embedInitialJsKB: 30,
  longTaskMs: 200,
  events: 10_000,
};

/** One screen measured by Lighthouse: its scores and the app scripts it loaded (gzipped, from dist). */
export type ScreenResult = {
  name: string;
  path: string;
  lighthouse: LighthouseSummary;
  js: Array<{ file: string; gzipBytes: number }>;
  /** The same bytes shared between the packages they come from (apps/web/scripts/package-shares.ts), largest first. */
  packages?: Array<{ name: string; bytes: number }>;
};

/** The packages a screen's bytes come from, largest first, those under 1 KB together. */
export function packageLine(packages: Array<{ name: string; bytes: number }>): string {
  const shown = packages.filter((p) => p.bytes >= 1024);
  const rest = packages.filter((p) => p.bytes < 1024);
  const restBytes = rest.reduce((sum, p) => sum + p.bytes, 0);
  return [
    ...shown.map((p) => `${p.name} ${kb(p.bytes)} KB`),
    ...(rest.length ? [`${rest.length} more under 1 KB each: ${kb(restBytes)} KB`] : []),
  ].join(', ');
}

const jsBytes = (screen: ScreenResult) => screen.js.reduce((sum, f) => sum + f.gzipBytes, 0);

/** The screens as a city serves them (deployed-front.ts), or why they were not measured. */
export type DeployedResults = { screens: ScreenResult[]; skipped?: string };

export type WebBenchContext = {
  date: string;
  commit: string;
  /** Uncommitted files under apps/web or packages/contract at build time (they are in the measured build). */
  dirty: string[];
  machine: string;
  node: string;
  chromium: string;
  loadBefore: number[];
  loadAfter: number[];
  built: boolean;
  tileBytes: number;
  tilesServed: number;
  seed: MapSeed;
  panSeconds: number;
};

export type WebBenchResults = {
  lighthouse: LighthouseSummary;
  initialJs: InitialJs;
  /** The embed page's (`/embed`, embed.html), measured like the home's. */
  embedInitialJs: InitialJs;
  pan: PanResult;
  /** The home, then the main screens. */
  screens: ScreenResult[];
  /** The same screens behind nginx over TLS and HTTP/2 (deployed-front.ts). */
  deployed: DeployedResults;
  /** The same screens under applied throttling (applied.ts). */
  applied: AppliedResult[];
};

const ms = (value: number) => `${Math.round(value).toLocaleString('en-CA')} ms`;
const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
const n = (value: number) => value.toLocaleString('en-CA');
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');

type Line = { metric: string; measured: string; target: string; ok?: boolean };

export function verdictLines({ lighthouse, initialJs, embedInitialJs, pan }: WebBenchResults): Line[] {
  const m = lighthouse.median;
  const heldEnough = pan.eventsBeforePan >= TARGETS.events;
  const f = pan.pan.frames;
  return [
    {
      metric: `Lighthouse performance score (mobile, median of ${lighthouse.runs.length})`,
      measured: String(m.score),
      target: `≥ ${TARGETS.score}`,
      ok: m.score >= TARGETS.score,
    },
    {
      metric: `Lighthouse accessibility score (mobile, median of ${lighthouse.runs.length})`,
      measured: String(m.accessibility),
      target: `≥ ${TARGETS.accessibility}`,
      ok: m.accessibility >= TARGETS.accessibility,
    },
    { metric: 'Largest contentful paint (LCP)', measured: s(m.lcpMs), target: '(Lighthouse "good": ≤ 2.5 s)' },
    { metric: 'Total blocking time (TBT)', measured: ms(m.tbtMs), target: '(Lighthouse "good": ≤ 200 ms)' },
    { metric: 'First contentful paint (FCP)', measured: s(m.fcpMs), target: '(≤ 1.8 s)' },
    { metric: 'Speed Index', measured: s(m.speedIndexMs), target: '(≤ 3.4 s)' },
    { metric: 'Cumulative layout shift (CLS)', measured: m.cls.toFixed(3), target: '(≤ 0.1)' },
    {
      metric: 'Initial JavaScript of `/` (gzipped)',
      measured: `${kb(initialJs.totalGzipBytes)} KB in ${initialJs.files.length} files`,
      target: `≤ ${TARGETS.initialJsKB} KB`,
      ok: initialJs.totalGzipBytes <= TARGETS.initialJsKB * 1024,
    },
    {
      metric: 'Initial JavaScript of the embed page `/embed` (gzipped)',
      measured: `${kb(embedInitialJs.totalGzipBytes)} KB in ${embedInitialJs.files.length} files`,
      target: `≤ ${TARGETS.embedInitialJsKB} KB`,
      ok: embedInitialJs.totalGzipBytes <= TARGETS.embedInitialJsKB * 1024,
    },
    {
      metric: 'Events loaded by the map when the panning starts',
      measured: `${n(pan.eventsBeforePan)} (${n(pan.eventsLoaded)} at the end)`,
      target: `≥ ${n(TARGETS.events)}`,
      ok: heldEnough,
    },
    {
      metric: `Longest task while panning (${pan.pan.seconds.toFixed(1)} s, ${pan.pan.drags} drags)`,
      measured: `${ms(pan.pan.longTasks.maxMs)} (${pan.pan.longTasks.count} long tasks, ${pan.pan.longTasks.over200} over 200 ms)`,
      target: `no long task > ${TARGETS.longTaskMs} ms, with ≥ ${n(TARGETS.events)} events`,
      ok: pan.pan.longTasks.over200 === 0 && heldEnough,
    },
    {
      metric: 'Frame rate while panning',
      measured: `${f.avgFps.toFixed(1)} fps average, ${f.p5Fps.toFixed(1)} fps at the 5th percentile, worst frame ${ms(f.worstFrameMs)}`,
      target: '(display: 60 fps)',
    },
  ];
}

/** Whether a screen meets each target: performance, accessibility, its JS, its longest task. */
function screenChecks(screen: ScreenResult) {
  const m = screen.lighthouse.median;
  return {
    score: m.score >= TARGETS.score,
    accessibility: m.accessibility >= TARGETS.accessibility,
    js: jsBytes(screen) <= TARGETS.initialJsKB * 1024,
    longTask: m.longestTaskMs < TARGETS.longTaskMs,
  };
}

/** A screen's path as the tables show it (the event page's handle changes with the demo data). */
const pathCell = (path: string) => `\`${path.replace(/^\/events\/.+$/, '/events/{handle}')}\``;

/** The cells every screens table starts with: name, path, performance, accessibility, JS, longest task. */
function screenCells(screen: ScreenResult): string {
  const m = screen.lighthouse.median;
  const ok = screenChecks(screen);
  return `| ${screen.name} | ${pathCell(screen.path)} | ${m.score} ${mark(ok.score)} | ${m.accessibility} ${mark(ok.accessibility)} | ${kb(jsBytes(screen))} KB ${mark(ok.js)} (${screen.js.length} files) | ${ms(m.longestTaskMs)} ${mark(ok.longTask)} |`;
}

/** ✓ when a screen meets all its targets. */
const allMet = (screen: ScreenResult) => mark(Object.values(screenChecks(screen)).every(Boolean));

function screenLine(screen: ScreenResult): string {
  const m = screen.lighthouse.median;
  const ok = screenChecks(screen);
  return (
    `${mark(Object.values(ok).every(Boolean))} ${screen.path}: performance ${m.score} ${mark(ok.score)}, ` +
    `accessibility ${m.accessibility} ${mark(ok.accessibility)}, JS loaded ${kb(jsBytes(screen))} KB ${mark(ok.js)}, ` +
    `longest task ${ms(m.longestTaskMs)} ${mark(ok.longTask)}`
  );
}

export function summary(results: WebBenchResults): string {
  return [
    ...verdictLines(results).map(
      (l) => `${l.ok === undefined ? ' ' : mark(l.ok)} ${l.metric}: ${l.measured}  [target ${l.target}]`,
    ),
    '',
    `Screens (targets: performance and accessibility ≥ ${TARGETS.score}, JS ≤ ${TARGETS.initialJsKB} KB gzipped, longest task < ${TARGETS.longTaskMs} ms):`,
    ...results.screens.map(screenLine),
    '',
    results.deployed.skipped
      ? `As deployed (nginx, TLS, HTTP/2): not measured, ${results.deployed.skipped}.`
      : 'As deployed (nginx, TLS, HTTP/2, docs/deploying.md):',
    ...results.deployed.screens.map(screenLine),
  ].join('\n');
}

/** The screens behind the deployment's front (deployed-front.ts), beside their figures from the server alone. */
function deployedSection({ deployed, screens }: WebBenchResults): string[] {
  const lines = ['## Main screens as deployed', ''];
  if (deployed.skipped) return [...lines, `Not measured: ${deployed.skipped}.`, ''];
  const runs = deployed.screens[0]?.lighthouse.runs.length ?? 0;
  const alone = (path: string) => screens.find((screen) => screen.path === path)?.lighthouse.median;
  lines.push(
    `The same screens, the same server and data, behind nginx as docs/deploying.md sets it up in front of the instances (its \`server\` block: TLS with a throwaway certificate, HTTP/2, keep-alive to the instance; \`scripts/bench-web/deployed-front.ts\`). Lighthouse as above (mobile, median of ${runs} runs each). The server alone answers HTTP/1.1, on which Chromium opens six connections to the origin and Lighthouse's simulation queues every request on one of them: a screen of 30 to 50 files waits for that queue, which one HTTP/2 connection does not have (the TLS handshake costs a round trip more before the first paint). Same targets as above; the JS is the same files.`,
    '',
    '| screen | path | performance | accessibility | JS loaded (gzipped) | longest task | LCP | TBT | FCP | served alone: performance, LCP, TBT | |',
    '|:--|:--|--:|--:|--:|--:|--:|--:|--:|:--|:-:|',
    ...deployed.screens.map((screen) => {
      const m = screen.lighthouse.median;
      const a = alone(screen.path);
      return `${screenCells(screen)} ${s(m.lcpMs)} | ${ms(m.tbtMs)} | ${s(m.fcpMs)} | ${a ? `${a.score}, ${s(a.lcpMs)}, ${ms(a.tbtMs)}` : ''} | ${allMet(screen)} |`;
    }),
    '',
    ...deployed.screens.map(
      (screen) =>
        `- ${screen.name}: scores by run ${screen.lighthouse.runs.map((r) => `${r.score}/${r.accessibility}`).join(', ')} (performance/accessibility); LCP element \`${screen.lighthouse.medianRun.lcpElement}\`.`,
    ),
    '',
  );
  return lines;
}

/** The screens under applied throttling: what the page itself saw, median of the runs. */
function appliedSection(applied: AppliedResult[]): string[] {
  if (applied.length === 0) return [];
  const runs = applied[0]?.runs.length ?? 0;
  return [
    '## Main screens under applied throttling',
    '',
    `The same screens loaded in Chromium slowed by the DevTools protocol itself (${APPLIED.latencyMs} ms round trip, ${(APPLIED.downloadKbps / 1024).toFixed(1)} Mbps down, ${APPLIED.uploadKbps} Kbps up, ${APPLIED.cpuSlowdown}× CPU: Lighthouse's mobile figures, applied instead of simulated), a 412 × 823 window, a new browser context per run (cold cache), ${runs} runs each with the screens in turn, median of each figure; paints and long tasks from the page's own \`PerformanceObserver\` once the network is idle. Lighthouse's simulation replays the CPU work and shares one estimated connection between all requests: it does not credit a request started a round trip earlier, which this does. No targets: a second view of the same loads (\`scripts/bench-web/applied.ts\`).`,
    '',
    '| screen | path | FCP | LCP | long tasks (time over 50 ms, summed) | longest task | LCP by run |',
    '|:--|:--|--:|--:|--:|--:|:--|',
    ...applied.map(
      (screen) =>
        `| ${screen.name} | ${pathCell(screen.path)} | ${s(screen.median.fcpMs)} | ${s(screen.median.lcpMs)} | ${ms(screen.median.longTasksMs)} | ${ms(screen.median.longestTaskMs)} | ${screen.runs.map((r) => s(r.lcpMs)).join(', ')} |`,
    ),
    '',
  ];
}

/** The table of the screens, their failed accessibility audits and where their main thread went. */
function screensSection(screens: ScreenResult[]): string[] {
  const runs = screens[0]?.lighthouse.runs.length ?? 0;
  const lines = [
    '## Main screens',
    '',
    `Lighthouse (mobile, median of ${runs} runs each), the app's scripts each screen loaded while Lighthouse watched (gzipped; the route's lazy chunks included, and on \`/\` the map's Leaflet, unlike the initial JS above, which counts the static imports only) and the longest main-thread task Lighthouse saw (simulated mobile CPU). Targets: performance and accessibility ≥ ${TARGETS.score}, JS ≤ ${TARGETS.initialJsKB} KB, longest task < ${TARGETS.longTaskMs} ms.`,
    '',
    '| screen | path | performance | accessibility | JS loaded (gzipped) | longest task | LCP | TBT | CLS | |',
    '|:--|:--|--:|--:|--:|--:|--:|--:|--:|:-:|',
    ...screens.map((screen) => {
      const m = screen.lighthouse.median;
      return `${screenCells(screen)} ${s(m.lcpMs)} | ${ms(m.tbtMs)} | ${m.cls.toFixed(3)} | ${allMet(screen)} |`;
    }),
    '',
  ];
  for (const screen of screens) {
    const failures = screen.lighthouse.medianRun.accessibilityFailures;
    lines.push(
      `- ${screen.name}: scores by run ${screen.lighthouse.runs.map((r) => `${r.score}/${r.accessibility}`).join(', ')} (performance/accessibility); ${failures.length ? `accessibility audits failed: ${failures.join('; ')}` : 'no accessibility audit failed'}.`,
      `  - Scripts: ${screen.js.map((f) => `${kb(f.gzipBytes)} KB \`${f.file}\``).join(', ')}`,
    );
    if (screen.packages) lines.push(`  - By package: ${packageLine(screen.packages)}`);
    if (screen.path !== '/') lines.push(...screen.lighthouse.diagnostics.map((line) => `  ${line}`));
  }
  lines.push('');
  return lines;
}

export function markdown(context: WebBenchContext, results: WebBenchResults): string {
  const { lighthouse, initialJs, pan } = results;
  const seed = context.seed;
  const a = seed.area;
  const lines: string[] = [];
  const push = (...items: string[]) => lines.push(...items);
  push(
    '# Web speed (`npm run bench:web`)',
    '',
    `- Date: ${context.date}`,
    `- Commit: ${context.commit}${context.dirty.length ? ` + uncommitted changes in the measured build (${context.dirty.join(', ')})` : ''}${context.built ? '' : ' (run with --no-build: the existing dist)'}`,
    `- Machine: ${context.machine}; Node ${context.node}; ${context.chromium}; Lighthouse ${lighthouse.version}`,
    `- Load average (1 / 5 / 15 min) before: ${load(context.loadBefore)}; after: ${load(context.loadAfter)} (other work shares the 2 cores: numbers are pessimistic when it is high)`,
    '',
    '| metric | measured | target | |',
    '|:--|:--|:--|:-:|',
    ...verdictLines(results).map(
      (l) => `| ${l.metric} | ${l.measured} | ${l.target} | ${l.ok === undefined ? '' : mark(l.ok)} |`,
    ),
    '',
    '## Lighthouse runs',
    '',
    '| run | score | LCP | TBT | FCP | Speed Index | CLS | benchmarkIndex | LCP element |',
    '|--:|--:|--:|--:|--:|--:|--:|--:|:--|',
    ...lighthouse.runs.map(
      (r, i) =>
        `| ${i + 1} | ${r.score} | ${s(r.lcpMs)} | ${ms(r.tbtMs)} | ${s(r.fcpMs)} | ${s(r.speedIndexMs)} | ${r.cls.toFixed(3)} | ${Math.round(r.benchmarkIndex)} | \`${r.lcpElement}\` |`,
    ),
    '',
  );
  const warnings = [...new Set(lighthouse.runs.flatMap((r) => r.warnings))];
  if (warnings.length) push(`Lighthouse warnings: ${warnings.join(' ')}`, '');
  const diagnostics = lighthouse.diagnostics;
  if (diagnostics.length)
    push('Where the main thread goes (median run, simulated mobile CPU):', '', ...diagnostics, '');
  push(...screensSection(results.screens));
  push(...deployedSection(results));
  push(...appliedSection(results.applied));
  push(
    '## Panning with the seeded events',
    '',
    `- Seeded: ${n(seed.events)} synthetic events in ${s(seed.ms)}, every one on today (30% also on another day this week), inside ${a.south}…${a.north} N, ${-a.west}…${-a.east} W (the map's default view, centre 46 N 71 W at zoom 8, lies inside): half around the seed cities of that box, half spread evenly; ${n(seed.todayInArea)} rows of today in the box, plus the demo data.`,
    `- Load phase (${pan.load.moves} moves, ${pan.load.seconds.toFixed(1)} s): ${n(pan.eventsBeforePan)} distinct events received by the page${pan.failedSearches.length ? `, **${pan.failedSearches.length} failed** (first: ${pan.failedSearches[0]!.status} ${pan.failedSearches[0]!.body.replace(/\|/g, '/')})` : ''}; long tasks: ${pan.load.longTasks.count}, longest ${ms(pan.load.longTasks.maxMs)}, ${pan.load.longTasks.over200} over 200 ms, ${ms(pan.load.longTasks.totalMs)} in all.`,
    `- Pan phase: ${pan.pan.drags} drags in ${pan.pan.seconds.toFixed(1)} s (${n(pan.eventsLoaded)} events received by its end, ${n(pan.searches)} marker requests in all); ${pan.pan.frames.frames} frames; long tasks ${pan.pan.longTasks.count}, longest ${ms(pan.pan.longTasks.maxMs)}, ${ms(pan.pan.longTasks.totalMs)} in all.`,
    `- First visit of a Montréal view (zoom 10, today's seeded events): ${pan.montrealView.requests} marker request(s), ${n(pan.montrealView.bodyBytes)} B of compressed bodies (${n(pan.montrealView.headerBytes)} B of headers) for ${n(pan.montrealView.events)} events${pan.montrealView.events ? ` (${(pan.montrealView.bodyBytes / pan.montrealView.events).toFixed(1)} B per event)` : ''}.`,
    `- At the end: the latest marker answer held ${n(pan.latestIds)} events; on the map ${n(pan.dom.markers)} event markers and ${n(pan.dom.clusters)} clusters holding ${n(pan.dom.inClusters)} events; JS heap ${pan.heapMB.toFixed(0)} MB; ${n(pan.domNodes)} DOM nodes.`,
  );
  if (pan.pageErrors.length) push(`- Page errors: ${[...new Set(pan.pageErrors)].slice(0, 5).join(' · ')}`);
  if (pan.profile) {
    push(
      '',
      'CPU profile of the pan phase (`--profile`, sampling every 0.5 ms; minified names, file:line:column of the build). Top functions by self time:',
      '',
      '| self | function |',
      '|--:|:--|',
      ...pan.profile.self.map((p) => `| ${ms(p.selfMs)} | \`${p.fn}\` |`),
      '',
      'The longest tasks of the pan, with the profile samples that fall inside each (self time, then total time including callees):',
      '',
      ...pan.profile.longTasks.flatMap((t) => [
        `- ${ms(t.durationMs)} at ${ms(t.startMs)}: self ${t.self.map((x) => `\`${x}\``).join(', ')}`,
        `  - total: ${t.total.map((x) => `\`${x}\``).join(', ')}`,
      ]),
    );
  }
  push(
    '',
    '## Initial JavaScript',
    '',
    ...initialJs.files.map((f) => `- ${kb(f.gzipBytes)} KB \`${f.file}\``),
    '',
    'Of the embed page (`/embed`, embed.html; its map loads Leaflet lazily, counted in its screen above):',
    '',
    ...results.embedInitialJs.files.map((f) => `- ${kb(f.gzipBytes)} KB \`${f.file}\``),
    '',
    '## Method',
    '',
    `- \`npm run bench:web\` (\`scripts/bench-web.ts\`, \`scripts/bench-web/\`) runs \`npm run build\` (skipped with \`--no-build\`), then starts the built server (\`node apps/api/dist/server.js\`) on a free port of 127.0.0.1 with a temporary DATA_DIR (fresh embedded PostgreSQL) and \`DEMO_DATA=1\`: \`/\` is what a first visitor of \`npm start\` gets. Everything is stopped and removed at the end, also on failure or Ctrl-C.`,
    `- **Lighthouse** ${lighthouse.version}, programmatic, default configuration: mobile form factor (Moto G Power screen), simulated throttling (150 ms RTT, 1.6 Mbps, 4× CPU slowdown), performance and accessibility categories; ${lighthouse.runs.length} runs per screen in one headless Chromium per screen (\`--headless=new\` with the e2e flags), each with a cold cache (Lighthouse clears the HTTP cache, the service workers and the Cache Storage). Lighthouse keeps the local storage, so before each run the bench sets it from the origin's health check (not the app): empty for the home and the event page (a first visit: the cookie banner and the location prompt show), or a demo account's token with the banners already answered (\`signedInStorage()\` of \`e2e/support/app-state.ts\`) for the organiser's screens (\`complete@demo.evmap.ca\`) and the admin events list (\`admin@demo.evmap.ca\`). The event page is a demo event of today in Montréal with an image. The embed page is \`/embed?lang=fr&city=Montréal\` (the map of Montréal's events of today), as another website's iframe loads it on a first visit. A screen's JS is the app's \`/assets/*.js\` files the median run loaded, each gzipped from dist like the initial JS; its longest task is the longest entry of Lighthouse's \`long-tasks\` diagnostic (simulated 4× slower CPU). The table gives the median of each metric separately. Measured before the seed: the demo data only.`,
    `- **Map tiles**: the tile host is unreachable here. Chromium resolves \`tile.openstreetmap.org\` to a local HTTPS server (\`--host-resolver-rules\`, certificate errors ignored) answering the same generated 256×256 PNG of ${(context.tileBytes / 1024).toFixed(1)} KB (a real tile weighs 5–30 KB) for every tile (${n(context.tilesServed)} served in all). The build and the CSP are untouched; for Lighthouse the tiles stay a third-party HTTPS origin whose requests the simulation throttles like any other.`,
    '- **Initial JS**: `apps/web/scripts/initial-js.ts` (as `npm run size -w @evmap/web`): the module scripts of `dist/index.html` and every chunk they import statically, each gzipped (level 6); lazy `import()` chunks are not counted.',
    "- **By package** (each main screen): the same scripts shared between the packages their code comes from and the app's own code (`apps/web/scripts/package-shares.ts`): a copy of the build with hidden source maps in a temporary folder (the chunks' names and code are those of `dist/`, which never holds a map), each chunk cut along its map's segments, each package's part gzipped on its own, and the parts scaled to add up to the chunk's gzipped size. The code a map ties to no source is counted as \"texts and the bundler’s glue\": the screens' texts (JSON modules keep no map) and each chunk's imports, exports and runtime.",
    `- **Panning** (playwright-core, same Chromium and flags, desktop viewport ${VIEWPORT.width}×${VIEWPORT.height}, no CPU or network throttling): after the seed, a fresh page opens \`/\` with the cookie banner, the welcome message and the location prompt already answered (\`settledStorage()\` of \`e2e/support/app-state.ts\`). Load phase: real mouse drags (press, a move about every 16 ms for 0.45–0.5 s, eased, release) of a third of the map around the default view (a 3×3 loop, then again one zoom level closer, then back) and the zoom buttons, each followed by the marker answers it causes, until the page has received ≥ ${n(TARGETS.events)} distinct events (union of the ids of every marker answer seen on the network) or after 3 minutes. Pan phase: ${context.panSeconds} s of the same drags one after another (120 ms apart), without waiting for answers. In the page, \`requestAnimationFrame\` timestamps give the frames (fps = frames / time; 5th percentile from the 95th-percentile frame interval) and \`PerformanceObserver({ type: 'longtask', buffered: true })\` the long tasks (> 50 ms of main thread), attributed to a phase by start time. Markers are counted in the DOM at the end (\`.evm-marker\`, \`.evm-cluster\` and their numbers); heap and DOM nodes from the DevTools \`Performance.getMetrics\`.`,
    '- Exit code: non-zero only when something could not be measured; a missed target is reported here, not as a failure.',
    '',
  );
  return lines.join('\n');
}
