import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeSplittingGroups, packagesPattern, UI_KIT_PACKAGES, withDependencies } from './code-splitting';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const module = (pkg: string, file = 'index.mjs') => `/work/node_modules/${pkg}/esm/${file}`;

describe('the UI kit and its dependencies', () => {
  it('finds the packages Mantine depends on in their package.json files', () => {
    const packages = withDependencies(UI_KIT_PACKAGES, WEB);
    for (const name of [...UI_KIT_PACKAGES, '@floating-ui/react', 'react-transition-group', 'clsx']) {
      expect(packages).toContain(name);
    }
    // Libraries of single screens stay out: the forms' schemas, the map, the charts.
    for (const name of ['zod', 'leaflet', 'supercluster', 'recharts', 'react', 'react-dom', '@mantine/charts']) {
      expect(packages).not.toContain(name);
    }
  });

  it('leaves out what is not installed', () => {
    expect(withDependencies(['@mantine/core', 'no-such-package-anywhere'], WEB)).not.toContain(
      'no-such-package-anywhere',
    );
  });

  it('matches a module inside one of the packages, whatever the path separator, and no other', () => {
    const pattern = packagesPattern(['@mantine/core', 'clsx']);
    expect(pattern.test(module('@mantine/core'))).toBe(true);
    expect(pattern.test('C:\\app\\node_modules\\@mantine\\core\\esm\\index.mjs')).toBe(true);
    expect(pattern.test(module('clsx'))).toBe(true);
    expect(pattern.test(module('clsx-extra'))).toBe(false);
    expect(pattern.test(module('@mantine/charts'))).toBe(false);
    expect(pattern.test('/work/apps/web/src/mantine/core/x.ts')).toBe(false);
  });
});

