import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/feed-server';
import { icalendarConnector } from './icalendar';
import { jsonLdConnector } from './json-ld';
import { CKAN_PAGES_MAX, montrealCkanConnector } from './montreal-ckan';
import { montrealCsvConnector } from './montreal-csv';
import { montrealGeojsonConnector } from './montreal-geojson';
import { torontoJsonConnector } from './toronto-json';
import { FeedError, type ImportedRecord } from './types';

const context = {
  now: new Date('2027-03-01T12:00:00Z'),
  timeZone: 'America/Toronto',
  categoryOf: (category?: string) => (['musique', 'exposition'].includes(category?.toLowerCase() ?? '') ? 7 : null),
};
const byId = (records: ImportedRecord[]) => new Map(records.map((r) => [r.externalId, r]));
const hhmm = (records: ImportedRecord[], id: string) =>
  byId(records)
    .get(id)
    ?.event?.dates.map((d) => `${d.startDate}/${d.endDate}`);

describe('the iCalendar connector', () => {
  const records = icalendarConnector.parse(fixture('venue.ics'), context);

  it('expands a weekly series with its EXDATE, a moved and a cancelled occurrence, in the VTIMEZONE', () => {
    // 03-11 excluded, 03-18 moved to 20:00, 03-25 cancelled; 19:00 stays 19:00 across the DST change of 03-14.
    expect(hhmm(records, 'jazz-weekly@salle.example')).toEqual([
      '2027-03-04 19:00:00/2027-03-04 21:30:00',
      '2027-03-18 20:00:00/2027-03-18 22:30:00',
      '2027-04-01 19:00:00/2027-04-01 21:30:00',
      '2027-04-08 19:00:00/2027-04-08 21:30:00',
    ]);
    expect(byId(records).get('jazz-weekly@salle.example')?.event).toMatchObject({
      titleFr: 'Soirée jazz',
      descriptionFr: 'Un quartet chaque jeudi.',
      address: '1234 rue Saint-Denis, Montréal',
      latitude: 45.52,
      longitude: -73.57,
      externalLink: 'https://salle.example/jazz',
      categoryId: 7,
    });
  });

  it('writes UTC times and other zones as wall-clock in the events’ zone', () => {
    expect(hhmm(records, 'conference-utc@salle.example')).toEqual(['2027-03-05 18:00:00/2027-03-05 20:00:00']);
    expect(hhmm(records, 'paris@salle.example')).toEqual(['2027-03-12 14:00:00/2027-03-12 16:00:00']);
    expect(hhmm(records, 'festival@salle.example')).toEqual([
      '2027-03-20 00:00:00/2027-03-20 23:45:00',
      '2027-03-21 00:00:00/2027-03-21 23:45:00',
    ]);
  });

  it('keeps an event without GEO with its LOCATION and no coordinates', () => {
    expect(byId(records).get('conference-utc@salle.example')?.event).toMatchObject({
      address: 'Bibliothèque centrale, Québec',
      latitude: null,
      longitude: null,
    });
  });

  it('rejects cancelled events and records without a UID or a title, with their reason', () => {
    expect(records.filter((r) => r.rejection).map((r) => [r.externalId, r.rejection])).toEqual([
      [null, 'noStableId'],
      ['annule@salle.example', 'cancelled'],
      ['sans-titre@salle.example', 'titleFr: titleRequired'],
    ]);
  });

  it('keeps only the next 60 days', () => {
    const later = { ...context, now: new Date('2027-04-05T12:00:00Z') };
    expect(hhmm(icalendarConnector.parse(fixture('venue.ics'), later), 'jazz-weekly@salle.example')).toEqual([
      '2027-04-08 19:00:00/2027-04-08 21:30:00',
    ]);
  });

  it('refuses a truncated or malformed file as a whole', () => {
    const whole = fixture('venue.ics').toString();
    expect(() => icalendarConnector.parse(Buffer.from(whole.slice(0, 1500)), context)).toThrow(FeedError);
    expect(() => icalendarConnector.parse(Buffer.from('<html>Not found</html>'), context)).toThrow(FeedError);
  });
});

