import { MAP, STORAGE_KEYS } from '@evmap/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  drawMapPreview,
  drawPreviewTiles,
  isSupportedTemplate,
  largestTiles,
  previewTiles,
  previewView,
  project,
  tileUrl,
} from './map-preview';
import { MAP_PREVIEW_CLASS, MAP_PREVIEW_ID } from './map-preview-dom';

const OSM = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}{r}.png';
const PHONE = { width: 412, height: 759 };
const DEFAULT_VIEW = { center: MAP.defaultCenter, zoom: MAP.initialZoom };

describe('project', () => {
  it("gives Leaflet's EPSG3857 global pixels", () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const { x, y } = project({ lat: 46, lng: -71 }, 8);
    expect(x).toBeCloseTo(19842.8444, 3);
    expect(y).toBeCloseTo(23315.2038, 3);
    // Latitudes beyond Web Mercator's limit are clamped, as Leaflet does.
    expect(project({ lat: 89, lng: 0 }, 0).y).toBeCloseTo(0, 6);
  });
});

describe('previewTiles', () => {
  it('covers a phone-sized container on the default view, centre first', () => {
    const tiles = previewTiles('/t/{z}/{x}/{y}.png', DEFAULT_VIEW, PHONE);
    // Pixel origin: round(19842.84 - 206) = 19637, round(23315.20 - 379.5) = 22936. (46, -71) itself is at
    // (19842.84, 23315.20): in tile 77/91, shown at (75, 360); Leaflet's order starts with 77/90 (a tie with 77/91
    // for the middle of the range 76–78 × 89–92, kept in row order).
    expect(tiles[0]).toEqual({ x: 77, y: 90, src: '/t/8/77/90.png', left: 75, top: 104 });
    expect(tiles[1]).toEqual({ x: 77, y: 91, src: '/t/8/77/91.png', left: 75, top: 360 });
    expect(tiles).toHaveLength(12);
    expect(new Set(tiles.map((t) => t.x))).toEqual(new Set([76, 77, 78]));
    expect(new Set(tiles.map((t) => t.y))).toEqual(new Set([89, 90, 91, 92]));
    expect(tiles.map((t) => `${t.x},${t.y}`).slice(0, 4)).toEqual(['77,90', '77,91', '76,90', '78,90']);
    expect(tiles.at(-1)).toMatchObject({ x: 78, y: 92 });
    for (const tile of tiles) {
      expect(tile.left).toBe(tile.x * 256 - 19637);
      expect(tile.top).toBe(tile.y * 256 - 22936);
      // Every tile intersects the container.
      expect(tile.left).toBeLessThan(PHONE.width);
      expect(tile.left + 256).toBeGreaterThan(0);
      expect(tile.top).toBeLessThan(PHONE.height);
      expect(tile.top + 256).toBeGreaterThan(0);
    }
  });

  it("fills Leaflet's placeholders: subdomain from x + y, no retina suffix", () => {
    const tiles = previewTiles(OSM, DEFAULT_VIEW, PHONE);
    // (77 + 90) % 3 = 2: 'c'; (77 + 91) % 3 = 0: 'a'; (76 + 90) % 3 = 1: 'b'.
    expect(tiles.slice(0, 3).map((t) => t.src)).toEqual([
      'https://c.tile.openstreetmap.org/8/77/90.png',
      'https://a.tile.openstreetmap.org/8/77/91.png',
      'https://b.tile.openstreetmap.org/8/76/90.png',
    ]);
  });

  it('wraps x around the world and skips rows beyond the poles', () => {
    expect(tileUrl('{s}/{z}/{x}/{y}', -1, 0, 2)).toBe('a/2/3/0');
    expect(tileUrl('{s}/{z}/{x}/{y}', 4, 1, 2)).toBe('b/2/0/1');
    expect(tileUrl('{ z }/{x}/{y}', 1, 1, 1)).toBe('1/1/1');
    const world = previewTiles('/{z}/{x}/{y}', { center: { lat: 80, lng: 179 }, zoom: 1 }, { width: 600, height: 400 });
    expect(world.every((t) => t.y >= 0 && t.y <= 1)).toBe(true);
    expect(world.map((t) => t.src)).toContain('/1/0/0');
  });

  it('draws nothing for a template with another placeholder', () => {
    expect(isSupportedTemplate('https://tiles.example/{z}/{x}/{y}.png?key={apikey}')).toBe(false);
    expect(isSupportedTemplate('https://tiles.example/{z}/{x}/{-y}.png')).toBe(false);
    expect(isSupportedTemplate('')).toBe(false);
    expect(previewTiles('/{z}/{x}/{y}/{foo}', DEFAULT_VIEW, PHONE)).toEqual([]);
    expect(previewTiles('/{z}/{x}/{y}', DEFAULT_VIEW, { width: 0, height: 0 })).toEqual([]);
  });
});

