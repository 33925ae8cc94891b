/**
 * npm run bench:web [-- --no-build] [--runs N] [--events N] [--pan-seconds S] [--profile] [--output FILE]
 *                   [--lighthouse-only [--screens PATH,...]] [--report FILE]
 *
 * Builds the app, serves it on a fresh embedded PostgreSQL with the demo data, and measures in headless Chromium:
 * Lighthouse (mobile, performance and accessibility, median of N runs) on `/` and on the main screens (the event
 * page, an organiser's /profile, the event form, the plans page, the admin events list; signed in as the demo
 * accounts; the embed page `/embed` as another website's iframe loads it), each screen's JavaScript (gzipped) and longest task, the initial JavaScript of `/`, then the frame rate
 * and the long tasks while panning a map holding 10,000+ events. Writes bench/web.md. See scripts/bench-web/.
 * --lighthouse-only: only the Lighthouse runs, printed (nothing written); --report FILE: the full Lighthouse
 * report (JSON) of the median run of the home (FILE) and of each screen (FILE with the path appended), to see
 * their layout shifts, LCP element, long tasks and requests. --screens (with --lighthouse-only): only the screens
 * whose path starts with one of these comma-separated prefixes (`/` alone is the home), e.g. `/,/profile/admin`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runWebBench } from './bench-web/run-bench-web';
import { positiveInteger } from './cli-args';

const say = (message: string) => process.stdout.write(`[bench:web] ${message}\n`);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean' },
      runs: { type: 'string' },
      events: { type: 'string' },
      'pan-seconds': { type: 'string' },
      profile: { type: 'boolean' },
      output: { type: 'string' },
      'lighthouse-only': { type: 'boolean' },
      report: { type: 'string' },
      screens: { type: 'string' },
    },
  });
  await runWebBench({
    root: ROOT,
    build: !values['no-build'],
    lighthouseRuns: positiveInteger('runs', values.runs, 3),
    events: positiveInteger('events', values.events, 30_000),
    panSeconds: positiveInteger('pan-seconds', values['pan-seconds'], 10),
    profile: values.profile ?? false,
    output: path.resolve(ROOT, values.output ?? 'bench/web.md'),
    lighthouseOnly: values['lighthouse-only'] ?? false,
    report: values.report ? path.resolve(values.report) : undefined,
    screens: values.screens?.split(',').filter(Boolean),
    log: say,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench:web] ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
