/**
 * iCalendar (RFC 5545) for a shared event: one VEVENT per date, times in UTC computed from the
 * wall-clock dates of the event's zone, text escaped, lines folded at 75 octets with CRLF endings.
 */

import { wallClockToInstant } from '@evmap/contract/wall-clock';
import type { SharedEventView } from './shared-event.presenter';
import type { SharedEvent } from './sharing.repository';

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line so that no line exceeds 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/** UTC DATE-TIME form: 20250115T230000Z. */
export function icsUtc(utcMs: number): string {
  return new Date(utcMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const utcOf = (wallClock: string, timeZone: string) => icsUtc(wallClockToInstant(wallClock, timeZone).utcMs);

export function buildIcs(event: SharedEvent, view: SharedEventView): string {
  const stamp = icsUtc(Date.parse(event.updatedAt));
  const description = [view.description, view.canonicalUrl].filter(Boolean).join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//EventMap//EventMap 1.0//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(view.title)}`,
  ];
  event.dates.forEach((date, index) => {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uuid}-${index + 1}@evmap`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcOf(date.startDate, event.timeZone)}`,
    );
    if (date.endDate) lines.push(`DTEND:${utcOf(date.endDate, event.timeZone)}`);
    lines.push(`SUMMARY:${escapeText(view.title)}`, `DESCRIPTION:${escapeText(description)}`);
    if (view.placeText) lines.push(`LOCATION:${escapeText(view.placeText)}`);
    if (event.latitude !== null && event.longitude !== null) lines.push(`GEO:${event.latitude};${event.longitude}`);
    lines.push(`URL:${view.canonicalUrl}`, 'END:VEVENT');
  });
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
