/** Plan changes made by an administrator (spec sections 6 and 7). */
import type { PlanType } from '@evmap/contract/enums';
import type { Executor, Tx } from '../../db/client';
import type { UserRow } from '../../plugins/auth';
import type { AccountDeps } from '../auth/auth.types';
import { transitionPlan } from '../billing/plan-transitions.service';

/**
 * Sets the plan of user `userId` without charging, and records the change (source 'admin'). The one place an
 * administrator changes a plan: the user form and PUT /connected/admin/users/:id/plans both come here, and it
 * goes through the billing module's plan transitions (a complete plan opens a subscription whose first period
 * is granted; leaving complete cancels it and deletes the events after its renewal date). Setting the plan the
 * user already has changes nothing; a trial without an end date gets one.
 * `db` is the transaction of the caller when there is one.
 */
export async function adminSetPlan(
  deps: Pick<AccountDeps, 'db' | 'config'>,
  admin: Pick<UserRow, 'id'>,
  userId: number,
  planType: PlanType | null,
  db: Executor = deps.db,
): Promise<UserRow> {
  const run = (tx: Tx) =>
    transitionPlan(tx, { config: deps.config }, { userId, to: planType, source: 'admin', actorId: admin.id });
  return db === deps.db ? deps.db.transaction(run) : run(db as Tx);
}
