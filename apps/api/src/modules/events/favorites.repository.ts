/** Queries on favorites: a viewer's favourite events. */
import { FAVORITES_MAX } from '@evmap/contract/event-actions';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { favorites } from '../../db/schema/favorites';
import { type EventRecord, selectEvents } from './events.repository';

/** The user's favourite events that are active and not deleted, latest favourite first (FAVORITES_MAX at most). */
export async function findFavoriteEvents(db: Executor, userId: number): Promise<EventRecord[]> {
  const favoritedAt = sql`(SELECT f.created_at FROM favorites f WHERE f.user_id = ${userId} AND f.event_id = e.id)`;
  return selectEvents(
    db,
    sql`e.id IN (
      SELECT f.event_id FROM favorites f JOIN events v ON v.id = f.event_id
      WHERE f.user_id = ${userId} AND v.active AND v.deleted_at IS NULL
      ORDER BY f.created_at DESC, f.event_id DESC LIMIT ${FAVORITES_MAX})`,
    sql`${favoritedAt} DESC, e.id DESC`,
  );
}

export async function isFavorite(db: Executor, userId: number, eventId: number): Promise<boolean> {
  const rows = await db
    .select({ eventId: favorites.eventId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.eventId, eventId)));
  return rows.length > 0;
}

/** Adds the favourite; adding it again changes nothing. */
export async function addFavorite(db: Executor, userId: number, eventId: number): Promise<void> {
  await db.insert(favorites).values({ userId, eventId }).onConflictDoNothing();
}

export async function removeFavorite(db: Executor, userId: number, eventId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.eventId, eventId)));
}
