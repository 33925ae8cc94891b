import { describe, expect, it } from 'vitest';
import {
  nowWallClock,
  wallClockToInstant,
  wallClockToIso,
  zoneOffsetMinutes,
  zoneOffsetMinutesByIntl,
} from './wall-clock';

const ZONES = [
  'America/Toronto',
  'America/Vancouver',
  'America/St_Johns',
  'America/Regina',
  'America/Halifax',
  'Europe/Paris',
  'Asia/Kathmandu',
  'UTC',
];

describe('wall-clock times', () => {
  it('read zones from Temporal where the runtime has it, as Intl reads them', () => {
    // This runner starts Node.js with Temporal (vitest.config.ts), as browsers have it: the Temporal path is tested.
    expect(typeof (globalThis as { Temporal?: unknown }).Temporal).toBe('object');
    const start = Date.UTC(2026, 0, 1);
    for (const zone of ZONES) {
      // Every 10 h 7 min over a year: many minutes of the day, on every side of each change of time.
      for (let ms = start; ms < start + 365 * 86_400_000; ms += 607 * 60_000) {
        expect(zoneOffsetMinutes(ms, zone)).toBe(zoneOffsetMinutesByIntl(ms, zone));
      }
    }
  });

  it('give the offsets of the zones around a change of time', () => {
    // Toronto springs forward on 2026-03-08 at 2:00 (07:00 UTC).
    expect(zoneOffsetMinutes(Date.UTC(2026, 2, 8, 6, 59), 'America/Toronto')).toBe(-300);
    expect(zoneOffsetMinutes(Date.UTC(2026, 2, 8, 7, 0), 'America/Toronto')).toBe(-240);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'America/St_Johns')).toBe(-150);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'America/Regina')).toBe(-360);
  });

  it('refuse a zone that does not exist, with or without Temporal', () => {
    expect(() => zoneOffsetMinutes(Date.UTC(2026, 0, 1), 'America/Nowhere')).toThrow(RangeError);
    expect(() => zoneOffsetMinutesByIntl(Date.UTC(2026, 0, 1), 'America/Nowhere')).toThrow(RangeError);
  });

  it('convert between wall-clock times and instants in the event’s zone', () => {
    expect(nowWallClock('America/Toronto', Date.UTC(2026, 10, 30, 17, 5, 9))).toBe('2026-11-30 12:05:09');
    expect(wallClockToIso('2026-01-15 18:00:00', 'America/Toronto')).toBe('2026-01-15T18:00:00-05:00');
    expect(wallClockToIso('2026-07-15 18:00:00', 'America/Vancouver')).toBe('2026-07-15T18:00:00-07:00');
    // Skipped by the spring change: read with the offset before it, the instant of 03:30 after it.
    expect(wallClockToInstant('2026-03-08 02:30:00', 'America/Toronto').utcMs).toBe(Date.UTC(2026, 2, 8, 7, 30));
    // Repeated in the autumn: its first occurrence.
    expect(wallClockToInstant('2026-11-01 01:30:00', 'America/Toronto').offsetMinutes).toBe(-240);
  });
});
