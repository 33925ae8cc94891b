import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

const NOON_UTC = new Date('2026-11-21T12:00:00Z');

describe('formatDate', () => {
  it('uses the fr-ca and en-ca date locales', () => {
    expect(formatDate(NOON_UTC, 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe('21 novembre 2026');
    expect(formatDate(NOON_UTC, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('November 21, 2026');
  });

  it('writes short dates the Canadian way', () => {
    expect(formatDate(NOON_UTC, 'fr', { dateStyle: 'short', timeZone: 'UTC' })).toBe('2026-11-21');
    expect(formatDate('2026-11-21T12:00:00Z', 'en', { dateStyle: 'short', timeZone: 'UTC' })).toBe('2026-11-21');
  });
});
