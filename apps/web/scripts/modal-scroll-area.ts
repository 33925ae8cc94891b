import type { Plugin } from 'vite';

/** Mantine's ModalRoot, the one module whose import of the scroll area this plugin answers. */
const MODAL_ROOT = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Modal[\\/]ModalRoot\.mjs$/;
const SCROLL_AREA = '../ScrollArea/ScrollArea.mjs';
const VIRTUAL = '\0evmap:modal-scroll-area';

/**
 * Mantine's Modal imports its scroll area only to compare a prop with it (`scrollAreaComponent ===
 * ScrollArea.Autosize`, to offset the scroll bars of that one component). That import brought the scroll area and
 * floating-ui (whose `useMergeRefs` the scroll area uses), 17 KB gzipped, to every page with a dialog: the event
 * page, a shared link's first screen, loaded them for a dialog that scrolls natively. The app never passes
 * `scrollAreaComponent` (checked by `modal-scroll-area.test.ts`), so Modal gets an object of its own for that
 * comparison, which no prop can equal; the screens that do use the scroll area (a select's list) import the real one.
 */
export function modalWithoutScrollArea(): Plugin {
  return {
    name: 'evmap:modal-scroll-area',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === SCROLL_AREA && importer && MODAL_ROOT.test(importer.split('?')[0]!)) return VIRTUAL;
      return null;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      return 'export const ScrollArea = { Autosize: Object.freeze({}) };';
    },
  };
}
