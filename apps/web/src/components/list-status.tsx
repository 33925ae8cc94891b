/** The loading, failed and empty states of every list (the profile lists, the admin tables, the invoices). */
import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '@/components/page-loader';
import { useTranslation } from '@/i18n/use-translation';

export type ListStatusProps = {
  /** The query is still loading (a loader), or failed (the message and a retry button). */
  status: 'pending' | 'error';
  /** The failure message, already translated (needed for `error`). */
  message?: string;
  onRetry?: () => void;
  /** The retry is under way. */
  retrying?: boolean;
  /** A part of a page (a small loader), not the whole page. */
  compact?: boolean;
};

/** A loader while loading; an alert with a retry button on failure. */
export function ListStatus(props: ListStatusProps) {
  const { t } = useTranslation();
  if (props.status === 'pending' && props.compact) {
    return (
      <Center py="md" role="status" aria-label={t('common.loading')}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (props.status === 'pending') return <PageLoader />;
  return (
    <Alert color="red">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{props.message}</Text>
        <Button variant="default" size="xs" onClick={props.onRetry} loading={props.retrying ?? false}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** An empty list: what is missing, a hint, and the action that fills it. */
export function EmptyList({ title, hint, action }: { title: string; hint: string; action: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{title}</Text>
        <Text size="sm">{hint}</Text>
        {action}
      </Stack>
    </Paper>
  );
}