describe('previewView', () => {
  it('opens where EventMap does: a remembered position at the closer zoom, else the default view', () => {
    expect(previewView(null)).toEqual(DEFAULT_VIEW);
    expect(previewView({ location: null, date: new Date().toISOString() })).toEqual(DEFAULT_VIEW);
    expect(previewView({ location: { lat: 45.5, lng: -73.6 }, date: new Date().toISOString() })).toEqual({
      center: { lat: 45.5, lng: -73.6 },
      zoom: MAP.initialZoomWithLocation,
    });
  });
});

describe('largestTiles', () => {
  it("gives the tiles wholly in view: the page's largest contentful paint candidates", () => {
    const tiles = previewTiles('/t/{z}/{x}/{y}.png', DEFAULT_VIEW, PHONE);
    // 77/90 at (75, 104) and 77/91 at (75, 360) fit in 412 × 759; the others are cut by an edge.
    expect(largestTiles(tiles, PHONE).map((t) => `${t.x},${t.y}`)).toEqual(['77,90', '77,91']);
  });

  it('gives the least cut tiles when none fits wholly', () => {
    const small = { width: 300, height: 200 };
    const tiles = previewTiles('/t/{z}/{x}/{y}.png', DEFAULT_VIEW, small);
    const largest = largestTiles(tiles, small);
    expect(largest.length).toBeGreaterThan(0);
    const area = (t: (typeof tiles)[number]) =>
      (Math.min(t.left + 256, small.width) - Math.max(t.left, 0)) *
      (Math.min(t.top + 256, small.height) - Math.max(t.top, 0));
    const best = Math.max(...tiles.map(area));
    expect(largest.every((t) => area(t) === best)).toBe(true);
    expect(tiles.filter((t) => area(t) === best)).toEqual(largest);
    expect(largestTiles([], small)).toEqual([]);
  });
});

// A document just big enough for drawMapPreview, without a DOM implementation.
class FakeElement {
  id = '';
  alt = '';
  draggable = true;
  src = '';
  clientWidth = 0;
  clientHeight = 0;
  style = { cssText: '' };
  attributes = new Map<string, string>();
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  constructor(
    readonly tagName: string,
    readonly doc: FakeDocument,
  ) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  appendChild(child: FakeElement) {
    child.parent = this;
    this.children.push(child);
  }
  insertBefore(child: FakeElement, before: FakeElement) {
    child.parent = this;
    this.children.splice(this.children.indexOf(before), 0, child);
    // Layout: the preview's box is the window's width and its height less the tab bar.
    child.clientWidth = this.doc.viewport.width;
    child.clientHeight = this.doc.viewport.height - 64;
  }
  remove() {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
}

class FakeDocument {
  body = new FakeElement('body', this);
  documentElement = { classList: new Set<string>() } as unknown as { classList: Set<string> };
  meta = new FakeElement('meta', this);
  constructor(
    readonly location: { pathname: string },
    tileUrl: string,
    readonly viewport = { width: 412, height: 823 },
  ) {
    this.meta.setAttribute('content', tileUrl);
    const root = new FakeElement('div', this);
    root.id = 'root';
    this.body.appendChild(root);
  }
  getElementById(id: string) {
    return this.body.children.find((child) => child.id === id) ?? null;
  }
  querySelector(selector: string) {
    return selector === 'meta[name="evm-tile-url"]' ? this.meta : null;
  }
  createElement(tagName: string) {
    return new FakeElement(tagName, this);
  }
  get preview() {
    return this.getElementById(MAP_PREVIEW_ID);
  }
}

function draw(doc: FakeDocument) {
  const classes = doc.documentElement.classList;
  Object.assign(classes, { remove: classes.delete.bind(classes) });
  return drawMapPreview(doc as unknown as Document);
}

describe('drawMapPreview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws the tiles as images before #root on the home page and marks <html>', () => {
    const doc = new FakeDocument({ pathname: '/' }, '/test-tiles/{z}/{x}/{y}.png');
    expect(draw(doc)).toBe(true);
    expect(doc.body.children.map((c) => c.id)).toEqual([MAP_PREVIEW_ID, 'root']);
    const preview = doc.preview!;
    expect(preview.getAttribute('aria-hidden')).toBe('true');
    expect(preview.style.cssText).toContain('height:calc(100dvh - 64px)');
    expect(preview.children).toHaveLength(12);
    const [first, second] = preview.children;
    expect(first).toMatchObject({ tagName: 'img', alt: '', draggable: false, src: '/test-tiles/8/77/90.png' });
    expect(first?.style.cssText).toBe('position:absolute;left:75px;top:104px;width:256px;height:256px');
    // The tile under the middle of the map (206, 379.5) is fetched first.
    expect(second).toMatchObject({ src: '/test-tiles/8/77/91.png' });
    expect(second?.style.cssText).toBe('position:absolute;left:75px;top:360px;width:256px;height:256px');
    const urgent = preview.children.filter((img) => img.getAttribute('fetchpriority') === 'high');
    expect(urgent).toEqual([second]);
    expect(doc.documentElement.classList.has(MAP_PREVIEW_CLASS)).toBe(true);
    // Drawn once only.
    expect(draw(doc)).toBe(false);
  });