describe('a JSON-LD event’s eventSchedule', () => {
  const datesOf = (eventSchedule: unknown) => {
    const document = {
      '@type': 'Event',
      '@id': 'https://salle.example/e/1',
      name: 'Atelier',
      startDate: '2027-03-02',
      location: 'Salle',
      eventSchedule,
    };
    const [record] = jsonLdConnector.parse(Buffer.from(JSON.stringify(document)), context);
    return record?.event?.dates.map((d) => `${d.startDate}/${d.endDate}`) ?? record?.rejection;
  };

  it('repeats weekly on byDay, skips exceptDate, keeps the wall-clock across the DST change', () => {
    expect(
      datesOf({
        '@type': 'Schedule',
        startDate: '2027-03-01',
        endDate: '2027-03-20',
        repeatFrequency: 'P1W',
        byDay: ['https://schema.org/Tuesday', 'http://schema.org/Thursday'],
        startTime: '19:30:00',
        endTime: '21:00:00',
        exceptDate: '2027-03-11',
        scheduleTimezone: 'America/Toronto',
      }),
    ).toEqual([
      '2027-03-02 19:30:00/2027-03-02 21:00:00',
      '2027-03-04 19:30:00/2027-03-04 21:00:00',
      '2027-03-09 19:30:00/2027-03-09 21:00:00',
      '2027-03-16 19:30:00/2027-03-16 21:00:00',
      '2027-03-18 19:30:00/2027-03-18 21:00:00',
    ]);
  });

  it('repeats daily from past days, in the schedule’s zone, an end before the start the next day', () => {
    // 22:00–01:00 in Paris (UTC+1) is 16:00–19:00 in Toronto (UTC−5); days already over are left out.
    expect(
      datesOf({
        startDate: '2027-02-20',
        endDate: '2027-03-03',
        repeatFrequency: 'P1D',
        startTime: '22:00',
        endTime: '01:00',
        scheduleTimezone: 'Europe/Paris',
      }),
    ).toEqual([
      '2027-03-01 16:00:00/2027-03-01 19:00:00',
      '2027-03-02 16:00:00/2027-03-02 19:00:00',
      '2027-03-03 16:00:00/2027-03-03 19:00:00',
    ]);
  });

  it('makes whole days without a time, repeatCount times, and several schedules one list of dates', () => {
    const fridays = { startDate: '2027-03-05', repeatFrequency: 'P1W', repeatCount: 2 };
    const monday = { startDate: '2027-03-08', startTime: '10:00', duration: 'PT1H30M' };
    expect(datesOf([fridays, monday])).toEqual([
      '2027-03-05 00:00:00/2027-03-05 23:45:00',
      '2027-03-08 10:00:00/2027-03-08 11:30:00',
      '2027-03-12 00:00:00/2027-03-12 23:45:00',
    ]);
  });

  it('keeps only the import window, and rejects a schedule with nothing in it', () => {
    const weekly = { startDate: '2027-01-01', repeatFrequency: 'weekly', byDay: 'MO', startTime: '18:00' };
    const dates = datesOf(weekly) as string[];
    expect(dates[0]).toBe('2027-03-01 18:00:00/null');
    expect(dates.at(-1)).toBe('2027-04-26 18:00:00/null');
    expect(dates).toHaveLength(9);
    expect(datesOf({ startDate: '2026-01-01', endDate: '2026-06-01', repeatFrequency: 'P1D' })).toBe('noUpcomingDates');
  });
});

