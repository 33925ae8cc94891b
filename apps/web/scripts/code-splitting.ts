/**
 * How the build groups the app's libraries into chunks (Rolldown's `output.codeSplitting`). Left to itself, the
 * bundler cut the UI kit into one chunk per set of screens sharing a part of it: an organiser's screen loaded 56 to
 * 59 files, 30 of them Mantine pieces of 0.1 to 5 KB, each a request (six at a time on HTTP/1.1) and a preload the
 * boot script adds on the main thread. Five groups instead:
 *
 * - `vendor`: every library the entry loads (React, the router, TanStack Query, the UI kit's core), one file
 *   beside the entry's own code;
 * - `ui-kit`: the UI kit's modules (Mantine and the packages it depends on) that two or more lazy chunks share, but
 *   the toasts' packages: one file for every screen but the map (its few Mantine parts are in the entry);
 * - `ui-forms`: the kit's form controls beyond a text field (the select and its combobox, checkboxes, radio
 *   buttons, the password field, the multi-line field…), shared by two lazy chunks or more: only the screens with
 *   such a form load them. Grouped before `ui-kit` and without the modules they import (which stay in `ui-kit`);
 *   the check and radio icons stay in `ui-kit` too, as the menus draw them. Measured (the scripts each screen
 *   requested in Chromium, gzipped): `ui-kit` 55.5 → 42.2 KB, `ui-forms` 13.3 KB; `/profile` 235 → 223 KB,
 *   the plans page 236 → 224 KB, the event page 259 → 248 KB (its report question now loads when asked for);
 * - `ui-modal`: the kit's dialog (Modal, its base, portal, overlay and focus trap, the scroll lock's packages) and the
 *   display parts the event modal shows (Image, List, Badge), with what they import: the event page, a shared link's
 *   first screen, loads them without the rest of the kit (the popovers, the tabs, the tables, floating-ui). Grouped
 *   after `ui-forms` and before `ui-kit`, whose modules import it (it imports only `vendor`: no cycle). With Modal's
 *   own import of the scroll area answered at build (scripts/modal-scroll-area.ts), measured (the scripts the event
 *   page requested in Chromium, gzipped): the event page 230.0 → 199.1 KB in English, 231.1 → 200.1 KB in French;
 *   the other screens 1.1-1.4 KB more for one more file;
 * - `toasts`: the toasts' packages (Mantine's notifications) and what they need beyond `ui-kit` (the transitions):
 *   loaded by a page's first toast (lib/toast.ts), not by every screen. Grouped after `ui-kit`, so that the parts the
 *   screens share with them (a Portal…) stay in `ui-kit` or `ui-modal`: grouped first, they pulled those parts in,
 *   and every organiser's screen loaded the toasts' 13.5 KB for them.
 *
 * Measured (Lighthouse mobile, median of 5, one server per build with the same data, the builds alternating):
 * `/profile` 55 → 70 (LCP 5.5 → 4.3 s, TBT 1,148 → 579 ms, 56 → 29 files), the plans page 57 → 61, the event form
 * 49 → 56 (a first run), the home 84 → 84; an organiser's screens carry 5 KB more (gzipped), the home 7 KB less. The other libraries
 * (zod, Leaflet, the charts) and the stylesheets are not grouped: the first stay in the chunks of the screens that
 * load them, the entry's styles in one file that does not block the first paint (scripts/non-blocking-css.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The toasts' packages (loaded by a page's first toast). */
export const TOAST_PACKAGES = ['@mantine/notifications', '@mantine/store'] as const;

/** The UI kit's packages (the toast host's too); the ones they depend on are found in their package.json files. */
export const UI_KIT_PACKAGES = ['@mantine/core', '@mantine/hooks', ...TOAST_PACKAGES] as const;

type PackageJson = { dependencies?: Record<string, string> };

/** The folder of package `name` as Node would find it from `from` (a folder), or undefined when not installed. */
export function packageFolder(name: string, from: string): string | undefined {
  // Its exports may hide package.json from require.resolve: the lookup paths are walked instead.
  const candidates = createRequire(path.resolve(from, 'noop.js')).resolve.paths(name) ?? [];
  return candidates.map((dir) => path.join(dir, name)).find((dir) => existsSync(path.join(dir, 'package.json')));
}

/** `names` and, recursively, the packages they depend on (those installed), as read from their package.json. */
export function withDependencies(names: readonly string[], from: string): string[] {
  const found = new Set<string>();
  const visit = (name: string, base: string) => {
    if (found.has(name)) return;
    const folder = packageFolder(name, base);
    // Not installed (an optional dependency): nothing to group.
    if (!folder) return;
    found.add(name);
    const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as PackageJson;
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, folder);
  };
  for (const name of names) visit(name, from);
  return [...found].sort();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A module id in a node_modules folder. */
const NODE_MODULES = /[\\/]node_modules[\\/]/;

/** A module id inside one of `packages` in a node_modules folder. */
export function packagesPattern(packages: readonly string[]): RegExp {
  const names = packages.map((name) => name.split('/').map(escapeRegExp).join('[\\\\/]'));
  return new RegExp(`${NODE_MODULES.source}(?:${names.join('|')})[\\\\/]`);
}

/** A script module (not a stylesheet: the entry's styles stay one file that does not block the first paint). */
const SCRIPT = /\.[cm]?[jt]sx?$/;

/** The UI kit's form controls beyond a text field, and the parts only they use. */
export const FORM_PARTS =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components[\\/](?:Combobox|Select|MultiSelect|Autocomplete|TagsInput|Checkbox|Radio|Switch|Chip|Pill|PillsInput|PasswordInput|Textarea|NativeSelect|Fieldset|NumberInput|SegmentedControl|FileInput)(?![\\/](?:CheckIcon|RadioIcon)\.mjs$)|utils[\\/]InlineInput)[\\/]/;

/** The UI kit's dialog (Modal: its base, portal, overlay and focus trap) and the display parts the event modal shows. */
export const MODAL_PARTS =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Modal|ModalBase|Portal|Overlay|FocusTrap|Image|List|Badge)[\\/]/;

/** The groups of `output.codeSplitting` (see above); `from` is the web app's folder. */
export function codeSplittingGroups(from: string) {
  const uiKit = packagesPattern(withDependencies(UI_KIT_PACKAGES, from));
  const toasts = packagesPattern(TOAST_PACKAGES);
  const scrollLock = packagesPattern(withDependencies(['react-remove-scroll'], from));
  return [
    {
      name: 'vendor',
      tags: ['$initial' as const],
      test: (id: string) => NODE_MODULES.test(id) && SCRIPT.test(id),
      priority: 3,
    },
    {
      name: 'ui-forms',
      test: (id: string) => uiKit.test(id) && FORM_PARTS.test(id) && SCRIPT.test(id),
      minShareCount: 2,
      includeDependenciesRecursively: false,
      priority: 2.5,
    },
    {
      name: 'ui-modal',
      test: (id: string) => (MODAL_PARTS.test(id) || scrollLock.test(id)) && SCRIPT.test(id),
      minShareCount: 2,
      priority: 2.2,
    },
    {
      name: 'ui-kit',
      test: (id: string) => uiKit.test(id) && !toasts.test(id) && SCRIPT.test(id),
      minShareCount: 2,
      priority: 2,
    },
    { name: 'toasts', test: (id: string) => toasts.test(id) && SCRIPT.test(id), priority: 1 },
  ];
}
