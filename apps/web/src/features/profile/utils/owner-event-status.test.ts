import { describe, expect, it } from 'vitest';
import { testEvent } from '@/test/fixtures';
import { ownerEventStatus } from './owner-event-status';

describe("an organiser's event status", () => {
  it('is on the map with a place and a date, else says what it lacks', () => {
    expect(ownerEventStatus(testEvent())).toEqual({ kind: 'onMap' });
    expect(ownerEventStatus(testEvent({ latitude: null, longitude: null }))).toEqual({
      kind: 'offMap',
      reason: 'place',
    });
    expect(ownerEventStatus(testEvent({ dates: [] }))).toEqual({ kind: 'offMap', reason: 'date' });
    expect(ownerEventStatus(testEvent({ latitude: 0, longitude: 0, dates: [] }))).toEqual({
      kind: 'offMap',
      reason: 'placeAndDate',
    });
  });

  it('is past before anything else, then inactive', () => {
    expect(ownerEventStatus(testEvent({ isPast: true, active: false, dates: [] }))).toEqual({ kind: 'past' });
    expect(ownerEventStatus(testEvent({ active: false, dates: [] }))).toEqual({ kind: 'inactive' });
  });
});
