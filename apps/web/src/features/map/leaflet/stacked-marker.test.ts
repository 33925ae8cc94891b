// @vitest-environment happy-dom
import L from 'leaflet';
import { afterEach, describe, expect, it } from 'vitest';
import { ON_TOP, stackedMarker } from './stacked-marker';

let map: L.Map | null = null;
afterEach(() => {
  map?.remove();
  map = null;
});

describe('markers stacked from west to east', () => {
  it('puts the eastern marker on top whatever the latitudes, and a raised one above all', () => {
    const container = document.createElement('div');
    Object.defineProperty(container, 'clientWidth', { value: 800 });
    Object.defineProperty(container, 'clientHeight', { value: 600 });
    document.body.append(container);
    map = L.map(container, { center: [45.5, -73.6], zoom: 12 });
    const icon = L.divIcon({ className: 'evm-marker' });
    // West and south (Leaflet would put it on top), east and north.
    const west = stackedMarker([45.48, -73.62], { icon }).addTo(map);
    const east = stackedMarker([45.52, -73.6], { icon }).addTo(map);
    const z = (marker: L.Marker) => Number(marker.getElement()!.style.zIndex);
    expect(z(east)).toBeGreaterThan(z(west));
    west.setZIndexOffset(ON_TOP);
    expect(z(west)).toBeGreaterThan(z(east));
    west.setZIndexOffset(0);
    expect(z(east)).toBeGreaterThan(z(west));
    // Hovered, a marker rises above all the others too.
    west.getElement()!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(z(west)).toBeGreaterThan(z(east));
  });
});
