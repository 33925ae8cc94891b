/**
 * The wheel over the map (wheel-gate): without Ctrl or ⌘ it scrolls the page and shows the hint; with one it
 * reaches Leaflet's own wheel zoom (which then keeps the browser from zooming the page). Touch is left alone:
 * dragging and pinching still move and zoom the map.
 */
import type L from 'leaflet';
import { type RefObject, useEffect } from 'react';
import { createWheelGate } from '../utils/wheel-gate';

/** Gates the wheel over `map`, showing `hint` (its `data-shown` attribute) while the wheel scrolls the page. */
export function useWheelGate(map: L.Map | null, hint: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    const gate = createWheelGate((shown) => hint.current?.toggleAttribute('data-shown', shown));
    // Caught on the way down, before Leaflet's listener on the same element: a page scroll never reaches it, and the
    // default action (the page's scroll) is left alone.
    const onWheel = (event: WheelEvent) => {
      if (gate.handle(event) === 'scroll') event.stopImmediatePropagation();
    };
    container.addEventListener('wheel', onWheel, { capture: true, passive: true });
    return () => {
      container.removeEventListener('wheel', onWheel, { capture: true });
      gate.dispose();
    };
  }, [map, hint]);
}
