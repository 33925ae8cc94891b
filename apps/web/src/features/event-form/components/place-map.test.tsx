// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderUi } from '@/test/render';
import { formatCoordinate, mapPoint, PlaceMap } from './place-map';

afterEach(() => vi.unstubAllGlobals());

describe('mapPoint', () => {
  it('keeps valid coordinates and ignores zero, missing and out-of-range ones', () => {
    expect(mapPoint(45.5017, -73.5673)).toEqual({ lat: 45.5017, lng: -73.5673 });
    expect(mapPoint(null, -73.5)).toBeNull();
    expect(mapPoint(0, -73.5)).toBeNull();
    expect(mapPoint(45, 0)).toBeNull();
    expect(mapPoint(91, -73)).toBeNull();
    expect(mapPoint(45, -181)).toBeNull();
    expect(mapPoint(Number.NaN, -73)).toBeNull();
  });

  it('shows coordinates with at most 5 decimals', () => {
    expect(formatCoordinate(45.501712345)).toBe('45.50171');
    expect(formatCoordinate(-73.5)).toBe('-73.5');
  });
});

describe('PlaceMap', () => {
  it('gives the point as text and hides the map itself from screen readers (no layout: no Leaflet)', async () => {
    mockApi(() => ({
      body: {
        categories: [],
        map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'T' },
        places: { source: 'geonames' },
      },
    }));
    const { container } = await renderUi(<PlaceMap latitude={45.5017} longitude={-73.5673} />);
    expect(screen.getByText('Coordinates: 45.5017, -73.5673')).toBeTruthy();
    expect(container.querySelector('[aria-hidden="true"]')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('.leaflet-container')).toBeNull();
  });

  it('says there is no point yet', async () => {
    mockApi(() => ({ status: 404, body: { errors: { global: 'x' } } }));
    await renderUi(<PlaceMap latitude={null} longitude={null} />, { lang: 'fr' });
    expect(screen.getByText(/^Pas encore de coordonnées/)).toBeTruthy();
  });
});
