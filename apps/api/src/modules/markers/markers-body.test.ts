import { decodeMarkers, markersResponseSchema } from '@evmap/contract/markers';
import { describe, expect, it } from 'vitest';
import type { MarkerRow } from './markers.repository';
import { markerImage, markersBody } from './markers.service';

const image = markerImage({ url: (key) => `/files/${key}` });

describe('markersBody: the answer written from the rows as PostgreSQL writes them', () => {
  const rows: MarkerRow[] = [
    [
      '7',
      '4550889',
      '-7356174',
      '3',
      'jazz-night',
      'Soirée "jazz" à l\'Olympia \\ 🎷',
      'e/a1',
      '{320,640}',
      '5',
      '1200',
    ],
    ['12', '4550000', '-7350000', null, 'b9f1c2d4', '', null, null, '0', '-1'],
    ['40', '-4512345', '0', '1', 'same-cover', 'Même image', 'e/a1', '{320,640}', '0', '0'],
  ];

  it('is valid JSON of the contract: delta ids, 1e-5 degrees, nulls, escaped titles, each cover once', () => {
    const json = JSON.parse(markersBody(rows, true, image));
    expect(markersResponseSchema.parse(json)).toEqual(json);
    expect(json).toEqual({
      capped: true,
      id: [7, 5, 28],
      lat: [4550889, 4550000, -4512345],
      lng: [-7356174, -7350000, 0],
      category: [3, null, 1],
      handle: ['jazz-night', 'b9f1c2d4', 'same-cover'],
      title: ['Soirée "jazz" à l\'Olympia \\ 🎷', '', 'Même image'],
      image: [0, -1, 0],
      images: [image('e/a1', [320, 640])],
      access: [5, 0, 0],
      start: [1200, -1, 0],
    });
    expect(decodeMarkers(json).map((m) => m.id)).toEqual([7, 12, 40]);
  });

  it('answers an empty tile', () => {
    expect(JSON.parse(markersBody([], false, image))).toEqual({
      capped: false,
      id: [],
      lat: [],
      lng: [],
      category: [],
      handle: [],
      title: [],
      image: [],
      images: [],
      access: [],
      start: [],
    });
  });
});
