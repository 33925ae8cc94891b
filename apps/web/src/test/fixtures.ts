/** Users and events for component tests, complete as the contract describes them. */

import type { Event } from '@evmap/contract/events';
import type { Marker } from '@evmap/contract/marker-tiles';
import type { User } from '@evmap/contract/users';

/** A signed-in user; an event-manager on an active trial unless `overrides` say otherwise. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Salle Bourgie',
    email: 'salle@example.ca',
    unverifiedEmail: null,
    preferredLang: 'en',
    type: 'event-manager',
    isAdmin: false,
    phoneNumber: null,
    website: null,
    address: null,
    city: null,
    zipcode: null,
    state: null,
    country: null,
    billingAddress: null,
    billingCity: null,
    billingZipcode: null,
    billingState: null,
    billingCountry: null,
    planType: 'trial',
    trialEndedAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    acceptTerms: true,
    acceptCommunications: false,
    imagePath: null,
    imageUrl: null,
    deletedAt: null,
    ...overrides,
  };
}

/** An active, upcoming event in Quebec with one date in 2099 and no image. */
export function testEvent(overrides: Partial<Event> = {}): Event {
  const id = overrides.id ?? 1;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    handle: `event-${id}`,
    active: true,
    titleFr: `Événement ${id}`,
    titleEn: `Event ${id}`,
    descriptionFr: null,
    descriptionEn: null,
    categoryId: 1,
    address: '1339 rue Sherbrooke O',
    city: 'Montréal',
    zipcode: null,
    state: 'QC',
    country: 'CA',
    latitude: 45.5,
    longitude: -73.6,
    price: null,
    phoneNumber: null,
    website: null,
    externalLink: null,
    images: [],
    dates: [{ startDate: '2099-06-12 19:00:00', endDate: '2099-06-12 21:00:00' }],
    recurring: null,
    creatorId: 7,
    signaledCount: 0,
    deletedAt: null,
    externalSource: null,
    externalId: null,
    eventStatCount: { viewCount: 0 },
    timeZone: 'America/Toronto',
    isPast: false,
    accessibility: { stepFree: null, features: [], noteFr: null, noteEn: null },
    untranslated: { en: [], fr: [] },
    ...overrides,
  };
}

/** A marker of the map's marker answers (`title` in the answer's language), near Montréal unless told otherwise. */
export function testMarker(overrides: Partial<Marker> = {}): Marker {
  const id = overrides.id ?? 1;
  return {
    id,
    latitude: 45.5,
    longitude: -73.6,
    categoryId: 1,
    handle: `event-${id}`,
    title: `Event ${id}`,
    image: '',
    access: 0,
    start: 18 * 60,
    ...overrides,
  };
}
