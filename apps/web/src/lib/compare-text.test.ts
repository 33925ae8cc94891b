import { describe, expect, it } from 'vitest';
import { compareText } from './compare-text';

describe('compareText', () => {
  it('orders dates and wall-clock times as a collation does', () => {
    const values = ['2026-12-01 09:00:00', '', '2026-11-30 23:59:59', '2027-01-01 00:00:00', '2026-12-01 10:00:00'];
    expect([...values].sort(compareText)).toEqual([...values].sort((a, b) => a.localeCompare(b)));
    expect(compareText('2026-12-01', '2026-12-01')).toBe(0);
    expect(compareText('2026-12-01', '2026-12-02')).toBeLessThan(0);
    expect(compareText('2026-12-02', '2026-12-01')).toBeGreaterThan(0);
  });
});
