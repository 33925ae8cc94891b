import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/lib/paths';
import { isPlanMessage } from '../utils/plan-rules';

/** Under a plan refusal of the API ("add a payment method", trial limit, no plan): the way to the plans page. */
export function PlanLink({ message }: { message: string }) {
  const { t } = useTranslation();
  if (!isPlanMessage(message)) return null;
  return (
    <Anchor component={Link} to={PATHS.plans} fw={600}>
      {t('eventForm.toPlans')}
    </Anchor>
  );
}
