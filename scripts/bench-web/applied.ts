/**
 * The screens loaded under applied throttling, beside Lighthouse's simulated one: Chromium itself slows the network
 * (150 ms round trip, 1.6 Mbps down, 750 Kbps up, Lighthouse's mobile figures) and the CPU (4×) through the DevTools
 * protocol, and the page reports its own first and largest contentful paints and long tasks. Lighthouse's simulation
 * shares one estimated connection between every request and replays the observed CPU work 4× slower; it does not
 * see a request that starts a round trip earlier when the main thread is the limit (a screen's chunks preloaded with
 * the entry: `apps/web/src/boot/route-chunks.ts`). Each run has a new browser context (cold cache, no service worker).
 */
import type { Browser } from 'playwright-core';
import { launchPlaywrightChromium, median } from './lighthouse';

export type AppliedRun = { fcpMs: number; lcpMs: number; longTasksMs: number; longestTaskMs: number };
export type AppliedResult = { name: string; path: string; runs: AppliedRun[]; median: AppliedRun };

/** Lighthouse's mobile figures (its simulated throttling), applied by Chromium. */
export const APPLIED = { latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750, cpuSlowdown: 4 };

/** One load of `url`: paints and long tasks as the page's own observers saw them, once the network is idle. */
async function loadOnce(browser: Browser, url: string, storage: Record<string, string> | null): Promise<AppliedRun> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  try {
    if (storage) {
      await context.addInitScript((values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      }, storage);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: APPLIED.latencyMs,
      downloadThroughput: (APPLIED.downloadKbps * 1024) / 8,
      uploadThroughput: (APPLIED.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: APPLIED.cpuSlowdown });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    // No named function inside: tsx would wrap it in a helper (`__name`) the page does not have.
    return await page.evaluate(async () => {
      const [paints, largest, tasks] = await Promise.all(
        ['paint', 'largest-contentful-paint', 'longtask'].map(
          (type) =>
            new Promise<PerformanceEntry[]>((resolve) => {
              const observer = new PerformanceObserver((list) => {
                observer.disconnect();
                resolve(list.getEntries());
              });
              observer.observe({ type, buffered: true });
              // No entry of that type at all (no long task): nothing buffered calls back. Long enough for a
              // throttled main thread to deliver the buffered entries first (500 ms lost some LCPs).
              setTimeout(() => resolve([]), 3000);
            }),
        ),
      );
      const durations = (tasks ?? []).map((task) => task.duration);
      return {
        fcpMs: paints?.find((p) => p.name === 'first-contentful-paint')?.startTime ?? 0,
        lcpMs: largest?.at(-1)?.startTime ?? 0,
        longTasksMs: durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
        longestTaskMs: Math.max(0, ...durations),
      };
    });
  } finally {
    await context.close();
  }
}

/** Each screen `runs` times, the screens in turn within a run (so a slow minute falls on all of them). */
export async function runApplied(
  origin: string,
  screens: Array<{ name: string; path: string; storage: Record<string, string> | null }>,
  options: {
    runs: number;
    extraFlags: string[];
    log: (message: string) => void;
    onClose: (close: () => Promise<void>) => void;
  },
): Promise<AppliedResult[]> {
  const browser = await launchPlaywrightChromium(options.extraFlags);
  options.onClose(() => browser.close());
  try {
    const runs = new Map<string, AppliedRun[]>(screens.map((screen) => [screen.path, []]));
    for (let run = 1; run <= options.runs; run++) {
      for (const screen of screens) {
        const result = await loadOnce(browser, `${origin}${screen.path}`, screen.storage);
        runs.get(screen.path)?.push(result);
        options.log(
          `applied ${screen.path} run ${run}/${options.runs}: LCP ${Math.round(result.lcpMs)} ms, FCP ${Math.round(result.fcpMs)} ms, long tasks ${Math.round(result.longTasksMs)} ms over 50`,
        );
      }
    }
    return screens.map((screen) => {
      const all = runs.get(screen.path) ?? [];
      return {
        name: screen.name,
        path: screen.path,
        runs: all,
        median: {
          fcpMs: median(all.map((r) => r.fcpMs)),
          lcpMs: median(all.map((r) => r.lcpMs)),
          longTasksMs: median(all.map((r) => r.longTasksMs)),
          longestTaskMs: median(all.map((r) => r.longestTaskMs)),
        },
      };
    });
  } finally {
    await browser.close();
  }
}