describe('pictures of the records', () => {
  it('takes an iCalendar event’s first ATTACH that is a picture, by its media type or its URL', () => {
    const calendar = (...attach: string[]) =>
      Buffer.from(
        [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'BEGIN:VEVENT',
          'UID:a@test',
          'DTSTART:20270310T230000Z',
          'SUMMARY:Concert',
          ...attach,
          'END:VEVENT',
          'END:VCALENDAR',
        ].join('\r\n'),
      );
    const imageOf = (...attach: string[]) => icalendarConnector.parse(calendar(...attach), context)[0]?.imageUrl;
    expect(
      imageOf(
        'ATTACH;FMTTYPE=application/pdf:https://salle.example/programme.pdf',
        'ATTACH;ENCODING=BASE64;VALUE=BINARY;FMTTYPE=image/png:iVBORw0KGgo=',
        'ATTACH;FMTTYPE=image/jpeg:https://salle.example/affiche',
        'ATTACH:https://salle.example/autre.png',
      ),
    ).toBe('https://salle.example/affiche');
    expect(imageOf('ATTACH:https://salle.example/photo.JPG?v=2')).toBe('https://salle.example/photo.JPG?v=2');
    expect(imageOf('ATTACH:https://salle.example/page', 'ATTACH;FMTTYPE=image/png:ftp://x.example/a.png')).toBe(
      undefined,
    );
  });

  it('takes a JSON-LD event’s image: a URL or an ImageObject', () => {
    const event = (image: unknown) =>
      Buffer.from(
        JSON.stringify({
          '@type': 'Event',
          '@id': 'https://theatre.example/e/1',
          name: 'Pièce',
          startDate: '2027-03-09T19:30:00-05:00',
          location: 'Théâtre',
          image,
        }),
      );
    const imageOf = (image: unknown) => jsonLdConnector.parse(event(image), context)[0]?.imageUrl;
    expect(imageOf(['https://theatre.example/a.jpg', 'https://theatre.example/b.jpg'])).toBe(
      'https://theatre.example/a.jpg',
    );
    expect(imageOf({ '@type': 'ImageObject', contentUrl: 'https://theatre.example/c.png' })).toBe(
      'https://theatre.example/c.png',
    );
    expect(imageOf('data:image/png;base64,xyz')).toBe(undefined);
  });
});

describe('the Montréal "Événements publics" connector', () => {
  let records: ImportedRecord[];
  beforeAll(async () => {
    records = await montrealCsvConnector.parse(fixture('montreal.csv'), context);
  });

  it('maps a row: the trailing number of url_fiche, the address, the coordinates, the price', () => {
    expect(byId(records).get('51234')?.event).toMatchObject({
      titleFr: 'Heure du conte',
      address: 'Bibliothèque du Mile End, 5434, avenue du Parc',
      city: 'Montréal',
      zipcode: 'H2V 4G7',
      latitude: 45.5235,
      longitude: -73.6004,
      price: 'Gratuit',
      externalLink: 'https://montreal.ca/evenements/heure-du-conte-51234',
      dates: [{ startDate: '2027-03-06 10:00:00', endDate: '2027-03-06 11:00:00' }],
    });
  });

  it('turns a span of days into one date a day, and keeps a row without coordinates', () => {
    expect(hhmm(records, '51235')).toHaveLength(4);
    expect(byId(records).get('51235')?.event).toMatchObject({ latitude: null, longitude: null, categoryId: 7 });
  });

  it('rejects online events and bad rows, with their reason, and imports the others', () => {
    expect(records.filter((r) => r.rejection).map((r) => [r.externalId, r.rejection])).toEqual([
      ['51236', 'online'],
      ['51237', 'date_debut: dateTimeFormat'],
      [null, 'noStableId'],
      ['51238', 'titleFr: titleRequired'],
    ]);
    expect(records.filter((r) => r.event)).toHaveLength(2);
  });

  it('refuses a truncated file or another table as a whole', async () => {
    const whole = fixture('montreal.csv').toString();
    const cut = whole.slice(0, whole.indexOf('Des histoires') + 5);
    await expect(montrealCsvConnector.parse(Buffer.from(cut), context)).rejects.toThrow(FeedError);
    await expect(montrealCsvConnector.parse(Buffer.from('a,b\n1,2\n'), context)).rejects.toThrow(
      'not the "Événements publics" columns',
    );
  });
});

