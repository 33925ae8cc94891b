/**
 * The statistics tab of an event (the owner's `/profile/events/{uuid}` and the admin event screen):
 * total views and clicks, then a chart per day of views by source and of clicks by button. Each chart
 * is hidden from assistive technology and doubled by a real table, always in the accessibility tree
 * and shown on screen on demand, so everyone can read the exact figures.
 */
import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Box,
  Center,
  Group,
  Loader,
  type MantineColor,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useFormatNumber } from '@/components/data-table/use-format-number';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { useFormatDate } from '@/lib/dates';
import { type StatsScope, useEventStats } from '../api/get-event-stats';
import { type ClickButton, type StatsSeries, statsSeries, type ViewSource } from '../utils/stats-series';

type SeriesKey = ViewSource | ClickButton;

// Hues far apart, each at least 3:1 against white (WCAG 1.4.11), so stacked bars stay apart and visible.
const COLORS: Record<SeriesKey, MantineColor> = {
  map_marker: 'blue.8',
  single_modal: 'orange.8',
  embed: 'teal.8',
  website: 'blue.8',
  phone: 'orange.8',
  external: 'grape.8',
  share_url: 'teal.8',
  directions: 'gray.7',
};

// Days are calendar days (`YYYY-MM-DD`), not instants: read and shown in UTC so no time zone shifts them.
const dayInstant = (day: string) => `${day}T00:00:00Z`;
const LONG_DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
const SHORT_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };

/** An event's statistics as `scope` reads them: totals, charts and their tables, or an empty state. */
export function EventStats({ eventId, scope }: { eventId: number; scope: StatsScope }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const query = useEventStats(scope, eventId);
  const series = useMemo(() => statsSeries(query.data ?? []), [query.data]);

  if (query.isPending) {
    return (
      <Center py="xl" role="status" aria-label={t('common.loading')}>
        <Loader />
      </Center>
    );
  }
  if (query.isError) {
    const detail = query.error instanceof ApiError ? query.error.message : null;
    return (
      <Alert color="red" variant="light" title={t('eventStats.failed')}>
        {detail}
      </Alert>
    );
  }
  const { views, clicks } = series;
  const first = views.days[0]?.date;
  const last = views.days[views.days.length - 1]?.date;
  if (!first || !last) {
    return (
      <Text c="dimmed" py="md">
        {t('eventStats.empty')}
      </Text>
    );
  }

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Totals views={views.total} clicks={clicks.total} />
        <Text size="sm" c="dimmed">
          {t('eventStats.period', {
            start: formatDate(dayInstant(first), LONG_DAY),
            end: formatDate(dayInstant(last), LONG_DAY),
          })}
        </Text>
      </Stack>
      <StatsChart title={t('eventStats.viewsTitle')} caption={t('eventStats.viewsCaption')} series={views} />
      <StatsChart title={t('eventStats.clicksTitle')} caption={t('eventStats.clicksCaption')} series={clicks} />
    </Stack>
  );
}

/** The overall figures, as a description list (a name, then its value). */
function Totals({ views, clicks }: { views: number; clicks: number }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const figures = [
    { label: t('eventStats.views'), value: views },
    { label: t('eventStats.clicks'), value: clicks },
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} m={0}>
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder p="md">
          <Text component="dt" size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text component="dd" m={0} fz={28} fw={700}>
            {formatNumber(figure.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

type ChartProps<K extends SeriesKey> = { title: string; caption: string; series: StatsSeries<K> };

/** A titled stacked bar chart of `series` per day, with its table alternative. */
function StatsChart<K extends SeriesKey>({ title, caption, series }: ChartProps<K>) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const titleId = useId();
  const [showTable, setShowTable] = useState(false);
  const data = useMemo(
    () => series.days.map((day) => ({ ...day, label: formatDate(dayInstant(day.date), SHORT_DAY) })),
    [series.days, formatDate],
  );
  const chartSeries = series.keys.map((key) => ({
    name: key,
    label: t(`eventStats.series.${key}`),
    color: COLORS[key],
  }));

  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Group justify="space-between" align="center">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Switch
          label={t('eventStats.showTable')}
          checked={showTable}
          onChange={(event) => setShowTable(event.currentTarget.checked)}
        />
      </Group>
      {/* The table below carries the same figures for assistive technology; recharts' keyboard layer is off
          because a focusable element inside aria-hidden content would be announced as nothing. */}
      <Box aria-hidden>
        <BarChart
          h={260}
          data={data}
          dataKey="label"
          series={chartSeries}
          type="stacked"
          withLegend
          accessibilityLayer={false}
          tooltipAnimationDuration={0}
          yAxisProps={{ allowDecimals: false }}
        />
      </Box>
      {showTable ? (
        <StatsTable caption={caption} series={series} visible />
      ) : (
        <VisuallyHidden>
          <StatsTable caption={caption} series={series} visible={false} />
        </VisuallyHidden>
      )}
    </Stack>
  );
}

type TableProps<K extends SeriesKey> = { caption: string; series: StatsSeries<K>; visible: boolean };

/** One row per day, one column per series, and a row of totals. */
function StatsTable<K extends SeriesKey>({ caption, series, visible }: TableProps<K>) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatNumber = useFormatNumber();
  const table = (
    <Table striped withTableBorder captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('eventStats.date')}</Table.Th>
          {series.keys.map((key) => (
            <Table.Th key={key} scope="col" ta="right">
              {t(`eventStats.series.${key}`)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {series.days.map((day) => (
          <Table.Tr key={day.date}>
            <Table.Th scope="row" fw="normal">
              {formatDate(dayInstant(day.date), LONG_DAY)}
            </Table.Th>
            {series.keys.map((key) => (
              <Table.Td key={key} ta="right">
                {formatNumber(day[key])}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">{t('eventStats.total')}</Table.Th>
          {series.keys.map((key) => (
            <Table.Td key={key} ta="right" fw={700}>
              {formatNumber(series.totals[key])}
            </Table.Td>
          ))}
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
  if (!visible) return table;
  // On a narrow screen the shown table scrolls sideways: the region takes focus so a keyboard can scroll it.
  return (
    <Table.ScrollContainer type="native" minWidth={480} tabIndex={0} role="region" aria-label={caption}>
      {table}
    </Table.ScrollContainer>
  );
}
