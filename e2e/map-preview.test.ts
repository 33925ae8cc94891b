/**
 * The boot script's map preview: the tiles of the map's first view drawn from index.html alone, before the app's
 * map code, then replaced seamlessly by the live Leaflet map.
 */
import { MAP, STORAGE_KEYS } from '@evmap/contract/constants';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledStorage } from './support/app-state';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let redTile: Buffer;

// A phone: the map area is the page's width (412 less a reserved scrollbar gutter, if any) by 823 - 64 (tab bar).
const PHONE = { viewport: { width: 412, height: 823 } };
const MAP_HEIGHT = 823 - 64;

beforeAll(async () => {
  [server, browser, redTile] = await Promise.all([
    startServer({ TILE_URL: '/test-tiles/{z}/{x}/{y}.png' }),
    launchBrowser(),
    sharp({ create: { width: 256, height: 256, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Holds back the lazy map chunk (Leaflet) until `release` is called. */
async function holdMapChunk(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/map-screen-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

type Placed = { src: string; left: number; top: number; width: number; height: number };

/** The preview's images: URL and place on the page, in document order. */
function previewTiles(page: Page): Promise<Placed[]> {
  return page.locator('#map-preview img').evaluateAll((imgs) =>
    imgs.map((img) => {
      const rect = img.getBoundingClientRect();
      return {
        src: img.getAttribute('src') ?? '',
        left: rect.left,
        top: rect.top,
        width: rect.width,
        height: rect.height,
      };
    }),
  );
}

/** Leaflet's tile images, by URL, with their place on the page. */
function leafletTiles(page: Page): Promise<Record<string, Placed>> {
  return page.locator('img.leaflet-tile').evaluateAll((imgs) =>
    Object.fromEntries(
      imgs.map((img) => {
        const rect = img.getBoundingClientRect();
        const src = img.getAttribute('src') ?? '';
        return [src, { src, left: rect.left, top: rect.top, width: rect.width, height: rect.height }];
      }),
    ),
  );
}

/** Leaflet's EPSG3857 global pixel of a position (the test's own oracle for the expected view). */
function project(lat: number, lng: number, zoom: number) {
  const sin = Math.sin((lat * Math.PI) / 180);
  const scale = 256 * 2 ** zoom;
  return {
    x: scale * (lng / 360 + 0.5),
    y: scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)),
  };
}

/** The tile under the middle of a map area `width` wide, and where its top left corner is on the page. */
function middleTile(lat: number, lng: number, zoom: number, width: number) {
  const center = project(lat, lng, zoom);
  const origin = { x: Math.round(center.x - width / 2), y: Math.round(center.y - MAP_HEIGHT / 2) };
  const x = Math.floor(center.x / 256);
  const y = Math.floor(center.y / 256);
  return { src: `/test-tiles/${zoom}/${x}/${y}.png`, left: x * 256 - origin.x, top: y * 256 - origin.y };
}

/** The map area's width: the page's, less the scrollbar gutter the page reserves from the start (if any). */
function pageWidth(page: Page): Promise<number> {
  return page.locator('#map-preview').evaluate((preview) => preview.clientWidth);
}

/** The colour of the page's pixel at (x, y), as [r, g, b]. */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const shot = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
  const { data } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data];
}

/** Waits for the live map, checks its tiles are exactly where the preview's were, then that the preview goes. */
async function expectSeamlessTakeover(page: Page, preview: Placed[]): Promise<void> {
  await page.locator('img.leaflet-tile-loaded').first().waitFor();
  await expect.poll(async () => Object.keys(await leafletTiles(page)).length).toBeGreaterThanOrEqual(preview.length);
  const live = await leafletTiles(page);
  for (const tile of preview) expect(live[tile.src], tile.src).toEqual(tile);
  // The app removes the preview once Leaflet's tiles are shown.
  await page.locator('#map-preview').waitFor({ state: 'detached', timeout: 5_000 });
  expect(await page.evaluate(() => document.documentElement.classList.contains('evm-map-preview'))).toBe(false);
}

describe('the map preview', () => {
  it("shows the default view's tiles before the map's code, under a see-through page, then hands over to Leaflet", async () => {
    const { page, errors, close } = await openPage(browser, { ...PHONE, storage: settledStorage() });
    // Tiles are red here, to see them on screenshots.
    await page.route(/\/test-tiles\//, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: redTile }),
    );
    const release = await holdMapChunk(page);
    await page.goto(`${server.url}/`);

    await page.locator('#map-preview img').first().waitFor();
    const preview = await previewTiles(page);
    const width = await pageWidth(page);
    expect(width).toBeGreaterThan(380);
    const expected = middleTile(MAP.defaultCenter.lat, MAP.defaultCenter.lng, MAP.initialZoom, width);
    expect(expected).toMatchObject({ src: '/test-tiles/8/77/91.png', top: 360 });
    expect(preview).toContainEqual({ ...expected, width: 256, height: 256 });
    expect(await page.locator('#map-preview img[fetchpriority="high"]').getAttribute('src')).toBe(expected.src);
    expect(preview).toHaveLength(12);
    expect(new Set(preview.map((tile) => tile.src)).size).toBe(12);
    expect(preview.every((tile) => tile.src.startsWith('/test-tiles/8/'))).toBe(true);
    expect(await page.locator('#map-preview').getAttribute('aria-hidden')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.classList.contains('evm-map-preview'))).toBe(true);

    // The app has rendered the home (its heading) while Leaflet is still held back, and the tiles show through it.
    await page.getByRole('heading', { name: 'EventMap', level: 1 }).waitFor({ state: 'attached' });
    await page
      .locator('#map-preview img')
      .evaluateAll((imgs) => Promise.all(imgs.map((img) => (img as HTMLImageElement).decode())));
    expect(await pixel(page, 40, 200)).toEqual([255, 0, 0]);
    expect(await pixel(page, 370, 700)).toEqual([255, 0, 0]);
    // The inline script ran under the server's Content-Security-Policy: no violation reported.
    expect(errors).toEqual([]);

    release();
    await expectSeamlessTakeover(page, preview);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens on a remembered position at the closer zoom', async () => {
    const here = { lat: 45.5017, lng: -73.5673 };
    const { page, errors, close } = await openPage(browser, {
      ...PHONE,
      storage: settledStorage({
        [STORAGE_KEYS.location]: JSON.stringify({ location: here, date: new Date().toISOString() }),
      }),
    });
    const release = await holdMapChunk(page);
    await page.goto(`${server.url}/`);

    await page.locator('#map-preview img').first().waitFor();
    const preview = await previewTiles(page);
    const expected = middleTile(here.lat, here.lng, MAP.initialZoomWithLocation, await pageWidth(page));
    expect(preview).toContainEqual({ ...expected, width: 256, height: 256 });
    expect(await page.locator('#map-preview img[fetchpriority="high"]').getAttribute('src')).toBe(expected.src);
    expect(preview.every((tile) => tile.src.startsWith(`/test-tiles/${MAP.initialZoomWithLocation}/`))).toBe(true);

    release();
    await expectSeamlessTakeover(page, preview);
    expect(errors).toEqual([]);
    await close();
  });

  it('is drawn on later visits too, when the service worker answers with its precached index.html', async () => {
    const { page, errors, close } = await openPage(browser, { ...PHONE, storage: settledStorage() });
    // Whether the preview was there once the HTML was parsed (the app removes it when Leaflet's tiles are in).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const tiles = document.querySelectorAll('#map-preview img');
        (window as unknown as { previewTiles: number }).previewTiles = tiles.length;
      });
    });
    await page.goto(`${server.url}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    const fromWorker = page.waitForResponse(
      (response) => response.url() === `${server.url}/` && response.fromServiceWorker(),
    );
    await page.goto(`${server.url}/`);
    await fromWorker;
    expect(await page.evaluate(() => (window as unknown as { previewTiles: number }).previewTiles)).toBe(12);
    expect(errors).toEqual([]);
    await close();
  });

  it('is not drawn on pages without the map', async () => {
    const { page, close } = await openPage(browser, { ...PHONE, storage: settledStorage() });
    await page.goto(`${server.url}/profile`);
    await page.locator('#root').waitFor({ state: 'attached' });
    expect(await page.locator('#map-preview').count()).toBe(0);
    await close();
  });
});
