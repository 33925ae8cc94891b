import '@evmap/contract/zod-setup';
import type { Event } from '@evmap/contract/events';
import { describe, expect, it } from 'vitest';
import { eventServerField, eventToValues, toEventBody } from './event-form-body';
import { eventFormSchema } from './event-form-schema';
import { newEventValues } from './event-form-values';

const date = { startDay: '2030-05-01', startTime: '19:00', endDay: '2030-05-01', endTime: '21:00' };

describe('the event form schema', () => {
  it('turns the screen values into the owner body the API takes', () => {
    const values = {
      ...newEventValues(date),
      titleFr: ' Fête ',
      phoneNumber: '5145550123',
      website: 'example.ca',
      images: [
        { imagePath: 'events/a', imageUrl: '/a.jpg' },
        { imagePath: 'events/b', imageUrl: '/b.jpg' },
      ],
      recurring: 'weekly' as const,
    };
    const body = eventFormSchema('owner').parse(values);
    expect(body).toMatchObject({
      titleFr: 'Fête',
      titleEn: null,
      phoneNumber: '5145550123',
      website: 'https://example.ca',
      images: [
        { imagePath: 'events/a', orderIdx: 0 },
        { imagePath: 'events/b', orderIdx: 1 },
      ],
      dates: [{ startDate: '2030-05-01 19:00:00', endDate: '2030-05-01 21:00:00' }],
      recurring: 'weekly',
      state: 'QC',
      country: 'CA',
    });
    expect(body).not.toHaveProperty('active');
    expect(toEventBody(values, 'admin-create')).toHaveProperty('active', true);
  });

  it('requires the French title and puts date rules on the time the user changes', () => {
    const result = eventFormSchema('owner').safeParse({
      ...newEventValues({ ...date, endTime: '19:00' }),
      titleFr: '   ',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toContainEqual(['dates.0.endTime', 'endTooSoon']);
  });

  it('asks an administrator editing for category, dates and address', () => {
    const result = eventFormSchema('admin-edit').safeParse({ ...newEventValues(date), titleFr: 'x', dates: [] });
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['categoryId', 'categoryRequired'],
        ['dates', 'datesRequired'],
        ['address', 'addressRequired'],
      ]),
    );
  });

  it('maps the API error keys to the form fields', () => {
    expect(eventServerField('dates.2.endDate')).toBe('dates.2.endTime');
    expect(eventServerField('dates.0.startDate')).toBe('dates.0.startTime');
    expect(eventServerField('images.1.imagePath')).toBe('images');
    expect(eventServerField('titleFr')).toBe('titleFr');
  });

  it('fills the form from an event, with the English fallbacks left empty', () => {
    const event = {
      titleFr: 'Fête',
      titleEn: 'Fête',
      descriptionFr: 'Texte',
      descriptionEn: 'Texte',
      categoryId: 2,
      price: null,
      phoneNumber: '5145550123',
      website: null,
      externalLink: null,
      images: [
        { imagePath: 'b', imageUrl: '/b', orderIdx: 1, formats: [] },
        { imagePath: 'a', imageUrl: '/a', orderIdx: 0, formats: [] },
      ],
      address: '1 rue X',
      city: 'Montréal',
      zipcode: null,
      state: 'QC',
      latitude: 45.5,
      longitude: -73.6,
      dates: [
        { startDate: '2030-05-08 19:00:00', endDate: '2030-05-08 21:00:00' },
        { startDate: '2030-05-01 19:00:00', endDate: null },
      ],
      recurring: null,
      active: true,
      creatorId: 4,
      accessibility: { stepFree: null, features: ['lsq'], noteFr: 'Rampe', noteEn: 'Rampe' },
    } as unknown as Event;
    const values = eventToValues(event);
    expect(values.titleEn).toBe('');
    expect(values.descriptionEn).toBe('');
    expect(values.images.map((i) => i.imagePath)).toEqual(['a', 'b']);
    expect(values.dates[0]).toEqual({
      startDay: '2030-05-01',
      startTime: '19:00',
      endDay: '2030-05-01',
      endTime: '20:00',
    });
    expect(values.dates[1]?.startDay).toBe('2030-05-08');
    expect(values.recurring).toBe('none');
    expect(values.accessibility).toEqual({ stepFree: 'unknown', features: ['lsq'], noteFr: 'Rampe', noteEn: '' });
  });
});
