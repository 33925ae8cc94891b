/** Queries on saved cards. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentMethods } from '../../db/schema/payment-methods';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

const live = (userId: number, provider: string) =>
  and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider), isNull(paymentMethods.deletedAt));

/** The user's saved cards of `provider`, newest first: the first one is the card charged. */
export function listCards(db: Executor, userId: number, provider: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(live(userId, provider))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/** The card charged: the most recently added one that is not deleted. */
export async function defaultCard(db: Executor, userId: number, provider: string) {
  const [card] = await listCards(db, userId, provider);
  return card;
}

export async function findCard(db: Executor, id: number): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

export async function insertCard(db: Executor, values: typeof paymentMethods.$inferInsert): Promise<PaymentMethodRow> {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row!;
}

export async function softDeleteCard(db: Executor, id: number): Promise<void> {
  await db.update(paymentMethods).set({ deletedAt: new Date() }).where(eq(paymentMethods.id, id));
}

/** Cards known by their provider reference (webhooks). */
export function findCardsByRef(db: Executor, provider: string, ref: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.provider, provider), eq(paymentMethods.providerRef, ref), isNull(paymentMethods.deletedAt)),
    );
}

export async function updateCardsByRef(
  db: Executor,
  provider: string,
  ref: string,
  patch: Partial<Pick<PaymentMethodRow, 'brand' | 'last4' | 'expMonth' | 'expYear' | 'deletedAt'>>,
): Promise<number> {
  const rows = await db
    .update(paymentMethods)
    .set(patch)
    .where(
      and(eq(paymentMethods.provider, provider), eq(paymentMethods.providerRef, ref), isNull(paymentMethods.deletedAt)),
    )
    .returning({ id: paymentMethods.id });
  return rows.length;
}
