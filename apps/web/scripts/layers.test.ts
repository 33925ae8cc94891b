/**
 * The layers of the web app are kept by the linter (biome.json, `noRestrictedImports` per folder): a
 * feature imports only itself and the shared layers, never another feature nor app/; components, lib
 * and i18n import no feature; app/ composes the features. Each case writes a file at a place of the
 * tree, lints it with the project's configuration, and removes it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SRC = join(ROOT, 'apps/web/src');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

/** Lints `source` written at `path` (under apps/web/src); the restricted imports it reports, by line. */
function restrictedImports(path: string, source: string): number[] {
  // A folder of its own, so the case never touches a real file.
  const folder = join(SRC, dirname(path), `layer-check-${process.pid}`);
  const file = join(folder, path.split('/').pop() ?? 'x.ts');
  mkdirSync(folder, { recursive: true });
  try {
    writeFileSync(file, source);
    const run = spawnSync(BIOME, ['lint', '--max-diagnostics=50', file], { cwd: ROOT, encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`;
    const lines = [...output.matchAll(/:(\d+):\d+ lint\/style\/noRestrictedImports/g)].map((match) => Number(match[1]));
    if (lines.length === 0) expect(run.status, output).toBe(0);
    else expect(run.status, output).not.toBe(0);
    return lines;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the layers of the web app, as the linter keeps them', () => {
  it('refuse a feature importing another feature, by alias or by a relative path, or the app layer', () => {
    const source = [
      "import { LoginForm } from '@/features/auth/components/login-form';",
      "import { useAdminEvents } from '@/features/admin/api/admin-events-list';",
      "import { routes } from '@/app/router';",
      "import { login } from '../../auth/api/login';",
      "import { PATHS } from '@/lib/paths';",
      "import { ListStatus } from '@/components/list-status';",
      "import { useAdminUsers } from '../api/admin-users-list';",
      "import { other } from '@/features/administration/x';",
      'export { LoginForm, useAdminEvents, routes, login, PATHS, ListStatus, useAdminUsers, other };',
    ].join('\n');
    expect(restrictedImports('features/admin/components/x.ts', source)).toEqual([1, 3, 4, 8]);
  });

  it('keep every feature folder, each by a block of its own', () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as {
      overrides: { includes: string[] }[];
    };
    const guarded = config.overrides.map((override) => override.includes.join(' '));
    const features = readdirSync(join(SRC, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const feature of features) expect(guarded).toContain(`apps/web/src/features/${feature}/**`);
    // The statistics and the event form sit side by side in one page, composed by app/: neither imports the other.
    const source = [
      "import { EventForm } from '@/features/event-form/components/event-form';",
      "import { statsSeries } from '../utils/stats-series';",
      'export { EventForm, statsSeries };',
    ].join('\n');
    expect(restrictedImports('features/event-stats/components/x.ts', source)).toEqual([1]);
  });

  it('refuse the shared layers importing a feature or the app', () => {
    const source = [
      "import { MapHome } from '@/features/map/components/map-home';",
      "import { routes } from '@/app/router';",
      "import { PATHS } from '@/lib/paths';",
      'export { MapHome, routes, PATHS };',
    ].join('\n');
    expect(restrictedImports('lib/x.ts', source)).toEqual([1, 2]);
    expect(restrictedImports('components/x.ts', source)).toEqual([1, 2]);
  });

  it('let app/ (routes, layouts, journeys across features) compose the features', () => {
    const source = [
      "import { LoginForm } from '@/features/auth/components/login-form';",
      "import { SettingsPage } from '@/features/settings/components/settings-page';",
      'export { LoginForm, SettingsPage };',
    ].join('\n');
    expect(restrictedImports('app/x.ts', source)).toEqual([]);
  });
});
