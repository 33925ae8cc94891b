/**
 * The mouse wheel over the map (issue: a full-screen map that zooms on the wheel keeps the page under it out of
 * reach): the wheel alone scrolls the page and shows a short hint; with Ctrl (or ⌘ on a Mac, or a trackpad pinch,
 * which browsers send as Ctrl + wheel) it zooms the map.
 */

/** How long the hint stays after the last wheel turn that scrolled the page (ms). */
export const WHEEL_HINT_MS = 1500;

/** What a wheel turn does: zoom the map or scroll the page. */
export type WheelIntent = 'zoom' | 'scroll';

/** Zoom with Ctrl or ⌘ held, else scroll. */
export const wheelIntent = (event: { ctrlKey: boolean; metaKey: boolean }): WheelIntent =>
  event.ctrlKey || event.metaKey ? 'zoom' : 'scroll';

/** The key named in the hint: ⌘ on Apple systems, Ctrl elsewhere. */
export function zoomKeyName(platform: string): string {
  return /mac|iphone|ipad|ipod/i.test(platform) ? '⌘' : 'Ctrl';
}

export type WheelGate = {
  /** Decides what a wheel turn does, showing the hint for a scroll and hiding it for a zoom. */
  handle: (event: { ctrlKey: boolean; metaKey: boolean }) => WheelIntent;
  /** Hides the hint and forgets its timer. */
  dispose: () => void;
};

/** A gate calling `setHint(true)` when the wheel scrolls over the map and `setHint(false)` when the hint is done. */
export function createWheelGate(setHint: (shown: boolean) => void, hintMs = WHEEL_HINT_MS): WheelGate {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown = false;
  const hide = () => {
    clearTimeout(timer);
    timer = undefined;
    if (shown) setHint(false);
    shown = false;
  };
  return {
    handle(event) {
      const intent = wheelIntent(event);
      if (intent === 'zoom') {
        hide();
        return intent;
      }
      if (!shown) setHint(true);
      shown = true;
      clearTimeout(timer);
      timer = setTimeout(hide, hintMs);
      return intent;
    },
    dispose: hide,
  };
}
