/**
 * Lighthouse (programmatic, default config: mobile form factor, simulated throttling, performance and accessibility
 * categories) against one URL in our own headless Chromium, several runs, each with a cold cache (Lighthouse clears
 * it) and exactly the local storage asked for: none (a first visit) or a signed-in user's (see `prepareStorage`).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { urlOf } from '@evmap/contract/routes/route';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { type Browser, chromium as playwright } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../e2e/support/browser';
import { resolveChromium } from '../../e2e/support/chromium';
import { stopChild } from './app-server';

export type LighthouseRun = {
  score: number;
  /** The accessibility category's score (0–100). */
  accessibility: number;
  /** The titles of the accessibility audits that failed, with the elements they name. */
  accessibilityFailures: string[];
  /** The longest main-thread task Lighthouse saw (simulated mobile CPU, as its "long-tasks" diagnostic). */
  longestTaskMs: number;
  /** Paths of the app's own scripts (`/assets/….js`) the page loaded. */
  scripts: string[];
  /** The protocols of the requests to the page's origin (`http/1.1`, `h2`…), each once. */
  protocols: string[];
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  cls: number;
  /** What Lighthouse saw as the largest contentful paint (its selector or snippet). */
  lcpElement: string;
  /** Lighthouse's own measure of this machine's speed (about 1000+ on a fast desktop). */
  benchmarkIndex: number;
  warnings: string[];
};

export type LighthouseSummary = {
  version: string;
  runs: LighthouseRun[];
  median: Omit<
    LighthouseRun,
    'lcpElement' | 'benchmarkIndex' | 'warnings' | 'accessibilityFailures' | 'scripts' | 'protocols'
  >;
  /** The run of median performance score: its scripts and failed accessibility audits. */
  medianRun: LighthouseRun;
  /** Markdown lines from the run of median score: main-thread work, scripts, long tasks. */
  diagnostics: string[];
};

type Items = Array<Record<string, unknown>>;
const itemsOf = (lhr: LighthouseResult, id: string): Items =>
  ((lhr.audits[id]?.details as { items?: Items } | undefined)?.items ?? []) as Items;
const ms = (value: unknown) => `${Math.round(Number(value)).toLocaleString('en-CA')} ms`;
const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '') || String(url);

/** Where the (simulated) main thread went in one run. */
function diagnose(lhr: LighthouseResult): string[] {
  const work = itemsOf(lhr, 'mainthread-work-breakdown')
    .slice(0, 6)
    .map((i) => `${i.groupLabel ?? i.group} ${ms(i.duration)}`);
  const scripts = itemsOf(lhr, 'bootup-time')
    .slice(0, 6)
    .map((i) => `\`${short(i.url)}\` ${ms(i.total)} (script ${ms(i.scripting)}, parse ${ms(i.scriptParseCompile)})`);
  const tasks = itemsOf(lhr, 'long-tasks')
    .slice(0, 8)
    .map((i) => `${ms(i.duration)} at ${ms(i.startTime)} (\`${short(i.url)}\`)`);
  return [
    work.length ? `- Main-thread work: ${work.join(', ')}` : '',
    scripts.length ? `- JavaScript execution by script: ${scripts.join('; ')}` : '',
    tasks.length ? `- Longest tasks (simulated): ${tasks.join('; ')}` : '',
  ].filter(Boolean);
}

/** Flags of every Chromium this bench starts (as the e2e journeys), plus `extra`. */
export function chromiumFlags(extra: string[] = []): string[] {
  return [...CHROMIUM_FLAGS, '--no-first-run', '--no-default-browser-check', ...extra];
}

/**
 * Chromium driven by Playwright with the bench's flags (`extraFlags`: the local tile server's); the bench stops
 * everything itself on a signal (Playwright's own handlers would exit before that).
 */
export async function launchPlaywrightChromium(extraFlags: string[]): Promise<Browser> {
  const install = await resolveChromium();
  return playwright.launch({
    executablePath: install.executablePath,
    env: { ...process.env, ...install.env },
    headless: true,
    args: chromiumFlags(extraFlags),
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

type Chromium = { port: number; child: ChildProcess; close: () => Promise<void> };

/** Headless Chromium with a debugging port it chooses (read back from DevToolsActivePort). */
async function launchChromium(extraFlags: string[]): Promise<Chromium> {
  const install = await resolveChromium();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'evmap-bench-chromium-'));
  const child = spawn(
    install.executablePath,
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      ...chromiumFlags(extraFlags),
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...install.env } },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-5_000);
  });
  const close = async () => {
    await stopChild(child, 5_000);
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  const file = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  while (!existsSync(file) || readFileSync(file, 'utf8').split('\n').length < 2) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`Chromium did not open its debugging port:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const port = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0]!, 10);
  return { port, child, close };
}

/**
 * Sets the local storage of `origin` in the Chromium on `port` to exactly `values` (none: empty, a first visit),
 * from a page of the origin that is not the app (the health check), so nothing of the app is cached or started.
 * Lighthouse itself clears the HTTP cache, the service workers and the Cache Storage before each run, but not the
 * local storage, where the app keeps its session token.
 */
async function prepareStorage(port: number, origin: string, values: Record<string, string> | null): Promise<void> {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}${urlOf(globalsRoutes.health)}`);
    await page.evaluate(
      (entries) => {
        window.localStorage.clear();
        for (const [key, value] of entries) window.localStorage.setItem(key, value);
      },
      Object.entries(values ?? {}),
    );
    await page.close();
  } finally {
    // Disconnects, leaving Chromium running for Lighthouse.
    await browser.close();
  }
}

