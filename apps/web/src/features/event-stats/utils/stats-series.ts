/**
 * Turns an event's daily counters into chart series: views by source and clicks by button, one
 * point per day from the first counted day to the last (days without any count are zeros, so a
 * chart's axis keeps a regular step and a quiet day shows as a quiet day).
 */
import type { CLICK_VALUES, VIEW_VALUES } from '@evmap/contract/enums';

/** Where a view comes from. */
export type ViewSource = (typeof VIEW_VALUES)[number];
/** Which button was clicked. */
export type ClickButton = (typeof CLICK_VALUES)[number];

/** The view sources in display order (the map first: where most people meet an event; embeds on other websites last). */
export const VIEW_SOURCES = ['map_marker', 'single_modal', 'embed'] as const satisfies readonly ViewSource[];
/** The buttons in display order (the order of the contract). */
export const CLICK_BUTTONS = [
  'website',
  'phone',
  'external',
  'share_url',
  'directions',
] as const satisfies readonly ClickButton[];

/** A daily counter as the API answers it. */
export type StatEntry = { type: string; date: string; count: number; value: string };

/** One day of a series: its date (`YYYY-MM-DD`) and a count per key. */
export type SeriesDay<K extends string> = { date: string } & Record<K, number>;

/** Per-day counts for a set of keys, with the total of each key and the overall total. */
export type StatsSeries<K extends string> = {
  keys: readonly K[];
  days: SeriesDay<K>[];
  totals: Record<K, number>;
  total: number;
};

/** Both series of an event, over the same days. */
export type EventStatsSeries = { views: StatsSeries<ViewSource>; clicks: StatsSeries<ClickButton> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The days from `first` to `last` included, both `YYYY-MM-DD`; computed in UTC so no DST shift skips a day. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let time = Date.parse(`${first}T00:00:00Z`); time <= end; time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

function emptySeries<K extends string>(keys: readonly K[], days: string[]): StatsSeries<K> {
  const zeros = () => Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  return { keys, days: days.map((date) => ({ date, ...zeros() }) as SeriesDay<K>), totals: zeros(), total: 0 };
}

/** Which series and key an entry counts in; null for anything this screen does not know. */
function classify(entry: StatEntry): { kind: 'views'; key: ViewSource } | { kind: 'clicks'; key: ClickButton } | null {
  if (!DAY.test(entry.date) || !Number.isFinite(entry.count)) return null;
  if (entry.type === 'view') {
    const key = VIEW_SOURCES.find((source) => source === entry.value);
    return key ? { kind: 'views', key } : null;
  }
  // 'click' is the older name of the same counter (the API records both as btn_click).
  if (entry.type === 'btn_click' || entry.type === 'click') {
    const key = CLICK_BUTTONS.find((button) => button === entry.value);
    return key ? { kind: 'clicks', key } : null;
  }
  return null;
}

/**
 * The views and clicks of `entries` per day, days sorted and gaps filled with zeros; entries of an
 * unknown type or value, or with a malformed date, are left out (and do not widen the range).
 */
export function statsSeries(entries: readonly StatEntry[]): EventStatsSeries {
  const known = entries.flatMap((entry) => {
    const where = classify(entry);
    return where ? [{ ...where, date: entry.date, count: entry.count }] : [];
  });
  const dates = known.map((entry) => entry.date).sort();
  const days = dates.length ? daysBetween(dates[0]!, dates[dates.length - 1]!) : [];
  const series: EventStatsSeries = { views: emptySeries(VIEW_SOURCES, days), clicks: emptySeries(CLICK_BUTTONS, days) };
  const indexOf = new Map(days.map((date, index) => [date, index]));
  for (const entry of known) {
    const index = indexOf.get(entry.date)!;
    // The narrowing of kind and key is lost through the shared code path: both are checked in classify.
    const target = series[entry.kind] as StatsSeries<string>;
    const day = target.days[index] as Record<string, number>;
    day[entry.key] = (day[entry.key] ?? 0) + entry.count;
    target.totals[entry.key] = (target.totals[entry.key] ?? 0) + entry.count;
    target.total += entry.count;
  }
  return series;
}
