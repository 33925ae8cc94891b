import { describe, expect, it } from 'vitest';
import { imageUrl } from '@/lib/image-url';
import { clampBounds, clusterRadius, clusterSize, markerTitle } from './geo';

describe('map geometry', () => {
  it('keeps the view within the valid ranges, to about ten metres', () => {
    expect(clampBounds({ northLat: 45.512345, eastLng: -73.55551, southLat: 45.48, westLng: -73.6 })).toEqual({
      northLat: 45.5123,
      eastLng: -73.5555,
      southLat: 45.48,
      westLng: -73.6,
    });
    expect(clampBounds({ northLat: 89.5, eastLng: 200, southLat: -95, westLng: -181 })).toEqual({
      northLat: 89.5,
      eastLng: 180,
      southLat: -90,
      westLng: -180,
    });
  });

  it('grows the cluster radius from 50 to 100 with the window', () => {
    expect(clusterRadius(320)).toBe(50);
    expect(clusterRadius(960)).toBe(75);
    expect(clusterRadius(2000)).toBe(100);
  });

  it('classes clusters small, medium above 10, big above 25', () => {
    expect([3, 10, 11, 25, 26].map(clusterSize)).toEqual(['small', 'small', 'medium', 'medium', 'big']);
  });

  it('cuts titles at 40 characters with an ellipsis', () => {
    expect(markerTitle('a'.repeat(40))).toBe('a'.repeat(40));
    expect(markerTitle('b'.repeat(41))).toBe(`${'b'.repeat(40)}…`);
  });

  it('picks the closest stored width', () => {
    expect(imageUrl([{ imageUrl: '/uploads/x/y/512.jpg', formats: [100, 124, 512] }], 1440)).toBe(
      '/uploads/x/y/512.jpg',
    );
    expect(imageUrl([{ imageUrl: '/uploads/x/y/1440.jpg', formats: [100, 124, 512, 1440] }], 124)).toBe(
      '/uploads/x/y/124.jpg',
    );
    // Images on S3-compatible storage keep their own address.
    expect(imageUrl([{ imageUrl: 'https://cdn.example.ca/events/a/1440.jpg', formats: [124, 1440] }], 100)).toBe(
      'https://cdn.example.ca/events/a/124.jpg',
    );
    expect(imageUrl([], 124)).toBeNull();
  });
});
