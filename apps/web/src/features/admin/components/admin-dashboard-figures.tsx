import type { AdminDashboard } from '@evmap/contract/admin-dashboard';
import { PLAN_TYPES } from '@evmap/contract/constants';
import { Alert, Anchor, Button, Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormatNumber } from '@/components/data-table/use-format-number';
import { Spinner } from '@/components/spinner';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { useAdminDashboard } from '../api/admin-dashboard';

/** Where each figure leads: the list it counts (the lists keep their filters and sort in the URL). */
export const FIGURE_LINKS = {
  eventsToday: PATHS.adminEvents,
  eventsThisWeek: PATHS.adminEvents,
  organisers: `${PATHS.adminUsers}?type=event-manager`,
  newAccounts: `${PATHS.adminUsers}?sortField=createdAt&sortDirection=desc`,
  reportedEvents: `${PATHS.adminEvents}?sortField=signaledCount&sortDirection=desc`,
} as const;

const PLAN_ORDER = [...PLAN_TYPES, 'none'] as const;

/** One count, as a link to its list: the number first, then what it counts (both in the link's name). */
function Figure({ value, label, to, children }: { value: string; label: string; to: string; children?: ReactNode }) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Anchor component={Link} to={to} underline="hover" c="inherit" display="block">
        <Text component="span" display="block" fz={32} fw={700} lh={1.1} c="blue.8">
          {value}
        </Text>
        <Text component="span" display="block" fw={500}>
          {label}
        </Text>
      </Anchor>
      {children}
    </Paper>
  );
}

/** The dashboard's counts (events today and this week, organisers by plan, new accounts, reported events). */
export function AdminDashboardFigures() {
  const { t } = useTranslation();
  const query = useAdminDashboard();
  const formatNumber = useFormatNumber();

  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert color="red" variant="light">
        <Group justify="space-between">
          <Text size="sm">{t('adminDashboard.loadFailed')}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('adminDashboard.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (!query.data) {
    body = (
      <Center py="lg">
        <Spinner />
      </Center>
    );
  } else {
    const counts: AdminDashboard['counts'] = query.data;
    const organisers = PLAN_ORDER.reduce((sum, plan) => sum + (counts.organisersByPlan[plan] ?? 0), 0);
    body = (
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        <Figure
          value={formatNumber(counts.eventsToday)}
          label={t('adminDashboard.eventsToday')}
          to={FIGURE_LINKS.eventsToday}
        />
        <Figure
          value={formatNumber(counts.eventsThisWeek)}
          label={t('adminDashboard.eventsThisWeek')}
          to={FIGURE_LINKS.eventsThisWeek}
        />
        <Figure
          value={formatNumber(counts.newAccountsThisWeek)}
          label={t('adminDashboard.newAccounts')}
          to={FIGURE_LINKS.newAccounts}
        />
        <Figure
          value={formatNumber(counts.reportedEvents)}
          label={t('adminDashboard.reportedEvents')}
          to={FIGURE_LINKS.reportedEvents}
        />
        <Figure value={formatNumber(organisers)} label={t('adminDashboard.organisers')} to={FIGURE_LINKS.organisers}>
          <Text size="xs" c="dimmed" mt="xs" tt="uppercase">
            {t('adminDashboard.organisersByPlan')}
          </Text>
          <Stack component="dl" gap={2} mt={4} mb={0}>
            {PLAN_ORDER.map((plan) => (
              <Group key={plan} justify="space-between" gap="xs" wrap="nowrap">
                <Text component="dt" size="sm" c="dimmed">
                  {t(`adminDashboard.plans.${plan}`)}
                </Text>
                <Text component="dd" size="sm" fw={600} m={0}>
                  {formatNumber(counts.organisersByPlan[plan] ?? 0)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Figure>
      </SimpleGrid>
    );
  }

  return (
    <section aria-labelledby="admin-figures-heading">
      <Title order={2} size="h3" mb="sm" id="admin-figures-heading">
        {t('adminDashboard.figuresHeading')}
      </Title>
      {body}
    </section>
  );
}
