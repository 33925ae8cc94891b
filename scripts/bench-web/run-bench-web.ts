/**
 * `npm run bench:web`: build, the built server on a fresh DATA_DIR with the demo data, Lighthouse on `/`, the
 * initial JS, then N events seeded and the map panned in Chromium; writes bench/web.md and prints a summary.
 * Everything started here is stopped (and its temporary folders removed) at the end, on failure and on Ctrl-C.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureInitialJs, WEB_DIST } from '../../apps/web/scripts/initial-js';
import { startAppServer } from './app-server';
import { chromiumPath, runLighthouse } from './lighthouse';
import { runPan } from './pan';
import { markdown, summary, type WebBenchContext } from './report';
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
  /** Where to save the full Lighthouse report (JSON) of the median run. */
  report: string | undefined;
  log: (message: string) => void;
};

/** The seeded box: the map's default view (centre 46 N 71 W, zoom 8) and the ground around it. */
const AREA = { south: 44, west: -77, north: 49, east: -64 };
const TARGET_EVENTS = 10_000;

const git = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

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

    const tiles = await startTileServer();
    cleanups.push(tiles.close);
    const app = await startAppServer(root);
    cleanups.push(app.stop);
    log(`server ${app.url} (DATA_DIR ${app.dataDir}), tiles on 127.0.0.1:${tiles.port}`);
    // One visit before measuring, so the first Lighthouse run does not pay for the server's cold start alone.
    await fetch(`${app.url}/`).then((r) => r.text());

    const lighthouse = await runLighthouse(`${app.url}/`, {
      runs: options.lighthouseRuns,
      extraFlags: tiles.chromiumFlags,
      log,
      onClose: (close) => cleanups.push(close),
      reportFile: options.report,
    });
    if (options.lighthouseOnly) {
      log(`median: ${JSON.stringify(lighthouse.median)}`);
      for (const line of lighthouse.diagnostics) log(line);
      return;
    }

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

    const chromiumVersion = execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' }).trim();
    const cpus = os.cpus();
    const context: WebBenchContext = {
      date: new Date().toISOString(),
      commit: git(root, 'rev-parse', '--short', 'HEAD').trim(),
      dirty,
      machine: `${cpus[0]?.model ?? '?'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GB, ${os.type()} ${os.release()}`,
      node: process.version,
      chromium: chromiumVersion || `Chromium ${pan.chromiumVersion}`,
      loadBefore,
      loadAfter: os.loadavg(),
      built: options.build,
      tileBytes: tiles.tileBytes,
      tilesServed: tiles.served(),
      seed,
      panSeconds: options.panSeconds,
    };
    const results = { lighthouse, initialJs, pan };
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
