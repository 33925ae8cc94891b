/**
 * The billing side of publishing (plugged into the owner events routes as their PublicationCharge): under the
 * unit plan each publication is charged and invoiced in the transaction that creates the event, so a refused
 * payment ("An error occurred during payment", 402) means the event is not created.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { PublicationCharge } from '../plans/publication';
import { chargeUser } from './charges.service';
import type { PaymentProvider } from './payment-provider';

export function publicationCharge(deps: { payments: PaymentProvider }): PublicationCharge {
  return async (tx, user, event) => {
    // The plan as committed now, not as it was when the request was authenticated.
    const [fresh] = await tx.select().from(users).where(eq(users.id, user.id));
    if (fresh?.planType !== 'unit') return;
    await chargeUser(tx, deps, fresh, {
      plan: 'unit',
      idempotencyKey: `publication:${event.id}`,
      eventTitle: event.titleFr,
    });
  };
}
