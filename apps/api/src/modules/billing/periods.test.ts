import { describe, expect, it } from 'vitest';
import { addMonths, nextPeriodEnd } from './periods';

const d = (iso: string) => new Date(iso);

describe('billing periods', () => {
  it('adds calendar months, clamping to the last day', () => {
    expect(addMonths(d('2026-01-31T15:00:00Z'), 1).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(addMonths(d('2026-01-31T15:00:00Z'), 2).toISOString()).toBe('2026-03-31T15:00:00.000Z');
    expect(addMonths(d('2026-11-21T10:00:00Z'), 2).toISOString()).toBe('2027-01-21T10:00:00.000Z');
    expect(addMonths(d('2028-01-29T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('finds the next anniversary of the anchor, without drifting', () => {
    const anchor = d('2026-01-31T15:00:00Z');
    expect(nextPeriodEnd(anchor, anchor).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(nextPeriodEnd(anchor, d('2026-02-28T15:00:00Z')).toISOString()).toBe('2026-03-31T15:00:00.000Z');
    expect(nextPeriodEnd(anchor, d('2026-07-04T00:00:00Z')).toISOString()).toBe('2026-07-31T15:00:00.000Z');
    expect(nextPeriodEnd(anchor, d('2027-01-31T15:00:00Z')).toISOString()).toBe('2027-02-28T15:00:00.000Z');
  });
});
