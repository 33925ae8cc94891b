/**
 * Leaflet as the app uses it: what `import L from 'leaflet'` gives every module of the web app (an alias of the
 * build, the dev server and the tests: scripts/aliases.ts).
 *
 * The package's main file is its whole UMD bundle, which no bundler can trim: 42.9 KB gzipped, on the map home, the
 * event page and the embed. Its ES module sources are in the same package (src/), and this module takes from them the
 * parts the app uses: the map with its handlers (drag, keyboard, scroll wheel, touch, double click, box zoom,
 * tap-hold), markers with div icons (draggable: the event form's pin), tile layers, the zoom and attribution
 * controls, popups and layer groups. Left out: vector layers and their renderers, GeoJSON, image, video and SVG
 * overlays, tooltips, the layers and scale controls, WMS tiles. About 29 KB gzipped.
 *
 * `leaflet.test.ts` checks that every member the app's modules use is here.
 */
import type * as Leaflet from 'leaflet';
import { Control, control } from 'leaflet/src/control/Control';
import { Attribution, attribution } from 'leaflet/src/control/Control.Attribution';
import { Zoom, zoom } from 'leaflet/src/control/Control.Zoom';
import { LatLng, toLatLng } from 'leaflet/src/geo/LatLng';
import { LatLngBounds, toLatLngBounds } from 'leaflet/src/geo/LatLngBounds';
import { Point, toPoint } from 'leaflet/src/geometry/Point';
import { LayerGroup, layerGroup } from 'leaflet/src/layer/LayerGroup';
import { DivIcon, divIcon } from 'leaflet/src/layer/marker/DivIcon';
import { Marker, marker } from 'leaflet/src/layer/marker/Marker';
import { Popup, popup } from 'leaflet/src/layer/Popup';
import { TileLayer, tileLayer } from 'leaflet/src/layer/tile/TileLayer';
import { BoxZoom } from 'leaflet/src/map/handler/Map.BoxZoom';
import { DoubleClickZoom } from 'leaflet/src/map/handler/Map.DoubleClickZoom';
import { Drag } from 'leaflet/src/map/handler/Map.Drag';
import { Keyboard } from 'leaflet/src/map/handler/Map.Keyboard';
import { ScrollWheelZoom } from 'leaflet/src/map/handler/Map.ScrollWheelZoom';
import { TapHold } from 'leaflet/src/map/handler/Map.TapHold';
import { TouchZoom } from 'leaflet/src/map/handler/Map.TouchZoom';
import { createMap, Map as LeafletMap } from 'leaflet/src/map/Map';

// What the package's index modules do for these parts (src/map/index.js, src/control/index.js): each handler module
// has already registered itself on the map's options and init hooks when imported.
Object.assign(LeafletMap, { BoxZoom, DoubleClickZoom, Drag, Keyboard, ScrollWheelZoom, TapHold, TouchZoom });
Object.assign(Control, { Zoom, Attribution });
Object.assign(control, { zoom, attribution });

const L = {
  Map: LeafletMap,
  map: createMap,
  Marker,
  marker,
  DivIcon,
  divIcon,
  TileLayer,
  tileLayer,
  Control,
  control,
  Popup,
  popup,
  LayerGroup,
  layerGroup,
  LatLng,
  latLng: toLatLng,
  LatLngBounds,
  latLngBounds: toLatLngBounds,
  Point,
  point: toPoint,
};

export default L as unknown as typeof Leaflet;
