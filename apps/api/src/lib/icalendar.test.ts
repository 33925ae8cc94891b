/** How dates become one VEVENT (RRULE with EXDATEs, or RDATEs, and overrides), read back by ical.js. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { recurrenceOf, type WallClockDate, writeCalendar } from './icalendar';

const at = (day: string, time = '19:00:00', hours: number | null = 2): WallClockDate => ({
  startDate: `${day} ${time}`,
  endDate:
    hours === null ? null : `${day} ${String(Number(time.slice(0, 2)) + hours).padStart(2, '0')}${time.slice(2)}`,
});

/** The starts ical.js expands from the one VEVENT written for `dates`, wall-clock. */
function expanded(dates: WallClockDate[]): string[] {
  const text = writeCalendar({ name: 'Test' }, [
    {
      uid: 'u@evmap',
      sequence: 0,
      updatedAt: new Date(0),
      title: 'Test',
      description: null,
      location: null,
      geo: null,
      url: 'https://evmap.example/events/test',
      timeZone: 'America/Toronto',
      dates,
    },
  ]);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const master = calendar.getAllSubcomponents('vevent').find((c) => !c.hasProperty('recurrence-id'))!;
  const event = new ICAL.Event(master);
  const starts: string[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && starts.length < 500; next = iterator.next()) {
    starts.push(next.toString().replace('T', ' '));
  }
  return starts;
}

describe('recurrenceOf', () => {
  it('a single date: no recurrence', () => {
    expect(recurrenceOf([at('2027-01-05')])).toEqual({ rule: null, exdates: [], rdates: [], overrides: [] });
  });

  it('daily, weekly and every other week: a rule, holes as exceptions', () => {
    const daily = ['2027-01-05', '2027-01-06', '2027-01-07'].map((d) => at(d));
    expect(recurrenceOf(daily)).toMatchObject({ rule: 'FREQ=DAILY;COUNT=3', exdates: [] });
    const weekly = ['2027-01-05', '2027-01-12', '2027-01-26'].map((d) => at(d));
    expect(recurrenceOf(weekly)).toMatchObject({ rule: 'FREQ=WEEKLY;COUNT=4', exdates: ['2027-01-19 19:00:00'] });
    const fortnightly = ['2027-01-05', '2027-01-19', '2027-02-02'].map((d) => at(d));
    expect(recurrenceOf(fortnightly)).toMatchObject({ rule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=3' });
    for (const dates of [daily, weekly, fortnightly]) expect(expanded(dates)).toEqual(dates.map((d) => d.startDate));
  });

  it('monthly, sparse or at other times of day: listed dates', () => {
    const monthly = ['2027-01-05', '2027-02-05', '2027-03-05'].map((d) => at(d));
    expect(recurrenceOf(monthly)).toMatchObject({ rule: null, rdates: monthly.map((d) => d.startDate) });
    const times = [at('2027-01-05', '10:00:00'), at('2027-01-06', '14:00:00')];
    expect(recurrenceOf(times).rule).toBeNull();
    const sparse = ['2027-01-01', '2027-01-02', '2027-01-30'].map((d) => at(d));
    expect(recurrenceOf(sparse).rule).toBeNull();
    for (const dates of [monthly, times, sparse]) expect(expanded(dates)).toEqual(dates.map((d) => d.startDate));
  });

  it('an occurrence of another length is an override; the grid stays', () => {
    const dates = [at('2027-01-05'), at('2027-01-12', '19:00:00', 4), at('2027-01-19', '19:00:00', null)];
    const recurrence = recurrenceOf(dates);
    expect(recurrence.rule).toBe('FREQ=WEEKLY;COUNT=3');
    expect(recurrence.overrides).toEqual([dates[1], dates[2]]);
  });
});