describe('the Montréal "Événements publics" GeoJSON connector', () => {
  const records = montrealGeojsonConnector.parse(fixture('montreal.geojson'), context);

  it('maps a feature as the CSV maps a row, its Point geometry preferred to lat/long', async () => {
    const csv = byId(await montrealCsvConnector.parse(fixture('montreal.csv'), context)).get('51234')?.event;
    expect(byId(records).get('51234')?.event).toEqual(csv);
    expect(byId(records).get('51234')?.event).toMatchObject({ latitude: 45.5235, longitude: -73.6004 });
  });

  it('falls back to lat/long without a geometry, and keeps a feature with neither', () => {
    expect(byId(records).get('51235')?.event).toMatchObject({
      latitude: 45.5152,
      longitude: -73.5613,
      categoryId: 7,
      address: 'Maison de la culture, 1550, rue Sanguinet',
    });
    expect(hhmm(records, '51235')).toHaveLength(4);
    expect(byId(records).get('51239')?.event).toMatchObject({
      address: 'Parc Jarry',
      latitude: null,
      longitude: null,
      dates: [{ startDate: '2027-03-09 18:00:00', endDate: null }],
    });
  });

  it('rejects online events and bad features, with their reason', () => {
    expect(records.filter((r) => r.rejection).map((r) => [r.externalId, r.rejection])).toEqual([
      ['51236', 'online'],
      ['51237', 'date_debut: dateTimeFormat'],
    ]);
  });

  it('refuses a cut file, another shape or another table as a whole', () => {
    const whole = fixture('montreal.geojson').toString();
    expect(() => montrealGeojsonConnector.parse(Buffer.from(whole.slice(0, 900)), context)).toThrow(FeedError);
    expect(() => montrealGeojsonConnector.parse(Buffer.from('{"features":{}}'), context)).toThrow(FeedError);
    const other =
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"nom":"x"},"geometry":null}]}';
    expect(() => montrealGeojsonConnector.parse(Buffer.from(other), context)).toThrow(
      'not the "Événements publics" columns',
    );
  });
});

describe('the Montréal CKAN datastore_search connector', () => {
  const record = { titre: 'Atelier', url_fiche: 'https://montreal.ca/evenements/a-1', date_debut: '2027-03-09T18:00' };
  const answer = (records: unknown[], total: number, next?: string) =>
    Buffer.from(JSON.stringify({ success: true, result: { records, total, _links: { next } } }));

  it('stops at CKAN_PAGES_MAX pages, refusing a feed that needs more', async () => {
    const asked: string[] = [];
    const fetch = async (url: string) => {
      asked.push(url);
      return { url, body: answer([record], 1_000_000, `/api/3/action/datastore_search?offset=${asked.length}`) };
    };
    const reading = montrealCkanConnector.fetchRecords!(fetch, 'https://donnees.example/api/3/action/x?a=1', context);
    await expect(reading).rejects.toThrow(`more than ${CKAN_PAGES_MAX} pages (1000000 records announced)`);
    expect(asked).toHaveLength(CKAN_PAGES_MAX);
    expect(asked[0]).toBe('https://donnees.example/api/3/action/x?a=1&limit=1000&offset=0');
    expect(asked[1]).toBe('https://donnees.example/api/3/action/datastore_search?offset=1');
  });

  it('moves the offset on by hand without a next link, and refuses another shape', async () => {
    const asked: string[] = [];
    const fetch = async (url: string) => {
      asked.push(url);
      return { url, body: answer([record], 2) };
    };
    const records = await montrealCkanConnector.fetchRecords!(fetch, 'https://d.example/ds?limit=1', context);
    expect(records).toHaveLength(2);
    expect(asked).toEqual(['https://d.example/ds?limit=1&offset=0', 'https://d.example/ds?limit=1&offset=1']);
    expect(() => montrealCkanConnector.parse(Buffer.from('{"success":true,"result":{}}'), context)).toThrow(FeedError);
    expect(() =>
      montrealCkanConnector.parse(Buffer.from('{"success":true,"result":{"records":[{"x":1}],"total":1}}'), context),
    ).toThrow('not the "Événements publics" columns');
  });
});

