/**
 * Event dates are stored as wall-clock times at the event's place ('YYYY-MM-DD HH:mm:ss').
 * Calendars and search engines need instants: these helpers convert with the IANA rules of the event's zone, read
 * from Temporal where the runtime has it (browsers), else from Intl (Node.js). In a browser the first Intl formatter
 * of a page loads ICU's locale data (40 to 100 ms of main thread; over 300 ms on Lighthouse's simulated phone) and
 * the organiser's lists, the event form and the plans page ask the time in an event's zone on their first render;
 * Temporal answers in well under a millisecond.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The part of Temporal these helpers use. */
type TemporalZones = {
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(zone: string): { offsetNanoseconds: number } } };
};

const temporal = (globalThis as { Temporal?: Partial<TemporalZones> }).Temporal;

/** Offset of `timeZone` from UTC at the instant `utcMs`, in minutes (e.g. -300 for Toronto in winter). */
export function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
  if (temporal?.Instant) {
    try {
      const zoned = temporal.Instant.fromEpochMilliseconds(Math.floor(utcMs / 1000) * 1000).toZonedDateTimeISO(
        timeZone,
      );
      return Math.round(zoned.offsetNanoseconds / 60_000_000_000);
    } catch {
      // An instant or a zone Temporal refuses: Intl answers (or throws its RangeError, as without Temporal).
    }
  }
  return zoneOffsetMinutesByIntl(utcMs, timeZone);
}

/** `zoneOffsetMinutes` from an Intl formatter of the zone (the runtimes without Temporal). */
export function zoneOffsetMinutesByIntl(utcMs: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(utcMs))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The wall-clock value read as if it were UTC (milliseconds), or NaN when malformed. */
function wallClockAsUtc(wallClock: string): number {
  const m = WALL_CLOCK.exec(wallClock.trim());
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
}

/**
 * The instant of a wall-clock time in `timeZone`, with its offset in minutes.
 * A time skipped by the spring change resolves with the offset before the change (02:30 -> 03:30);
 * a repeated autumn hour resolves to its first occurrence.
 */
export function wallClockToInstant(wallClock: string, timeZone: string): { utcMs: number; offsetMinutes: number } {
  const local = wallClockAsUtc(wallClock);
  if (Number.isNaN(local)) throw new RangeError(`invalid wall-clock time: ${wallClock}`);
  const before = zoneOffsetMinutes(local - 86_400_000, timeZone);
  const after = zoneOffsetMinutes(local + 86_400_000, timeZone);
  // The offset in force before a change first, so a repeated hour maps to its first occurrence.
  for (const offset of [before, after]) {
    const utcMs = local - offset * 60_000;
    if (zoneOffsetMinutes(utcMs, timeZone) === offset) return { utcMs, offsetMinutes: offset };
  }
  return { utcMs: local - before * 60_000, offsetMinutes: before };
}

function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** ISO 8601 local time with the zone's offset: '2025-01-15 18:00:00' -> '2025-01-15T18:00:00-05:00'. */
export function wallClockToIso(wallClock: string, timeZone: string): string {
  const { utcMs, offsetMinutes } = wallClockToInstant(wallClock, timeZone);
  const local = new Date(utcMs + offsetMinutes * 60_000).toISOString().slice(0, 19);
  return `${local}${offsetText(offsetMinutes)}`;
}

/** The current wall-clock time in `timeZone`, 'YYYY-MM-DD HH:mm:ss' (comparable as text with stored dates). */
export function nowWallClock(timeZone: string, nowMs = Date.now()): string {
  const offset = zoneOffsetMinutes(nowMs, timeZone);
  return new Date(nowMs + offset * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}
