/**
 * Runs once before the journeys: they test the builds, so both must exist (this builds nothing); and the Chromium
 * they drive is found (unpacked, when it is the packaged one) and named in the output.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeChromium, resolveChromium } from './chromium';
import { REPO_ROOT, SERVER_BUNDLE, WEB_INDEX } from './paths';

export default async function setup(): Promise<void> {
  checkBuilds();
  const install = await resolveChromium();
  process.stdout.write(`Journeys run in ${describeChromium(install)}\n`);
}

export function checkBuilds(): void {
  const missing = [
    { file: SERVER_BUNDLE, build: 'npm run build -w @evmap/api' },
    { file: WEB_INDEX, build: 'npm run build -w @evmap/web' },
  ].filter(({ file }) => !existsSync(file));
  if (missing.length > 0) {
    const lines = missing.map(({ file, build }) => `  ${path.relative(REPO_ROOT, file)} is missing: run \`${build}\``);
    throw new Error(`The end-to-end tests run against the built app.\n${lines.join('\n')}`);
  }
}
