import { describe, expect, it } from 'vitest';
import { imageUrl } from '@/lib/image-url';
import { clusterRadius, clusterSize, markerTitle, roundBoundsOutward } from './geo';

describe('map geometry', () => {
  it('rounds bounds outward to whole degrees', () => {
    expect(roundBoundsOutward({ northLat: 46.2, eastLng: -70.5, southLat: 45.8, westLng: -71.9 })).toEqual({
      northLat: 47,
      eastLng: -70,
      southLat: 45,
      westLng: -72,
    });
    expect(roundBoundsOutward({ northLat: 89.5, eastLng: 200, southLat: -95, westLng: -181 })).toEqual({
      northLat: 90,
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
