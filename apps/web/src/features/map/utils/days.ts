/** The seven days of the day picker, as local calendar days. */
import { DAY_PICKER_DAYS } from '@evmap/contract/constants';

/** `YYYY-MM-DD` of a local date. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today as `YYYY-MM-DD` (local). */
export function todayKey(now = new Date()): string {
  return dayKey(now);
}

/** The next DAY_PICKER_DAYS local days from today, as dates at noon (safe from DST edges). */
export function pickerDays(now = new Date()): Date[] {
  return Array.from(
    { length: DAY_PICKER_DAYS },
    (_, i) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + i, 12),
  );
}
