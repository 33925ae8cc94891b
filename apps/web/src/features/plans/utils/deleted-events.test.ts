import type { Subscription } from '@evmap/contract/billing';
import { describe, expect, it } from 'vitest';
import { testEvent } from '@/test/fixtures';
import { deletionCutoff, eventsDeletedBy, eventsStartingAfter, firstStart } from './deleted-events';

// 12:00 in Montreal and Toronto (EST), 09:00 in Vancouver.
const RENEWAL = '2026-03-01T17:00:00.000Z';

const active: Subscription = {
  planType: 'complete',
  status: 'active',
  currentPeriodStart: '2026-02-01T17:00:00.000Z',
  currentPeriodEnd: RENEWAL,
  canceledAt: null,
  pastDueSince: null,
  graceEndsAt: null,
};

const at = (id: number, starts: string[], overrides: Parameters<typeof testEvent>[0] = {}) =>
  testEvent({ id, dates: starts.map((startDate) => ({ startDate, endDate: null })), ...overrides });

describe('firstStart', () => {
  it('is the earliest start, whatever the order of the dates, and null without dates', () => {
    expect(firstStart(at(1, ['2026-05-01 10:00:00', '2026-04-01 10:00:00']))).toBe('2026-04-01 10:00:00');
    expect(firstStart(at(1, ['2026-05-01 10:00']))).toBe('2026-05-01 10:00:00');
    expect(firstStart(at(1, []))).toBeNull();
  });
});

describe('eventsStartingAfter (the API rule: first start later than the renewal, in the event zone)', () => {
  it('keeps an event starting at the renewal instant and deletes one starting a second later', () => {
    const events = [at(1, ['2026-03-01 12:00:00']), at(2, ['2026-03-01 12:00:01']), at(3, ['2026-02-28 20:00:00'])];
    expect(eventsStartingAfter(events, RENEWAL).map((e) => e.id)).toEqual([2]);
  });

  it('compares whole seconds with the exact renewal instant, as PostgreSQL does', () => {
    const events = [at(1, ['2026-03-01 12:00:00']), at(2, ['2026-03-01 12:00:01'])];
    expect(eventsStartingAfter(events, '2026-03-01T17:00:00.500Z').map((e) => e.id)).toEqual([2]);
  });

  it('uses the first date only: an event that started before the renewal stays even with later dates', () => {
    const spanning = at(1, ['2026-03-20 19:00:00', '2026-02-20 19:00:00']);
    const later = at(2, ['2026-03-02 19:00:00', '2026-04-02 19:00:00']);
    expect(eventsStartingAfter([spanning, later], RENEWAL).map((e) => e.id)).toEqual([2]);
  });

  it("reads the renewal in each event's own zone", () => {
    const toronto = at(1, ['2026-03-01 09:30:00'], { timeZone: 'America/Toronto' });
    const vancouver = at(2, ['2026-03-01 09:30:00'], { timeZone: 'America/Vancouver' });
    const halifax = at(3, ['2026-03-01 12:30:00'], { timeZone: 'America/Halifax' });
    expect(eventsStartingAfter([toronto, vancouver, halifax], RENEWAL).map((e) => e.id)).toEqual([2]);
  });

  it('follows daylight saving time at the renewal date', () => {
    // 16:00 UTC on 1 July is 12:00 in Toronto (EDT).
    const events = [at(1, ['2026-07-01 12:00:00']), at(2, ['2026-07-01 12:15:00'])];
    expect(eventsStartingAfter(events, '2026-07-01T16:00:00Z').map((e) => e.id)).toEqual([2]);
  });

  it('never counts undated or deleted events, and nothing for an invalid date', () => {
    const undated = at(1, []);
    const deleted = at(2, ['2027-01-01 10:00:00'], { deletedAt: '2026-01-01T00:00:00Z' });
    expect(eventsStartingAfter([undated, deleted], RENEWAL)).toEqual([]);
    expect(eventsStartingAfter([at(3, ['2027-01-01 10:00:00'])], 'not a date')).toEqual([]);
  });
});

describe('deletionCutoff (which changes delete events)', () => {
  it('is the renewal date when leaving a live complete subscription for unit, canceled, the trial or nothing', () => {
    for (const to of ['unit', 'canceled', 'trial', null] as const) {
      expect(deletionCutoff('complete', to, active)).toBe(RENEWAL);
    }
    expect(deletionCutoff('complete', 'canceled', { ...active, status: 'past_due' })).toBe(RENEWAL);
  });

  it('is null when staying on complete, moving to free-complete, or not leaving complete', () => {
    expect(deletionCutoff('complete', 'complete', active)).toBeNull();
    expect(deletionCutoff('complete', 'free-complete', active)).toBeNull();
    for (const from of ['trial', 'unit', 'canceled', 'free-complete', null] as const) {
      expect(deletionCutoff(from, 'canceled', active)).toBeNull();
    }
  });

  it('is null for a complete plan without a live subscription (no renewal date)', () => {
    expect(deletionCutoff('complete', 'canceled', null)).toBeNull();
    expect(deletionCutoff('complete', 'canceled', { ...active, currentPeriodEnd: null })).toBeNull();
    expect(deletionCutoff('complete', 'canceled', { ...active, status: 'canceled' })).toBeNull();
  });
});

describe('eventsDeletedBy', () => {
  it('lists the later events when leaving complete, none otherwise', () => {
    const events = [at(1, ['2026-02-20 19:00:00']), at(2, ['2026-03-10 19:00:00'])];
    expect(eventsDeletedBy('complete', 'unit', active, events).map((e) => e.id)).toEqual([2]);
    expect(eventsDeletedBy('unit', 'canceled', active, events)).toEqual([]);
    expect(eventsDeletedBy('complete', 'free-complete', active, events)).toEqual([]);
  });
});
