/** Queries on verification_codes (the mailed email verification codes). */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { verificationCodes } from '../../db/schema/verification-codes';

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
export type NewVerificationCode = typeof verificationCodes.$inferInsert;

/** Ends every unused code of the user. */
export async function endUserCodes(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.usedAt)));
}

export async function insertCode(db: Executor, values: NewVerificationCode): Promise<void> {
  await db.insert(verificationCodes).values(values);
}

/** The user's newest unused code for `email`. */
export async function latestPendingCode(
  db: Executor,
  userId: number,
  email: string,
): Promise<VerificationCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(eq(verificationCodes.userId, userId), eq(verificationCodes.email, email), isNull(verificationCodes.usedAt)),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

/** Counts one wrong try of the code. */
export async function countCodeAttempt(db: Executor, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id));
}

/** Marks the code used unless it already was; answers whether this call did. */
export async function claimCode(db: Executor, id: number, now: Date): Promise<boolean> {
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return used.length > 0;
}
