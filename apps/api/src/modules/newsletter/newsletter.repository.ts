/** Queries on newsletter subscriptions. */
import type { Executor } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema/newsletter-subscriptions';

/** Adds `email` (already trimmed and lower-cased) once; a second sign-up changes nothing. */
export async function insertSubscriptionOnce(db: Executor, email: string, lang: string): Promise<void> {
  await db
    .insert(newsletterSubscriptions)
    .values({ email, lang })
    .onConflictDoNothing({ target: newsletterSubscriptions.email });
}
