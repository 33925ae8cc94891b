/** Plan changes made by an administrator (spec sections 6 and 7). */
import type { PlanType } from '@evmap/contract/enums';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { trialEnd } from '../auth/auth.service';
import type { AccountDeps } from '../auth/deps';
import { findUserById, type UserPatch, updateUser } from '../users/users.repository';
import { insertPlanChange } from './admin-users.repository';

/**
 * Sets the plan of user `userId` without charging, and records the change (source 'admin'). The one place an
 * administrator changes a plan: the user form and PUT /connected/admin/users/:id/plans both come here.
 * Setting the plan the user already has changes nothing; a trial without an end date gets one.
 * `db` is the transaction of the caller when there is one.
 */
export async function adminSetPlan(
  deps: Pick<AccountDeps, 'db' | 'config'>,
  admin: Pick<UserRow, 'id'>,
  userId: number,
  planType: PlanType | null,
  db: Executor = deps.db,
): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  if (user.planType === planType) return user;
  const patch: UserPatch = { planType };
  if (planType === 'trial' && !user.trialEndedAt) patch.trialEndedAt = trialEnd(deps.config.trialMonths);
  const run = async (tx: Executor) => {
    const updated = await updateUser(tx, userId, patch);
    await insertPlanChange(tx, {
      userId,
      changedBy: admin.id,
      fromPlan: user.planType,
      toPlan: planType,
      source: 'admin',
    });
    return updated;
  };
  return db === deps.db ? deps.db.transaction(run) : run(db);
}
