import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { isAccountMessage, isPlanMessage } from '../utils/plan-rules';

/**
 * Under a refusal: the way to fix it. A card or billing refusal ("add a payment method", a declined card) leads
 * to the account page; a plan refusal (trial limit, no plan) to the plans page.
 */
export function PlanLink({ message }: { message: string }) {
  const { t } = useTranslation();
  if (isAccountMessage(message)) {
    return (
      <Anchor component={Link} to={PATHS.account} fw={600}>
        {t('eventForm.toAccount')}
      </Anchor>
    );
  }
  if (!isPlanMessage(message)) return null;
  return (
    <Anchor component={Link} to={PATHS.plans} fw={600}>
      {t('eventForm.toPlans')}
    </Anchor>
  );
}