  it('gives the images of the largest tiles, for the app to start once they are there', () => {
    const doc = new FakeDocument({ pathname: '/' }, '/t/{z}/{x}/{y}.png');
    const classes = doc.documentElement.classList;
    Object.assign(classes, { remove: classes.delete.bind(classes) });
    const images = drawPreviewTiles(doc as unknown as Document) as unknown as FakeElement[];
    expect(images.map((img) => img.src)).toEqual(['/t/8/77/90.png', '/t/8/77/91.png']);
    expect(images.every((img) => doc.preview!.children.includes(img))).toBe(true);
    expect(
      drawPreviewTiles(new FakeDocument({ pathname: '/profile' }, '/t/{z}/{x}/{y}.png') as unknown as Document),
    ).toBeNull();
  });

  it("opens on the remembered position at the closer zoom, on an event's link too", () => {
    const storage = new Map<string, string>([
      [STORAGE_KEYS.location, JSON.stringify({ location: { lat: 45.5, lng: -73.6 }, date: new Date().toISOString() })],
    ]);
    vi.stubGlobal('window', { localStorage: { getItem: (key: string) => storage.get(key) ?? null } });
    const doc = new FakeDocument({ pathname: '/events/some-event' }, '/t/{z}/{x}/{y}.png');
    expect(draw(doc)).toBe(true);
    const expected = previewTiles('/t/{z}/{x}/{y}.png', previewView(JSON.parse(storage.get(STORAGE_KEYS.location)!)), {
      width: 412,
      height: 759,
    });
    expect(doc.preview!.children.map((img) => img.src)).toEqual(expected.map((tile) => tile.src));
    expect(doc.preview!.children[0]?.src).toMatch(/^\/t\/10\//);
  });

  it('draws nothing on other pages, without a tile URL, or for an unknown placeholder', () => {
    for (const [pathname, url] of [
      ['/profile', '/t/{z}/{x}/{y}.png'],
      ['/eventsx', '/t/{z}/{x}/{y}.png'],
      ['/', ''],
      ['/', '/t/{z}/{x}/{y}.png?key={key}'],
    ] as const) {
      const doc = new FakeDocument({ pathname }, url);
      expect(draw(doc)).toBe(false);
      expect(doc.preview).toBeNull();
      expect(doc.documentElement.classList.size).toBe(0);
    }
  });

  it('never throws, and leaves no half-drawn preview behind', () => {
    const doc = new FakeDocument({ pathname: '/' }, '/t/{z}/{x}/{y}.png');
    const create = doc.createElement.bind(doc);
    doc.createElement = (tagName: string) => {
      if (tagName === 'img') throw new Error('broken DOM');
      return create(tagName);
    };
    expect(draw(doc)).toBe(false);
    expect(doc.preview).toBeNull();
  });
});
