/** The contact form (spec sections 3, 5 and 7): stored, then mailed to the contact address. */
import type { FastifyInstance } from 'fastify';
import { contactMail } from '../../lib/mail-templates';
import type { UserRow } from '../../plugins/auth';
import { insertContactMessage } from './contact.repository';

export type ContactDeps = Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'rateLimiter'>;

export const CONTACT_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

/**
 * POST /connected/globals/contact-us: at most 10 messages an hour per user. Answers to the mail go to the
 * user. The row and the mail succeed or fail together.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  user: UserRow,
  body: { subject: string; message: string },
): Promise<void> {
  await deps.rateLimiter.consume({ key: `contact:${user.id}`, ...CONTACT_LIMIT });
  await deps.db.transaction(async (tx) => {
    await insertContactMessage(tx, { userId: user.id, subject: body.subject, message: body.message });
    await deps.mailer.send({
      to: deps.config.contactEmail,
      replyTo: user.email,
      ...contactMail(user, body.subject, body.message),
    });
  });
}
