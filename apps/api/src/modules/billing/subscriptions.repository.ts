/** Queries on subscriptions, the plan history and the locks that keep plan changes and renewals apart. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { planChanges } from '../../db/schema/plan-changes';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export const LIVE_STATUSES = ['active', 'past_due'] as const;

/** The user row, locked until the end of the transaction: plan changes of one user run one at a time. */
export async function lockUser(db: Executor, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** The user's active or past-due subscription (at most one), locked when `lock`. */
export async function liveSubscription(db: Executor, userId: number, lock = false) {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The most recent subscription of the user, whatever its status. */
export async function latestSubscription(db: Executor, userId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row;
}

export async function insertSubscription(
  db: Executor,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(
  db: Executor,
  id: number,
  patch: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

/**
 * Claims one subscription the job must handle at `now` (a renewal due, or a past-due retry due), with its user:
 * both rows locked, rows locked by another run or by a plan change skipped. Null when none is left.
 */
export async function claimDueSubscription(
  db: Executor,
  now: Date,
  skip: number[],
): Promise<{ subscription: SubscriptionRow; user: UserRow } | undefined> {
  const at = now.toISOString();
  const result = await db.execute<{ id: number }>(sql`
    SELECT s.id FROM subscriptions s JOIN users u ON u.id = s.user_id
    WHERE ((s.status = 'active' AND s.current_period_end <= ${at}::timestamptz)
        OR (s.status = 'past_due' AND COALESCE(s.next_attempt_at, s.current_period_end) <= ${at}::timestamptz))
      AND NOT (s.id = ANY(${sql.param(skip)}::int[]))
    ORDER BY s.current_period_end
    LIMIT 1
    FOR UPDATE OF s, u SKIP LOCKED`);
  const id = result.rows[0]?.id;
  if (id === undefined) return undefined;
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const [user] = await db.select().from(users).where(eq(users.id, subscription!.userId));
  return { subscription: subscription!, user: user! };
}

export type PlanChangeSource = 'user' | 'admin' | 'system';

/** Records a plan transition: who (null for the system), from, to, why; `createdAt` is when. */
export async function insertPlanChange(
  db: Executor,
  values: {
    userId: number;
    changedBy: number | null;
    fromPlan: string | null;
    toPlan: string | null;
    source: PlanChangeSource;
  },
): Promise<void> {
  await db.insert(planChanges).values(values);
}

/** When the user's plan last became `toPlan`. */
export async function lastChangeTo(db: Executor, userId: number, toPlan: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: planChanges.createdAt })
    .from(planChanges)
    .where(and(eq(planChanges.userId, userId), eq(planChanges.toPlan, toPlan)))
    .orderBy(desc(planChanges.id))
    .limit(1);
  return row?.at;
}
