/**
 * `/profile/me/plans` (spec sections 1, 4 and 9): the current plan with its dates, the plans with their prices
 * and the taxes of the user's province, what each allows, and the changes the user may ask for, each through
 * a confirmation. The plan shown is the session's user, which the change replaces, so `/profile` and its plan
 * popup follow without a reload.
 */

import { TRIAL_DAYS_ALTERNATIVE, TRIAL_MONTHS } from '@evmap/contract/constants';
import { taxProvince } from '@evmap/contract/taxes';
import type { User } from '@evmap/contract/users';
import { Anchor, Box, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '@/components/form-message';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from '@/i18n/use-translation';
import { useFormatDate } from '@/lib/dates';
import { useSubscription } from '@/lib/get-subscription';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import type { SelectablePlan } from '../api/change-plan';
import { usePlanChange } from '../hooks/use-plan-change';
import { canChoose, OFFERED_PLANS, type PlanError, trialAvailable } from '../utils/plan-rules';
import { CurrentPlan } from './current-plan';
import { PlanCard } from './plan-card';

/** The refusal of a change, in the current language, with the link that fixes it. */
function PlanMessage({ error }: { error: PlanError | null }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // The buttons are far below on a phone: bring the message into view.
  useEffect(() => {
    if (error) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  if (!error) return null;
  return (
    <Box ref={ref}>
      <FormMessage
        message={error.key ? t(error.key, { ns: 'errors' }) : error.message}
        action={
          error.link === 'account' && (
            // The alert's own text colour: the theme's link colour lacks contrast on its red background.
            <Anchor component={Link} to={PATHS.account} fw={600} c="inherit" underline="always">
              {t('plans.accountLink')}
            </Anchor>
          )
        }
      />
    </Box>
  );
}

/** The trial's end date and both trial texts of the product, kept as the welcome message shows them. */
function TrialDetails({ trialEndedAt }: { trialEndedAt: string | null }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <Stack gap="xs">
      {trialEndedAt && (
        <Text size="sm" fw={600}>
          {trialAvailable(trialEndedAt)
            ? t('plans.trialEndsOn', { date: formatDate(trialEndedAt) })
            : t('plans.trialEndedOn', { date: formatDate(trialEndedAt) })}
        </Text>
      )}
      <Text size="sm" data-trial="welcome">
        {t('welcome.trial', { months: TRIAL_MONTHS })}
      </Text>
      <Text size="sm" data-trial="explanation">
        {t('welcome.trialExplanation', { days: TRIAL_DAYS_ALTERNATIVE })}
      </Text>
    </Stack>
  );
}

/** The plans an event-manager can choose from, their taxes, and the cancellation when it is allowed. */
function ManagerPlans({ user }: { user: User }) {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const { choose, busy, error, dialog } = usePlanChange(user);
  const province = taxProvince(user);
  const current = user.planType;
  const plansId = useId();
  const cancelId = useId();

  const chooseButton = (plan: SelectablePlan, label: string, color?: string) =>
    canChoose(current, plan, user.trialEndedAt) ? (
      <Button
        color={color}
        variant={plan === 'canceled' ? 'outline' : 'filled'}
        loading={busy === plan}
        disabled={busy !== null && busy !== plan}
        onClick={() => void choose(plan)}
      >
        {label}
      </Button>
    ) : null;

  return (
    <Stack gap="lg">
      <PlanMessage error={error} />
      <CurrentPlan user={user} subscription={subscription.data} />

      <Stack component="section" aria-labelledby={plansId} gap="md">
        <Title order={2} size="h3" id={plansId}>
          {t('plans.chooseHeading')}
        </Title>
        {province ? (
          <Text size="sm">{t('plans.taxesOf', { province: t(`placeField.provinces.${province}`) })}</Text>
        ) : (
          <Text size="sm">
            {t('plans.taxesUnknown')}{' '}
            <Anchor component={Link} to={PATHS.account} fw={600}>
              {t('plans.accountLink')}
            </Anchor>
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: current === 'free-complete' ? 4 : 3 }}>
          {current === 'free-complete' && <PlanCard plan="free-complete" province={province} current />}
          {OFFERED_PLANS.map((plan) => (
            <PlanCard
              key={plan}
              plan={plan}
              province={province}
              current={current === plan}
              details={plan === 'trial' ? <TrialDetails trialEndedAt={user.trialEndedAt} /> : undefined}
              action={chooseButton(plan, t(`plans.choose.${plan}`))}
            />
          ))}
        </SimpleGrid>
      </Stack>

      {canChoose(current, 'canceled', user.trialEndedAt) && (
        <Paper component="section" aria-labelledby={cancelId} withBorder radius="md" p="lg">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h3" id={cancelId}>
              {t('plans.cancel.heading')}
            </Title>
            <Text size="sm">{t('plans.cancel.text')}</Text>
            {chooseButton('canceled', t('plans.cancel.button'), 'red')}
          </Stack>
        </Paper>
      )}
      {dialog}
    </Stack>
  );
}

/** The plans page; viewers are told plans are for organisations. */
export function PlansPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  return (
    <>
      <PageHeading title={t('pages.plans')} />
      {user?.type === 'event-manager' && <ManagerPlans user={user} />}
      {user && user.type !== 'event-manager' && (
        <Stack gap="sm" align="flex-start">
          <Text>{t('plans.managersOnly')}</Text>
          <Anchor component={Link} to={PATHS.settings} fw={600}>
            {t('plans.settingsLink')}
          </Anchor>
        </Stack>
      )}
    </>
  );
}
