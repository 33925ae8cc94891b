import { CLICK_VALUES, VIEW_VALUES } from '@evmap/contract/enums';
import { describe, expect, it } from 'vitest';
import { CLICK_BUTTONS, daysBetween, statsSeries, VIEW_SOURCES } from './stats-series';

const view = (date: string, value: string, count: number) => ({ type: 'view', date, value, count });
const click = (date: string, value: string, count: number) => ({ type: 'btn_click', date, value, count });

describe('statsSeries', () => {
  it('knows every view source and button of the contract', () => {
    expect([...VIEW_SOURCES].sort()).toEqual([...VIEW_VALUES].sort());
    expect([...CLICK_BUTTONS].sort()).toEqual([...CLICK_VALUES].sort());
  });

  it('groups views by source and clicks by button, per day', () => {
    const { views, clicks } = statsSeries([
      view('2030-03-01', 'single_modal', 7),
      view('2030-03-01', 'map_marker', 2),
      click('2030-03-01', 'phone', 2),
      click('2030-03-01', 'website', 1),
      click('2030-03-01', 'directions', 3),
    ]);
    expect(views.days).toEqual([{ date: '2030-03-01', map_marker: 2, single_modal: 7, embed: 0 }]);
    expect(clicks.days).toEqual([
      { date: '2030-03-01', website: 1, phone: 2, external: 0, share_url: 0, directions: 3 },
    ]);
  });

  it('sorts the days and fills the missing ones with zeros, over the same range for both series', () => {
    const { views, clicks } = statsSeries([
      click('2030-03-04', 'share_url', 1),
      view('2030-02-27', 'map_marker', 4),
      view('2030-03-02', 'map_marker', 1),
    ]);
    const dates = ['2030-02-27', '2030-02-28', '2030-03-01', '2030-03-02', '2030-03-03', '2030-03-04'];
    expect(views.days.map((day) => day.date)).toEqual(dates);
    expect(clicks.days.map((day) => day.date)).toEqual(dates);
    expect(views.days.map((day) => day.map_marker)).toEqual([4, 0, 0, 1, 0, 0]);
    expect(views.days.map((day) => day.single_modal)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(clicks.days.map((day) => day.share_url)).toEqual([0, 0, 0, 0, 0, 1]);
  });

  it('totals each series and overall, adding up repeated entries', () => {
    const { views, clicks } = statsSeries([
      view('2030-03-01', 'single_modal', 7),
      view('2030-03-02', 'single_modal', 3),
      view('2030-03-02', 'map_marker', 4),
      click('2030-03-02', 'external', 2),
      click('2030-03-02', 'external', 1),
      { type: 'click', date: '2030-03-02', value: 'website', count: 5 },
    ]);
    expect(views.totals).toEqual({ map_marker: 4, single_modal: 10, embed: 0 });
    expect(views.total).toBe(14);
    expect(clicks.totals).toEqual({ website: 5, phone: 0, external: 3, share_url: 0, directions: 0 });
    expect(clicks.total).toBe(8);
    expect(clicks.days[1]?.external).toBe(3);
  });

  it('ignores unknown types, unknown values and malformed dates, which do not widen the range', () => {
    const { views, clicks } = statsSeries([
      view('2030-03-01', 'map_marker', 1),
      view('2030-01-01', 'banner', 9),
      click('2030-05-01', 'single_modal', 9),
      { type: 'download', date: '2030-06-01', value: 'website', count: 9 },
      view('yesterday', 'map_marker', 9),
    ]);
    expect(views.days).toEqual([{ date: '2030-03-01', map_marker: 1, single_modal: 0, embed: 0 }]);
    expect(views.total).toBe(1);
    expect(clicks.total).toBe(0);
  });

  it('answers empty series when there is nothing to show', () => {
    const { views, clicks } = statsSeries([]);
    expect(views).toEqual({
      keys: VIEW_SOURCES,
      days: [],
      totals: { map_marker: 0, single_modal: 0, embed: 0 },
      total: 0,
    });
    expect(clicks.days).toEqual([]);
    expect(clicks.total).toBe(0);
  });
});

describe('daysBetween', () => {
  it('counts every calendar day, across months, leap days and daylight-saving changes', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(daysBetween('2030-03-09', '2030-03-11')).toEqual(['2030-03-09', '2030-03-10', '2030-03-11']);
    expect(daysBetween('2030-12-31', '2031-01-01')).toEqual(['2030-12-31', '2031-01-01']);
    expect(daysBetween('2030-03-01', '2030-03-01')).toEqual(['2030-03-01']);
  });
});
