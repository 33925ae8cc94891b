/**
 * Markers stacked from west to east (the eastern one on top) instead of Leaflet's north to south. A marker's label
 * runs to the right of its image, so a neighbour's label never covers its image: with markers closer than their
 * images gathered into one group (marker-groups), every image stays in sight and can be clicked.
 */
import L from 'leaflet';

/** Above every other marker (z-indexes follow pixel positions): for the focused or hovered one. */
export const ON_TOP = 1_000_000;

type Positioned = L.Marker & { _zIndex: number; _resetZIndex: () => void };

const StackedMarker = L.Marker.extend({
  _setPos(this: Positioned, pos: L.Point) {
    // Leaflet 1.9 places the icon, then stacks it by `pos.y`: restacked here by `pos.x`.
    (L.Marker.prototype as unknown as { _setPos: (pos: L.Point) => void })._setPos.call(this, pos);
    this._zIndex = Math.round(pos.x) + (this.options.zIndexOffset ?? 0);
    this._resetZIndex();
  },
}) as unknown as new (
  latlng: L.LatLngExpression,
  options?: L.MarkerOptions,
) => L.Marker;

/** A marker stacked from west to east, rising above all others on hover. */
export function stackedMarker(latlng: L.LatLngExpression, options: L.MarkerOptions): L.Marker {
  return new StackedMarker(latlng, { riseOnHover: true, riseOffset: ON_TOP, ...options });
}
