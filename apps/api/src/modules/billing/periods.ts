/** Monthly billing periods, anchored on the day the subscription started (Jan 31 -> Feb 28 -> Mar 31). */

const DAY_MS = 86_400_000;

/** `date` plus `months` calendar months (UTC), the day clamped to the month's last day. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

/** The first monthly anniversary of `anchor` strictly after `after`. */
export function nextPeriodEnd(anchor: Date, after: Date): Date {
  let months = Math.max(
    1,
    (after.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + after.getUTCMonth() - anchor.getUTCMonth(),
  );
  while (addMonths(anchor, months) <= after) months += 1;
  while (months > 1 && addMonths(anchor, months - 1) > after) months -= 1;
  return addMonths(anchor, months);
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
