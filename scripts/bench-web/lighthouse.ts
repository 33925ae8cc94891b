/**
 * Lighthouse (programmatic, default config: mobile form factor, simulated throttling, performance category) against
 * one URL in our own headless Chromium, several runs, each a first visit (Lighthouse clears the origin's storage).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { CHROMIUM_FLAGS } from '../../e2e/support/browser';

export type LighthouseRun = {
  score: number;
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
  median: Omit<LighthouseRun, 'lcpElement' | 'benchmarkIndex' | 'warnings'>;
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

export const chromiumPath = () => process.env.CHROME_PATH || '/usr/bin/chromium';

type Chromium = { port: number; child: ChildProcess; close: () => Promise<void> };

/** Headless Chromium with a debugging port it chooses (read back from DevToolsActivePort). */
async function launchChromium(extraFlags: string[]): Promise<Chromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'evmap-bench-chromium-'));
  const child = spawn(
    chromiumPath(),
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      ...chromiumFlags(extraFlags),
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-5_000);
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function runLighthouse(
  url: string,
  options: {
    runs: number;
    extraFlags: string[];
    log: (m: string) => void;
    onClose: (close: () => Promise<void>) => void;
    /** Saves the full report (JSON) of the median run here. */
    reportFile?: string;
  },
): Promise<LighthouseSummary> {
  const chromium = await launchChromium(options.extraFlags);
  options.onClose(chromium.close);
  try {
    const runs: LighthouseRun[] = [];
    const reports: LighthouseResult[] = [];
    let version = '?';
    for (let i = 1; i <= options.runs; i++) {
      const result = await lighthouse(url, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      version = lhr.lighthouseVersion;
      const score = lhr.categories.performance?.score;
      const value = (id: string) => {
        const v = lhr.audits[id]?.numericValue;
        if (typeof v !== 'number') throw new Error(`Lighthouse measured no ${id}`);
        return v;
      };
      if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
      const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: unknown[] } | undefined)
        ?.items;
      const node = JSON.stringify(lcpItems ?? []).match(/"selector":"([^"]*)"|"snippet":"([^"]*)"/);
      const run: LighthouseRun = {
        score: Math.round(score * 100),
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
        `lighthouse run ${i}/${options.runs}: score ${run.score}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, FCP ${Math.round(run.fcpMs)} ms`,
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
      median: {
        score: median(runs.map((r) => r.score)),
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
