/**
 * Why a visitor reports an event (issue 27): chosen from this short list, shown to administrators in the
 * moderation queue. A report without a reason (older clients, the spec's call without a body) counts as
 * `unspecified`. A module of its own, without zod: the event page's report button needs only the list.
 */
export const SIGNAL_REASONS = ['wrong-info', 'cancelled', 'offensive', 'spam', 'other'] as const;
export type SignalReason = (typeof SIGNAL_REASONS)[number];
