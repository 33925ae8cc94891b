/**
 * Query keys, from one factory per resource, so a mutation can name exactly what it invalidates.
 * Event keys are shared by the map, the event modal, the profile and the event form, so they live
 * here rather than in one of those features.
 */
import type { Query, QueryClient } from '@tanstack/react-query';

export const eventKeys = {
  /** Every event query (the map's searches included). */
  all: ['events'] as const,
  /** The map's marker answers, one per day, category, language and tile (`['events', 'markers', …]`). */
  markers: () => ['events', 'markers'] as const,
  markerTile: (tile: {
    day: string;
    category: number | null;
    lang: string;
    z: number;
    x: number;
    y: number;
    text?: string;
    access?: string;
  }) =>
    [
      'events',
      'markers',
      tile.day,
      tile.category ?? 0,
      tile.lang,
      tile.z,
      tile.x,
      tile.y,
      tile.text ?? '',
      tile.access ?? '',
    ] as const,
  /** Events as a viewer reads them by handle or uuid (the modal, the event page): `['events', 'detail', …]`. */
  details: () => ['events', 'detail'] as const,
  detail: (handleOrUuid: string, viewer: string) => ['events', 'detail', viewer, handleOrUuid] as const,
  /** A page of a list's events, read by id (`['events', 'detail', 'batch', '3,17,42']`). */
  batch: (ids: readonly number[]) => ['events', 'detail', 'batch', ids.join(',')] as const,
  /** The signed-in event-manager's own events, list and details. */
  own: () => ['events', 'own'] as const,
  ownList: () => ['events', 'own', 'list'] as const,
  /** The views of the last 7 days of every own event (the profile's cards). */
  ownViews: () => ['events', 'own', 'views'] as const,
  ownDetail: (uuid: string) => ['events', 'own', 'detail', uuid] as const,
  /** The signed-in viewer's favourite events. */
  favorites: () => ['events', 'favorites'] as const,
  /** Whether one event is a favourite of the viewer. */
  favorite: (id: number) => ['favorite', id] as const,
  /** An event's statistics, as its owner or an administrator reads them. */
  stats: (scope: 'owner' | 'admin', id: number) => ['events', 'stats', scope, id] as const,
  /** Administrators' events: lists and details. */
  admin: () => ['events', 'admin'] as const,
  adminDetail: (uuid: string) => ['events', 'admin', 'detail', uuid] as const,
};

/** The signed-in user's own account data. */
export const meKeys = {
  all: ['me'] as const,
};

/** The signed-in event-manager's billing: subscription (plan dates), saved cards and invoices. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => ['billing', 'subscription'] as const,
  paymentMethods: () => ['billing', 'payment-methods'] as const,
  invoices: () => ['billing', 'invoices'] as const,
};

/** The set-up of the account page's open card form (under `billing`, so billing invalidations reach it). */
export const cardSetupKeys = {
  current: () => ['billing', 'card-setup'] as const,
};

/**
 * The admin area's own data: the dashboard counts, the moderation queue (reported events) and users
 * (lists and details). Administrators' event lists and details are `eventKeys.admin()`.
 */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => ['admin', 'dashboard'] as const,
  moderation: () => ['admin', 'moderation'] as const,
  moderationPage: (page: number, limit: number) => ['admin', 'moderation', page, limit] as const,
  users: () => ['admin', 'users'] as const,
  user: (id: number) => ['admin', 'users', 'detail', id] as const,
};

/**
 * After an event is deleted: every event query is refreshed except the deleted event's own detail and
 * statistics, which are only marked stale. The page showing them is still mounted while it navigates
 * away, and refetching them would answer 404 (a console error and a flash of the error state).
 */
export function invalidateAfterEventDeletion(
  queryClient: QueryClient,
  event: { id: number; uuid: string },
): Promise<void> {
  const isDeletedEvent = ({ queryKey: key }: Query) =>
    (key[2] === 'detail' && key[3] === event.uuid) || (key[1] === 'stats' && key[3] === event.id);
  void queryClient.invalidateQueries({ queryKey: eventKeys.all, refetchType: 'none', predicate: isDeletedEvent });
  return queryClient.invalidateQueries({
    queryKey: eventKeys.all,
    predicate: (query) => !isDeletedEvent(query),
  });
}