describe('the Toronto "Festivals & Events" connector', () => {
  const records = torontoJsonConnector.parse(fixture('toronto.json'), context);

  it('maps an item: its id, its first location, its price, local and UTC times as wall-clock in Toronto', () => {
    expect(byId(records).get('90001')?.event).toMatchObject({
      titleFr: 'Winterlicious Kick-off',
      address: 'Nathan Phillips Square, 100 Queen St W, Toronto, ON M5H 2N2',
      city: 'Toronto',
      state: 'ON',
      price: '25',
      externalLink: 'https://www.toronto.ca/winterlicious',
      latitude: null,
      dates: [{ startDate: '2027-03-05 18:00:00', endDate: '2027-03-05 21:00:00' }],
    });
    expect(byId(records).get('90002')?.event).toMatchObject({
      price: 'Free',
      dates: [{ startDate: '2027-03-10 18:30:00', endDate: '2027-03-10 20:00:00' }],
    });
    expect(hhmm(records, '90003')).toEqual([
      '2027-03-20 00:00:00/2027-03-20 23:45:00',
      '2027-03-21 00:00:00/2027-03-21 23:45:00',
    ]);
  });

  it('rejects items without a date or an id, and refuses another shape or a cut file', () => {
    expect(records.filter((r) => r.rejection).map((r) => [r.externalId, r.rejection])).toEqual([
      ['90004', 'event_startdate: dateTimeFormat'],
      [null, 'noStableId'],
    ]);
    const whole = fixture('toronto.json').toString();
    expect(() => torontoJsonConnector.parse(Buffer.from(whole.slice(0, 400)), context)).toThrow(FeedError);
    expect(() => torontoJsonConnector.parse(Buffer.from('[1,2]'), context)).toThrow(FeedError);
  });
});

describe('the schema.org JSON-LD connector', () => {
  const records = jsonLdConnector.parse(fixture('venue-events.html'), context);

  it('reads every Event of the page’s blocks: French texts, the place, its coordinates, the offer', () => {
    expect(byId(records).get('https://theatre.example/spectacles/42')?.event).toMatchObject({
      titleFr: 'Le Misanthrope',
      address: 'Théâtre Test, 84 rue Sainte-Catherine O',
      city: 'Montréal',
      zipcode: 'H2X 1Z6',
      latitude: 45.5087,
      longitude: -73.5665,
      price: '35',
      categoryId: null,
      dates: [{ startDate: '2027-03-09 19:30:00', endDate: '2027-03-09 21:30:00' }],
    });
    expect(byId(records).get('https://theatre.example/spectacles/44')?.event).toMatchObject({
      titleFr: 'Matinée musicale',
      price: 'Gratuit',
      latitude: null,
      dates: [{ startDate: '2027-03-14 00:00:00', endDate: '2027-03-14 23:45:00' }],
    });
  });

  it('rejects a cancelled event and refuses a page without JSON-LD or with a cut block', () => {
    expect(records.filter((r) => r.rejection).map((r) => [r.externalId, r.rejection])).toEqual([
      ['https://theatre.example/spectacles/43', 'cancelled'],
    ]);
    expect(() => jsonLdConnector.parse(Buffer.from('<html><body>Rien</body></html>'), context)).toThrow(FeedError);
    const page = fixture('venue-events.html').toString();
    const cut = page.replace('"name": "Spectacle annulé",', '"name": "Spectacle annulé",,');
    expect(() => jsonLdConnector.parse(Buffer.from(cut), context)).toThrow(FeedError);
  });
});
