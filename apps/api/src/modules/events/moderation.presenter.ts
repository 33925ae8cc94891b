/** The moderation queue: each event as the admin event routes show it, with its latest report. */
import type { ModerationList } from '@evmap/contract/admin-dashboard';
import type { FileStorage } from '../../lib/storage';
import { presentEvent } from './event.presenter';
import type { ModerationPage } from './moderation.service';

export function presentModerationPage(page: ModerationPage, storage: FileStorage): ModerationList {
  return {
    events: page.rows.map((row) => ({
      ...presentEvent(row, storage, { withCreator: true }),
      lastSignaledAt: row.lastSignaledAt,
      signalReasons: row.signalReasons as ModerationList['events'][number]['signalReasons'],
    })),
    pagination: {
      page: page.page,
      limit: page.limit,
      totalCount: page.totalCount,
      totalPages: Math.ceil(page.totalCount / page.limit),
    },
  };
}
