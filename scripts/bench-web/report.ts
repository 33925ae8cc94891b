/** bench/web.md and the summary printed by `npm run bench:web`. */
import { type InitialJs, kb } from '../../apps/web/scripts/initial-js';
import type { LighthouseSummary } from './lighthouse';
import { type PanResult, VIEWPORT } from './pan';
import type { MapSeed } from './seed-map';

export const TARGETS = { score: 90, initialJsKB: 200, longTaskMs: 200, events: 10_000 };

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

export type WebBenchResults = { lighthouse: LighthouseSummary; initialJs: InitialJs; pan: PanResult };

const ms = (value: number) => `${Math.round(value).toLocaleString('en-CA')} ms`;
const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
const n = (value: number) => value.toLocaleString('en-CA');
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');

type Line = { metric: string; measured: string; target: string; ok?: boolean };

export function verdictLines({ lighthouse, initialJs, pan }: WebBenchResults): Line[] {
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

export function summary(results: WebBenchResults): string {
  return verdictLines(results)
    .map((l) => `${l.ok === undefined ? ' ' : mark(l.ok)} ${l.metric}: ${l.measured}  [target ${l.target}]`)
    .join('\n');
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
  push(
    '## Panning with the seeded events',
    '',
    `- Seeded: ${n(seed.events)} synthetic events in ${s(seed.ms)}, every one on today (30% also on another day this week), inside ${a.south}…${a.north} N, ${-a.west}…${-a.east} W (the map's default view, centre 46 N 71 W at zoom 8, lies inside): half around the seed cities of that box, half spread evenly; ${n(seed.todayInArea)} rows of today in the box, plus the demo data.`,
    `- Load phase (${pan.load.moves} moves, ${pan.load.seconds.toFixed(1)} s): ${n(pan.eventsBeforePan)} distinct events received by the page${pan.failedSearches.length ? `, **${pan.failedSearches.length} failed** (first: ${pan.failedSearches[0]!.status} ${pan.failedSearches[0]!.body.replace(/\|/g, '/')})` : ''}; long tasks: ${pan.load.longTasks.count}, longest ${ms(pan.load.longTasks.maxMs)}, ${pan.load.longTasks.over200} over 200 ms, ${ms(pan.load.longTasks.totalMs)} in all.`,
    `- Pan phase: ${pan.pan.drags} drags in ${pan.pan.seconds.toFixed(1)} s (${n(pan.eventsLoaded)} events received by its end, ${n(pan.searches)} search requests in all); ${pan.pan.frames.frames} frames; long tasks ${pan.pan.longTasks.count}, longest ${ms(pan.pan.longTasks.maxMs)}, ${ms(pan.pan.longTasks.totalMs)} in all.`,
    `- At the end: the latest search answered ${n(pan.latestIds)} ids; on the map ${n(pan.dom.markers)} event markers and ${n(pan.dom.clusters)} clusters holding ${n(pan.dom.inClusters)} events; JS heap ${pan.heapMB.toFixed(0)} MB; ${n(pan.domNodes)} DOM nodes.`,
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
    '## Method',
    '',
    `- \`npm run bench:web\` (\`scripts/bench-web.ts\`, \`scripts/bench-web/\`) runs \`npm run build\` (skipped with \`--no-build\`), then starts the built server (\`node apps/api/dist/server.js\`) on a free port of 127.0.0.1 with a temporary DATA_DIR (fresh embedded PostgreSQL) and \`DEMO_DATA=1\`: \`/\` is what a first visitor of \`npm start\` gets. Everything is stopped and removed at the end, also on failure or Ctrl-C.`,
    `- **Lighthouse** ${lighthouse.version}, programmatic, default configuration: mobile form factor (Moto G Power screen), simulated throttling (150 ms RTT, 1.6 Mbps, 4× CPU slowdown), performance category only; ${lighthouse.runs.length} runs in one headless Chromium (\`--headless=new\` with the e2e flags), each a first visit (Lighthouse clears the origin's storage, so the cookie banner, the welcome message and the location prompt show). The table gives the median of each metric separately. Measured before the seed: the demo data only.`,
    `- **Map tiles**: the tile host is unreachable here. Chromium resolves \`tile.openstreetmap.org\` to a local HTTPS server (\`--host-resolver-rules\`, certificate errors ignored) answering the same generated 256×256 PNG of ${(context.tileBytes / 1024).toFixed(1)} KB (a real tile weighs 5–30 KB) for every tile (${n(context.tilesServed)} served in all). The build and the CSP are untouched; for Lighthouse the tiles stay a third-party HTTPS origin whose requests the simulation throttles like any other.`,
    '- **Initial JS**: `apps/web/scripts/initial-js.ts` (as `npm run size -w @evmap/web`): the module scripts of `dist/index.html` and every chunk they import statically, each gzipped (level 6); lazy `import()` chunks are not counted.',
    `- **Panning** (playwright-core, same Chromium and flags, desktop viewport ${VIEWPORT.width}×${VIEWPORT.height}, no CPU or network throttling): after the seed, a fresh page opens \`/\` with the cookie banner, the welcome message and the location prompt already answered (\`settledStorage()\` of \`e2e/support/app-state.ts\`). Load phase: real mouse drags (press, a move about every 16 ms for 0.45–0.5 s, eased, release) of a third of the map around the default view (a 3×3 loop, then again one zoom level closer, then back) and the zoom buttons, each followed by the searches it causes, until the page has received ≥ ${n(TARGETS.events)} distinct events (union of \`events[].id\` of every search answer seen on the network) or after 3 minutes. Pan phase: ${context.panSeconds} s of the same drags one after another (120 ms apart), without waiting for searches. In the page, \`requestAnimationFrame\` timestamps give the frames (fps = frames / time; 5th percentile from the 95th-percentile frame interval) and \`PerformanceObserver({ type: 'longtask', buffered: true })\` the long tasks (> 50 ms of main thread), attributed to a phase by start time. Markers are counted in the DOM at the end (\`.evm-marker\`, \`.evm-cluster\` and their numbers); heap and DOM nodes from the DevTools \`Performance.getMetrics\`.`,
    '- Exit code: non-zero only when something could not be measured; a missed target is reported here, not as a failure.',
    '',
  );
  return lines.join('\n');
}
