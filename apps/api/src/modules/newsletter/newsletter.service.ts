/** Newsletter sign-up from the landing section (spec sections 5 and 7). */
import type { Lang } from '@evmap/contract/enums';
import type { FastifyInstance } from 'fastify';
import { insertSubscriptionOnce } from './newsletter.repository';

export type NewsletterDeps = Pick<FastifyInstance, 'db' | 'rateLimiter'>;

export const SUBSCRIBE_LIMIT = { limit: 20, windowMs: 60 * 60_000 };

/**
 * POST /public/globals/subscribe: at most 20 sign-ups an hour per address. Signing up twice is not an error;
 * the language of the first sign-up is kept, and the answer never tells whether the email was known.
 */
export async function subscribe(deps: NewsletterDeps, email: string, lang: Lang, ip: string): Promise<void> {
  await deps.rateLimiter.consume({ key: `subscribe-ip:${ip}`, ...SUBSCRIBE_LIMIT });
  await insertSubscriptionOnce(deps.db, email, lang);
}