describe('code-splitting groups', () => {
  const groups = codeSplittingGroups(WEB);
  const named = (name: string) => groups.find((group) => group.name === name);
  const [vendor, uiForms, uiModal, uiKit, toasts] = ['vendor', 'ui-forms', 'ui-modal', 'ui-kit', 'toasts'].map(named);
  const captures = (group: typeof vendor, id: string) => {
    if (!group) throw new Error('no such group');
    return group.test(id);
  };

  it('puts the libraries the entry loads in one vendor chunk, scripts only', () => {
    expect(vendor).toMatchObject({ name: 'vendor', tags: ['$initial'] });
    expect(captures(vendor, module('react-dom', 'client.js'))).toBe(true);
    expect(captures(vendor, module('react-router', 'dist/index.mjs'))).toBe(true);
    // The app's own code stays in its chunks, and the entry's stylesheet stays one file that does not block the
    // first paint (scripts/non-blocking-css.ts).
    expect(captures(vendor, '/work/apps/web/src/main.tsx')).toBe(false);
    expect(captures(vendor, module('@mantine/core', 'styles.css'))).toBe(false);
  });

  it('puts the UI kit shared by two lazy chunks or more in one chunk, and no other library', () => {
    expect(uiKit).toMatchObject({ name: 'ui-kit', minShareCount: 2 });
    expect(captures(uiKit, module('@mantine/core', 'components/Popover/Popover.mjs'))).toBe(true);
    expect(captures(uiKit, module('@floating-ui/dom', 'floating-ui.dom.mjs'))).toBe(true);
    expect(captures(uiKit, module('zod', 'v4/core/core.js'))).toBe(false);
    expect(captures(uiKit, module('leaflet', 'dist/leaflet-src.js'))).toBe(false);
    expect(captures(uiKit, module('@mantine/core', 'styles/Popover.css'))).toBe(false);
    // The toasts' packages are left to their own chunk, which the first toast loads.
    expect(captures(uiKit, module('@mantine/notifications', 'notifications.store.mjs'))).toBe(false);
    expect(captures(uiKit, module('@mantine/store', 'store.mjs'))).toBe(false);
    // The entry's libraries go first (a higher priority): the map does not load the kit's shared chunk.
    expect(vendor?.priority).toBeGreaterThan(uiKit?.priority ?? 0);
  });

  it("puts the kit's form controls shared by two lazy chunks in a chunk of their own, without what they import", () => {
    expect(uiForms).toMatchObject({ minShareCount: 2, includeDependenciesRecursively: false });
    expect(captures(uiForms, module('@mantine/core', 'components/Combobox/Combobox.mjs'))).toBe(true);
    expect(captures(uiForms, module('@mantine/core', 'components/Radio/Radio.mjs'))).toBe(true);
    expect(captures(uiForms, module('@mantine/core', 'components/Checkbox/Checkbox.mjs'))).toBe(true);
    expect(captures(uiForms, module('@mantine/core', 'utils/InlineInput/InlineInput.mjs'))).toBe(true);
    // The menus draw the check and radio icons: they stay in the kit's chunk, as do the text field and popovers.
    expect(captures(uiForms, module('@mantine/core', 'components/Checkbox/CheckIcon.mjs'))).toBe(false);
    expect(captures(uiForms, module('@mantine/core', 'components/Radio/RadioIcon.mjs'))).toBe(false);
    expect(captures(uiForms, module('@mantine/core', 'components/Input/Input.mjs'))).toBe(false);
    expect(captures(uiForms, module('@mantine/core', 'components/Popover/Popover.mjs'))).toBe(false);
    expect(captures(uiForms, module('@mantine/core', 'styles/Combobox.css'))).toBe(false);
    // Before the kit's group, after the entry's.
    expect(uiForms?.priority).toBeGreaterThan(uiKit?.priority ?? 0);
    expect(uiForms?.priority).toBeLessThan(vendor?.priority ?? 0);
  });

  it("puts the kit's dialog and the event modal's display parts in a chunk of their own, with what they import", () => {
    expect(uiModal).toMatchObject({ minShareCount: 2 });
    expect(uiModal).not.toHaveProperty('includeDependenciesRecursively');
    for (const file of [
      'components/Modal/Modal.mjs',
      'components/ModalBase/ModalBase.mjs',
      'components/Portal/Portal.mjs',
      'components/FocusTrap/FocusTrap.mjs',
      'components/Overlay/Overlay.mjs',
      'components/Image/Image.mjs',
      'components/List/List.mjs',
      'components/Badge/Badge.mjs',
    ]) {
      expect(captures(uiModal, module('@mantine/core', file))).toBe(true);
    }
    // The scroll lock and the packages it needs.
    expect(captures(uiModal, module('react-remove-scroll', 'dist/es2015/index.js'))).toBe(true);
    expect(captures(uiModal, module('react-style-singleton', 'dist/es2015/index.js'))).toBe(true);
    // Not the popovers, the scroll area or floating-ui: the event page does not load them.
    expect(captures(uiModal, module('@mantine/core', 'components/Popover/Popover.mjs'))).toBe(false);
    expect(captures(uiModal, module('@mantine/core', 'components/ScrollArea/ScrollArea.mjs'))).toBe(false);
    expect(captures(uiModal, module('@floating-ui/react', 'floating-ui.react.mjs'))).toBe(false);
    expect(captures(uiModal, module('@mantine/core', 'styles/Modal.css'))).toBe(false);
    // After the form controls (grouped without what they import) and before the rest of the kit, which imports it.
    expect(uiModal?.priority).toBeLessThan(uiForms?.priority ?? 0);
    expect(uiModal?.priority).toBeGreaterThan(uiKit?.priority ?? 0);
  });

  it("puts the toasts' packages in a chunk of their own, after the kit's", () => {
    expect(toasts).toMatchObject({ name: 'toasts' });
    expect(captures(toasts, module('@mantine/notifications', 'notifications.store.mjs'))).toBe(true);
    expect(captures(toasts, module('@mantine/store', 'store.mjs'))).toBe(true);
    expect(captures(toasts, module('@mantine/core', 'components/Popover/Popover.mjs'))).toBe(false);
    expect(captures(toasts, module('@mantine/notifications', 'styles.css'))).toBe(false);
    // Below the kit's group: the parts the screens share with the toasts (a Portal…) stay in the kit's chunk, and
    // the screens do not load the toasts' chunk for them.
    expect(toasts?.priority).toBeLessThan(uiKit?.priority ?? 0);
  });
});
