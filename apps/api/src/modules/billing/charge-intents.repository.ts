/** Queries on charge intents (see charge-intents.service.ts). */
import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chargeIntents, localPayments } from '../../db/schema/charge-intents';

export type { IntentPayload } from '../../db/schema/charge-intents';
export type IntentRow = typeof chargeIntents.$inferSelect;
export type NewIntent = typeof chargeIntents.$inferInsert;

export async function insertIntent(db: Executor, values: NewIntent): Promise<IntentRow> {
  const [row] = await db.insert(chargeIntents).values(values).returning();
  return row!;
}

export async function findIntent(db: Executor, id: number, lock = false): Promise<IntentRow | undefined> {
  const query = db.select().from(chargeIntents).where(eq(chargeIntents.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateIntent(db: Executor, id: number, patch: Partial<NewIntent>): Promise<IntentRow> {
  const [row] = await db
    .update(chargeIntents)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(chargeIntents.id, id))
    .returning();
  return row!;
}

/** The user's pending intents, oldest first (`except` a kind, when given). */
export function pendingIntentsOf(db: Executor, userId: number, except?: string): Promise<IntentRow[]> {
  return db
    .select()
    .from(chargeIntents)
    .where(
      and(
        eq(chargeIntents.userId, userId),
        eq(chargeIntents.status, 'pending'),
        except ? ne(chargeIntents.kind, except) : undefined,
      ),
    )
    .orderBy(asc(chargeIntents.id));
}

/** The pending intent of a user for one subject, if any. */
export async function pendingIntentFor(db: Executor, userId: number, subject: string) {
  const [row] = await db
    .select()
    .from(chargeIntents)
    .where(
      and(eq(chargeIntents.userId, userId), eq(chargeIntents.subject, subject), eq(chargeIntents.status, 'pending')),
    );
  return row;
}

/** The user's intent paid since `since` whose payload carries `fingerprint` (a publication asked again). */
export async function recentPaidPublication(db: Executor, userId: number, fingerprint: string, since: Date) {
  const [row] = await db
    .select()
    .from(chargeIntents)
    .where(
      and(
        eq(chargeIntents.userId, userId),
        eq(chargeIntents.status, 'paid'),
        eq(chargeIntents.kind, 'publication'),
        gte(chargeIntents.settledAt, since),
        sql`${chargeIntents.payload}->>'fingerprint' = ${fingerprint}`,
      ),
    )
    .orderBy(desc(chargeIntents.id))
    .limit(1);
  return row;
}

/** The last paid publication of an event: what it covers. */
export async function lastPaidPublication(db: Executor, eventId: number) {
  const [row] = await db
    .select()
    .from(chargeIntents)
    .where(
      and(eq(chargeIntents.eventId, eventId), eq(chargeIntents.kind, 'publication'), eq(chargeIntents.status, 'paid')),
    )
    .orderBy(desc(chargeIntents.id))
    .limit(1);
  return row;
}

/** Pending intents older than `before` (left by a crash or a lost answer), oldest first. */
export function stalePendingIntents(db: Executor, before: Date, limit: number): Promise<IntentRow[]> {
  return db
    .select()
    .from(chargeIntents)
    .where(and(eq(chargeIntents.status, 'pending'), lt(chargeIntents.createdAt, before)))
    .orderBy(asc(chargeIntents.id))
    .limit(limit);
}

/**
 * The built-in provider's ledger: keeps a payment under its idempotency key unless one is kept already, and
 * answers the one kept (the first result for that key).
 */
export async function keepLocalPayment(
  db: Executor,
  payment: typeof localPayments.$inferInsert,
): Promise<{ ref: string; declineCode: string | null } | undefined> {
  await db.insert(localPayments).values(payment).onConflictDoNothing();
  const [kept] = await db
    .select({ ref: localPayments.ref, declineCode: localPayments.declineCode })
    .from(localPayments)
    .where(eq(localPayments.idempotencyKey, payment.idempotencyKey));
  return kept;
}
