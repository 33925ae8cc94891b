import { describe, expect, it } from 'vitest';
import { embedPath, readEmbedFilters } from './embed-url';

describe('the embed page address', () => {
  it('writes the filters chosen, leaving out the defaults', () => {
    expect(embedPath({ lang: 'fr' })).toBe('/embed?lang=fr');
    expect(
      embedPath({
        lang: 'en',
        view: 'list',
        category: 'cultural',
        bounds: { west: -73.987654, south: 45.4, east: -73.4, north: 45.7 },
        city: 'ignored with bounds',
        access: ['stepFree', 'asl'],
        q: ' jazz ',
        day: 'now',
      }),
    ).toBe(
      '/embed?lang=en&view=list&category=cultural&bounds=-73.9877%2C45.4%2C-73.4%2C45.7&access=stepFree%2Casl&q=jazz&day=now',
    );
    expect(embedPath({ lang: 'fr', city: 'Montréal' })).toBe('/embed?lang=fr&city=Montr%C3%A9al');
  });

  it('reads back what it wrote', () => {
    const filters = {
      lang: 'en',
      view: 'list',
      category: 'cultural',
      bounds: { west: -73.9, south: 45.4, east: -73.4, north: 45.7 },
      city: null,
      access: ['stepFree', 'asl'],
      q: 'jazz',
      day: '2030-03-01',
    } as const;
    expect(readEmbedFilters(embedPath(filters).split('?')[1] ?? '')).toEqual(filters);
  });

  it('drops what it cannot use, with the defaults: French, the map, today, everywhere', () => {
    expect(
      readEmbedFilters(
        '?lang=de&view=grid&category=Not%20a%20handle!&bounds=1,2,3&city=M&access=a b,,stepFree&day=tomorrow',
      ),
    ).toEqual({
      lang: 'fr',
      view: 'map',
      category: null,
      bounds: null,
      city: null,
      access: ['stepFree'],
      q: '',
      day: null,
    });
    expect(readEmbedFilters('?bounds=10,45,-10,46').bounds).toBeNull();
    expect(readEmbedFilters('?city=Québec&day=now')).toMatchObject({ city: 'Québec', day: 'now' });
  });
});
