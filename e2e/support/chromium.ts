/**
 * Which Chromium the journeys, the scale suite and `npm run bench:web` drive.
 *
 * 1. `CHROME_PATH`, when set: that binary.
 * 2. The system's Chromium (`/usr/bin/chromium`, Debian's package), when it exists.
 * 3. Otherwise the Chromium shipped inside the `@sparticuz/chromium` npm package: its brotli-compressed headless
 *    shell, the shared libraries it needs (NSS, expat) and a font are unpacked once into
 *    `node_modules/.cache/evmap-chromium-<version>/` (into a staging folder renamed when complete, so that two
 *    processes unpacking at once cannot see half a binary), and the browser is started with those libraries and
 *    that font. So `npm install && npm test` runs on a machine with only Node.js and npm.
 *
 * `EVMAP_CHROMIUM=packaged` skips 1 and 2 (how CI proves the fallback on a machine that has a system Chromium);
 * `EVMAP_CHROMIUM=system` refuses the fallback.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export type ChromiumInstall = {
  /** The executable to start. */
  executablePath: string;
  /** Where it comes from, as said in the test output. */
  source: 'CHROME_PATH' | 'system' | 'packaged';
  /** Variables the browser process needs on top of the caller's environment (the packaged one's libraries). */
  env: Record<string, string>;
};

type Choice = 'auto' | 'system' | 'packaged';

function choice(): Choice {
  const value = (process.env.EVMAP_CHROMIUM ?? 'auto').trim() || 'auto';
  if (value === 'auto' || value === 'system' || value === 'packaged') return value;
  throw new Error(`EVMAP_CHROMIUM must be auto, system or packaged (it is "${value}")`);
}

let resolved: Promise<ChromiumInstall> | undefined;

/** The Chromium to drive, unpacking the packaged one on first use. */
export function resolveChromium(): Promise<ChromiumInstall> {
  resolved ??= findChromium();
  return resolved;
}

async function findChromium(): Promise<ChromiumInstall> {
  const wanted = choice();
  if (wanted !== 'packaged') {
    const fromEnv = process.env.CHROME_PATH?.trim();
    if (fromEnv) return { executablePath: fromEnv, source: 'CHROME_PATH', env: {} };
    if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, source: 'system', env: {} };
    if (wanted === 'system') {
      throw new Error(`EVMAP_CHROMIUM=system but ${SYSTEM_CHROMIUM} does not exist and CHROME_PATH is not set`);
    }
  }
  return packagedChromium();
}

/** The package's folder of compressed files (`bin/`), or a message saying how to get it. */
function packageBinFolder(): { bin: string; version: string } {
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve('@sparticuz/chromium');
  } catch {
    throw new Error(
      'No Chromium: CHROME_PATH is not set, /usr/bin/chromium does not exist and the @sparticuz/chromium package ' +
        'is not installed (run `npm install`, or install Chromium: `apt-get install chromium` on Debian)',
    );
  }
  // entry: <package>/build/index.js
  const root = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { bin: path.join(root, 'bin'), version };
}

async function packagedChromium(): Promise<ChromiumInstall> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `The packaged Chromium (@sparticuz/chromium) runs on Linux x64 only; on ${process.platform}/${process.arch} ` +
        'install Chromium and set CHROME_PATH',
    );
  }
  const { bin, version } = packageBinFolder();
  const target = path.join(REPO_ROOT, 'node_modules', '.cache', `evmap-chromium-${version}`);
  const install = (dir: string): ChromiumInstall => ({
    executablePath: path.join(dir, 'chromium'),
    source: 'packaged',
    env: { LD_LIBRARY_PATH: path.join(dir, 'al2023', 'lib'), FONTCONFIG_FILE: path.join(dir, 'fonts.conf') },
  });
  if (existsSync(path.join(target, 'complete'))) return install(target);

  const staging = `${target}.partial-${process.pid}-${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  try {
    const { inflate } = await import('@sparticuz/chromium');
    // The package unpacks into os.tmpdir(): point it at the staging folder for the time of these calls.
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    try {
      if (os.tmpdir() !== staging) throw new Error('cannot redirect the unpacking folder');
      await inflate(path.join(bin, 'chromium.br'));
      await inflate(path.join(bin, 'al2023.tar.br'));
      await inflate(path.join(bin, 'fonts.tar.br'));
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
    // The package's own fonts.conf names Lambda's folders; this one names ours.
    const fonts = path.join(target, 'fonts');
    writeFileSync(
      path.join(staging, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${fonts}</dir>\n` +
        `  <cachedir>${path.join(target, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
    writeFileSync(path.join(staging, 'complete'), `${version}\n`);
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another process finished first: use its copy.
      if (!existsSync(path.join(target, 'complete'))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return install(target);
}

/** "Chromium 153.0.8010.0 (packaged: @sparticuz/chromium)", for the test output. */
export function describeChromium(install: ChromiumInstall): string {
  let version = '';
  try {
    version = execFileSync(install.executablePath, ['--version'], {
      encoding: 'utf8',
      env: { ...process.env, ...install.env },
      timeout: 30_000,
    }).trim();
  } catch {
    version = 'Chromium (version unknown)';
  }
  const where =
    install.source === 'packaged'
      ? 'packaged: @sparticuz/chromium, unpacked in node_modules/.cache'
      : install.source === 'system'
        ? `system: ${install.executablePath}`
        : `CHROME_PATH: ${install.executablePath}`;
  return `${version} (${where})`;
}
