/**
 * The "Your plan" summary: the current plan named in words, with what its dates mean (the trial's end, the
 * complete plan's renewal or its refused renewal, a canceled plan) and the way to fix what needs fixing.
 */
import type { Subscription } from '@evmap/contract/billing';
import type { User } from '@evmap/contract/users';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { useFormatDate } from '@/lib/dates';
import { PATHS } from '@/lib/paths';
import { trialAvailable } from '../utils/plan-rules';

export type CurrentPlanProps = {
  user: Pick<User, 'planType' | 'trialEndedAt'>;
  subscription: Subscription | null | undefined;
};

/** The user's plan with what to know next: the trial's or the period's end, a payment due, whom to ask. */
export function CurrentPlan({ user, subscription }: CurrentPlanProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const headingId = useId();
  const plan = user.planType;

  let status: string | null = null;
  let link: { to: string; label: string } | null = null;
  switch (plan) {
    case null:
      status = t('plans.status.none');
      break;
    case 'trial':
      if (user.trialEndedAt) {
        const date = formatDate(user.trialEndedAt);
        status = trialAvailable(user.trialEndedAt)
          ? t('plans.status.trialEnds', { date })
          : t('plans.status.trialEnded', { date });
      }
      break;
    case 'unit':
      status = t('plans.status.unit');
      break;
    case 'complete':
      if (subscription?.status === 'past_due' && subscription.graceEndsAt) {
        status = t('plans.status.pastDue', { date: formatDate(subscription.graceEndsAt) });
        link = { to: PATHS.account, label: t('plans.accountLink') };
      } else if (subscription?.currentPeriodEnd) {
        status = t('plans.status.renewal', { date: formatDate(subscription.currentPeriodEnd) });
      }
      break;
    case 'free-complete':
      status = t('plans.status.freeComplete');
      link = { to: PATHS.contact, label: t('plans.contactLink') };
      break;
    case 'canceled':
      status = t('plans.status.canceled');
      break;
  }

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg" data-current-plan>
      <Stack gap="xs">
        <Title order={2} size="h3" id={headingId}>
          {t('plans.yourPlan')}
        </Title>
        <Text fw={600}>{t('plans.current', { plan: t(`plans.names.${plan ?? 'none'}`) })}</Text>
        {status && <Text>{status}</Text>}
        {/* The renewal line comes with the subscription: its place is kept meanwhile, so nothing below moves. */}
        {!status && plan === 'complete' && subscription === undefined && <Text aria-hidden="true">&nbsp;</Text>}
        {link && (
          <Anchor component={Link} to={link.to} fw={600}>
            {link.label}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
