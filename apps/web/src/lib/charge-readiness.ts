/**
 * What is checked before a user is asked to confirm a charge (a unit publication, a paid plan): what the API
 * would refuse it for (no saved card, no billing province), read fresh, so that the warning comes before the
 * question rather than after the user said yes; and the price as it will be charged, taxes included.
 */

import { PRICES } from '@evmap/contract/constants';
import type { Lang } from '@evmap/contract/enums';
import type { ErrorKey } from '@evmap/contract/errors';
import { type PaidPlan, planPrice, taxProvince } from '@evmap/contract/taxes';
import type { User } from '@evmap/contract/users';
import type { QueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryOptions } from '@/lib/get-payment-methods';
import { writeCents } from '@/lib/number-text';

/** What keeps a charge from being made: no saved card, or no province to tax in; null when it can be asked. */
export type ChargeBlocker = Extract<ErrorKey, 'paymentMethodRequired' | 'billingProvinceRequired'>;

/** The first thing the API would refuse a charge of `user` for, with the saved cards read again. */
export async function chargeBlocker(
  queryClient: QueryClient,
  user: Pick<User, 'billingState' | 'state' | 'billingZipcode' | 'zipcode'>,
): Promise<ChargeBlocker | null> {
  const cards = await queryClient.fetchQuery({ ...paymentMethodsQueryOptions(), staleTime: 0 });
  if (cards.length === 0) return 'paymentMethodRequired';
  if (!taxProvince(user)) return 'billingProvinceRequired';
  return null;
}

/** The price of `plan` before tax and, when the user's tax province is known, the total charged. */
export function chargePrice(
  plan: PaidPlan,
  user: Parameters<typeof taxProvince>[0] | null | undefined,
  lang: Lang,
): { price: string; total: string | null } {
  const money = (cents: number) => writeCents(cents, lang);
  const province = user ? taxProvince(user) : null;
  return { price: money(PRICES[plan]), total: province ? money(planPrice(plan, province).total) : null };
}
