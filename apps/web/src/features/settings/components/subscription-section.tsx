/**
 * The plan of an event-manager (`GET /connected/me/subscription`): its name, the end of the trial or the
 * next renewal date of the complete plan, and the past-due state when a renewal payment was refused
 * (retried until the grace period ends, then the plan is canceled); a link to change it.
 */
import type { Subscription } from '@evmap/contract/billing';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner';
import { useTranslation } from '@/i18n/use-translation';
import { useFormatDate } from '@/lib/dates';
import { useSubscription } from '@/lib/get-subscription';
import { PATHS } from '@/lib/paths';

/** What to say of the plan's dates and state. */
function PlanState({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const end = subscription.currentPeriodEnd;
  switch (subscription.status) {
    case 'trialing':
      return end ? <Text>{t('subscription.trialEnds', { date: formatDate(end) })}</Text> : null;
    case 'trial_ended':
      return (
        <Alert color="yellow" variant="light" role="status">
          {end ? t('subscription.trialEnded', { date: formatDate(end) }) : t('subscription.trialEndedNoDate')}
        </Alert>
      );
    case 'past_due':
      return (
        <Alert color="red" variant="light" role="alert" title={t('subscription.pastDueTitle')}>
          <Stack gap={4}>
            {subscription.pastDueSince && (
              <Text size="sm">{t('subscription.pastDueSince', { date: formatDate(subscription.pastDueSince) })}</Text>
            )}
            <Text size="sm">
              {subscription.graceEndsAt
                ? t('subscription.pastDueGrace', { date: formatDate(subscription.graceEndsAt) })
                : t('subscription.pastDueNoGrace')}
            </Text>
          </Stack>
        </Alert>
      );
    case 'canceled':
      return (
        <Text>
          {subscription.canceledAt
            ? t('subscription.canceledOn', { date: formatDate(subscription.canceledAt) })
            : t('subscription.canceled')}
        </Text>
      );
    default:
      if (subscription.planType === 'complete' && end) {
        return <Text>{t('subscription.renews', { date: formatDate(end) })}</Text>;
      }
      if (subscription.planType === 'unit') return <Text>{t('subscription.unit')}</Text>;
      if (subscription.planType === 'free-complete') return <Text>{t('subscription.freeComplete')}</Text>;
      return null;
  }
}

/** The subscription part of the account page. */
export function SubscriptionSection() {
  const { t } = useTranslation();
  const query = useSubscription();

  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('subscription.loadFailed')}
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Center py="md">
        <Spinner size="sm" />
      </Center>
    );
  }
  const subscription = query.data;
  return (
    <Stack>
      <Text>
        {t('subscription.current')}{' '}
        <Text span fw={700} data-plan={subscription?.planType ?? 'none'}>
          {subscription ? t(`subscription.plans.${subscription.planType}`) : t('subscription.plans.none')}
        </Text>
      </Text>
      {subscription && <PlanState subscription={subscription} />}
      <Group>
        <Button component={Link} to={PATHS.plans} variant="light">
          {t('subscription.change')}
        </Button>
      </Group>
    </Stack>
  );
}
