/** The admin event list: events with their creator, and the pagination of the admin lists. */
import type { AdminEventsList } from '@evmap/contract/event-actions';
import type { FileStorage } from '../../lib/storage';
import { presentEvent } from './event.presenter';
import type { EventRecord } from './events.repository';

export function presentEventPage(
  page: { rows: EventRecord[]; totalCount: number; page: number; limit: number },
  storage: FileStorage,
): AdminEventsList {
  return {
    events: page.rows.map((row) => presentEvent(row, storage, { withCreator: true })),
    pagination: {
      page: page.page,
      limit: page.limit,
      totalCount: page.totalCount,
      totalPages: Math.ceil(page.totalCount / page.limit),
    },
  };
}
