/** The admin dashboard's answer: the counts, field by field. */
import type { AdminDashboard } from '@evmap/contract/admin-dashboard';
import type { DashboardCounts } from './admin-dashboard.service';

export function presentDashboard(counts: DashboardCounts): AdminDashboard {
  return {
    counts: {
      eventsToday: counts.eventsToday,
      eventsThisWeek: counts.eventsThisWeek,
      organisersByPlan: { ...counts.organisersByPlan },
      newAccountsThisWeek: counts.newAccountsThisWeek,
      reportedEvents: counts.reportedEvents,
    },
  };
}
