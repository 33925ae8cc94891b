/** Statistics as the API shows them: `{ eventStats: [{ type, date, count, value }] }`. */
import type { eventStatsResponseSchema } from '@evmap/contract/events';
import type { z } from 'zod';
import type { StatRow } from './stats.repository';

export function presentStats(rows: StatRow[]): z.infer<typeof eventStatsResponseSchema> {
  return { eventStats: rows.map((row) => ({ type: row.type, date: row.date, count: row.count, value: row.value })) };
}
