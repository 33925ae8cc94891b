/**
 * Favourites (spec section 6): viewers only; event-managers and administrators are refused.
 * Only events a visitor can see (active, not deleted) can be added or listed; a favourite of an event
 * deactivated later is kept (its state can be read and it can be removed) and is listed again once reactivated.
 */
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { type EventRecord, findEventById } from './events.repository';
import { addFavorite, findFavoriteEvents, isFavorite, removeFavorite } from './favorites.repository';

export type FavoriteDeps = Pick<FastifyInstance, 'db'>;

function viewerOnly(user: UserRow): void {
  if (user.type !== 'viewer' || user.isAdmin) throw forbidden();
}

async function existingEvent(deps: FavoriteDeps, id: number): Promise<EventRecord> {
  const event = await findEventById(deps.db, id);
  if (!event || event.deletedAt) throw notFound();
  return event;
}

/** GET /connected/events/favorite */
export async function listFavorites(deps: FavoriteDeps, user: UserRow): Promise<EventRecord[]> {
  viewerOnly(user);
  return findFavoriteEvents(deps.db, user.id);
}

/** GET /connected/events/id/{id}/favorite */
export async function favoriteState(deps: FavoriteDeps, user: UserRow, id: number): Promise<boolean> {
  viewerOnly(user);
  const event = await existingEvent(deps, id);
  return isFavorite(deps.db, user.id, event.id);
}

/** POST /connected/events/id/{id}/favorite: idempotent. */
export async function favorite(deps: FavoriteDeps, user: UserRow, id: number): Promise<void> {
  viewerOnly(user);
  const event = await existingEvent(deps, id);
  if (!event.active) throw notFound();
  await addFavorite(deps.db, user.id, event.id);
}

/** DELETE /connected/events/id/{id}/favorite: idempotent. */
export async function unfavorite(deps: FavoriteDeps, user: UserRow, id: number): Promise<void> {
  viewerOnly(user);
  const event = await existingEvent(deps, id);
  await removeFavorite(deps.db, user.id, event.id);
}