/** The failed accessibility audits of a run, as "title: elements" lines. */
function accessibilityFailures(lhr: LighthouseResult): string[] {
  const category = lhr.categories.accessibility;
  if (!category) return [];
  return category.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score === 0)
    .map((audit) => {
      const items = ((audit!.details as { items?: Items } | undefined)?.items ?? []) as Items;
      const nodes = items
        .map((item) => (item.node as { selector?: string } | undefined)?.selector)
        .filter(Boolean)
        .slice(0, 5);
      return `${audit!.title}${nodes.length ? `: \`${nodes.join('`, `')}\`` : ''}`;
    });
}

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Lighthouse's errors of a trace it failed to record, which it asks to run again. */
const TRACE_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);

export async function runLighthouse(
  url: string,
  options: {
    runs: number;
    extraFlags: string[];
    log: (m: string) => void;
    onClose: (close: () => Promise<void>) => void;
    /** Saves the full report (JSON) of the median run here. */
    reportFile?: string;
    /** The local storage each run starts with (null or absent: none, a first visit). */
    storage?: Record<string, string> | null;
  },
): Promise<LighthouseSummary> {
  const chromium = await launchChromium(options.extraFlags);
  options.onClose(chromium.close);
  try {
    const runs: LighthouseRun[] = [];
    const reports: LighthouseResult[] = [];
    let version = '?';
    let retries = 0;
    for (let i = 1; i <= options.runs; i++) {
      await prepareStorage(chromium.port, new URL(url).origin, options.storage ?? null);
      const result = await lighthouse(url, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      // A trace Lighthouse failed to record (NO_NAVSTART, NO_FCP…: "Please run Lighthouse again") is run again, at
      // most twice for a page; any other error, or a third one, ends the benchmark.
      if (lhr.runtimeError && TRACE_ERRORS.has(lhr.runtimeError.code) && retries < 2) {
        retries++;
        i--;
        continue;
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      version = lhr.lighthouseVersion;
      const score = lhr.categories.performance?.score;
      const value = (id: string) => {
        const v = lhr.audits[id]?.numericValue;
        if (typeof v !== 'number') throw new Error(`Lighthouse measured no ${id}`);
        return v;
      };
      if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
      const accessibility = lhr.categories.accessibility?.score;
      if (typeof accessibility !== 'number') throw new Error('Lighthouse gave no accessibility score');
      const origin = new URL(url).origin;
      const requests = itemsOf(lhr, 'network-requests');
      const scripts = requests
        .filter((item) => item.resourceType === 'Script' && String(item.url).startsWith(`${origin}/assets/`))
        .map((item) => short(item.url));
      const protocols = requests
        .filter((item) => String(item.url).startsWith(`${origin}/`))
        .map((item) => String(item.protocol));
      const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: unknown[] } | undefined)
        ?.items;
      const node = JSON.stringify(lcpItems ?? []).match(/"selector":"([^"]*)"|"snippet":"([^"]*)"/);
      const run: LighthouseRun = {
        score: Math.round(score * 100),
        accessibility: Math.round(accessibility * 100),
        accessibilityFailures: accessibilityFailures(lhr),
        longestTaskMs: Math.max(0, ...itemsOf(lhr, 'long-tasks').map((item) => Number(item.duration))),
        scripts: [...new Set(scripts)],
        protocols: [...new Set(protocols)],
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        fcpMs: value('first-contentful-paint'),
        speedIndexMs: value('speed-index'),
        cls: value('cumulative-layout-shift'),
        lcpElement: node ? (node[1] ?? node[2] ?? '?') : '?',
        benchmarkIndex: lhr.environment.benchmarkIndex,
        warnings: lhr.runWarnings,
      };
      options.log(
        `lighthouse ${short(url)} run ${i}/${options.runs}: performance ${run.score}, accessibility ${run.accessibility}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, FCP ${Math.round(run.fcpMs)} ms`,
      );
      runs.push(run);
      reports.push(lhr);
    }
    const medianScore = median(runs.map((r) => r.score));
    const closest = runs.reduce(
      (best, r, i) => (Math.abs(r.score - medianScore) < Math.abs(runs[best]!.score - medianScore) ? i : best),
      0,
    );
    if (options.reportFile) writeFileSync(options.reportFile, JSON.stringify(reports[closest], null, 1));
    return {
      version,
      runs,
      medianRun: runs[closest]!,
      median: {
        score: median(runs.map((r) => r.score)),
        accessibility: median(runs.map((r) => r.accessibility)),
        longestTaskMs: median(runs.map((r) => r.longestTaskMs)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        speedIndexMs: median(runs.map((r) => r.speedIndexMs)),
        cls: median(runs.map((r) => r.cls)),
      },
      diagnostics: diagnose(reports[closest]!),
    };
  } finally {
    await chromium.close();
  }
}
