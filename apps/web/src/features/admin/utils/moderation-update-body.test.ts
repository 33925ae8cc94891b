import '@evmap/contract/zod-setup';
import { adminUpdateEventBodySchema } from '@evmap/contract/events';
import { describe, expect, it } from 'vitest';
import { testEvent } from '@/test/fixtures';
import { toAdminUpdateBody } from './moderation-update-body';

describe('toAdminUpdateBody', () => {
  it('rebuilds the whole body of an event, which the admin update schema accepts', () => {
    const event = testEvent({
      id: 3,
      titleFr: 'Concert',
      titleEn: 'Concert',
      descriptionFr: 'Une soirée',
      descriptionEn: 'Une soirée',
      zipcode: 'H3G 1J5',
      phoneNumber: '5145550123',
      website: 'https://salle.ca',
      price: '20 $',
      recurring: 'weekly',
      creatorId: null,
      images: [
        { imagePath: 'events/b.jpg', imageUrl: '/uploads/events/b.jpg', orderIdx: 1, formats: [100] },
        { imagePath: 'events/a.jpg', imageUrl: '/uploads/events/a.jpg', orderIdx: 0, formats: [100] },
      ],
      dates: [
        { startDate: '2099-06-19 19:00:00', endDate: null },
        { startDate: '2099-06-12 19:00:00', endDate: '2099-06-12 21:00:00' },
      ],
    });
    const body = toAdminUpdateBody(event);
    // The English texts the API copies from the French ones are sent empty, so they keep following them.
    expect(body).toMatchObject({ titleEn: '', descriptionFr: 'Une soirée', descriptionEn: '' });
    expect(body.images).toEqual([
      { imagePath: 'events/a.jpg', orderIdx: 0 },
      { imagePath: 'events/b.jpg', orderIdx: 1 },
    ]);
    expect(body.dates?.map((date) => date.startDate)).toEqual(['2099-06-12 19:00:00', '2099-06-19 19:00:00']);
    // An unassigned event says so; otherwise the API would make it the administrator's.
    expect(body.creatorId).toBeNull();
    expect(body).toMatchObject({ active: true, recurring: 'weekly', zipcode: 'H3G 1J5', phoneNumber: '5145550123' });
    const parsed = adminUpdateEventBodySchema.parse({ ...body, active: false });
    expect(parsed).toMatchObject({ titleFr: 'Concert', titleEn: null, active: false, categoryId: 1, state: 'QC' });
  });

  it('keeps a distinct English title and the creator', () => {
    const body = toAdminUpdateBody(testEvent({ titleFr: 'Marché', titleEn: 'Market', creatorId: 9 }));
    expect(body).toMatchObject({ titleFr: 'Marché', titleEn: 'Market', creatorId: 9 });
  });
});
