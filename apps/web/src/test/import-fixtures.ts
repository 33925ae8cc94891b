/** Sources and runs as the API answers them, for the DOM tests of the Sources screens. */
import type { ImportRun, ImportSource } from '@evmap/contract/import';

/** A finished run: 3 new, 1 updated, 2 rejected (with their reasons). */
export function testRun(overrides: Partial<ImportRun> = {}): ImportRun {
  return {
    id: 1,
    sourceId: 3,
    status: 'succeeded',
    startedAt: '2026-11-20T14:00:00.000Z',
    finishedAt: '2026-11-20T14:00:05.000Z',
    counts: { created: 3, updated: 1, unchanged: 0, removed: 0, rejected: 2, linked: 0 },
    error: null,
    rejections: [
      { externalId: 'uid-9', reason: 'No start date' },
      { externalId: null, reason: 'No title' },
    ],
    ...overrides,
  };
}

/** An active iCalendar source run daily, whose last run is `testRun()`. */
export function testSource(overrides: Partial<ImportSource> = {}): ImportSource {
  return {
    id: 3,
    name: 'Maison de la culture',
    kind: 'icalendar',
    url: 'https://example.ca/agenda.ics',
    schedule: 'daily',
    language: 'fr',
    ownerId: 7,
    ownerEmail: 'ville@example.ca',
    defaultCategoryId: 2,
    categoryMapping: { Concert: 2 },
    licence: 'CC BY 4.0',
    attribution: 'Ville de Montréal',
    publishAtOnce: false,
    paused: false,
    nextRunAt: '2026-11-21T14:00:00.000Z',
    createdAt: '2026-11-01T14:00:00.000Z',
    updatedAt: '2026-11-01T14:00:00.000Z',
    eventCount: 4,
    lastRun: testRun(),
    ...overrides,
  };
}
