/** The loading, failed and empty states of the profile lists. */
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';

export type ListStatusProps = {
  /** The query is still loading (a loader), or failed (the message and a retry button). */
  status: 'pending' | 'error';
  /** The failure message, already translated. */
  message: string;
  onRetry: () => void;
  /** The retry is under way. */
  retrying?: boolean;
};

/** A loader while loading; an alert with a retry button on failure. */
export function ListStatus({ status, message, onRetry, retrying = false }: ListStatusProps) {
  const { t } = useTranslation();
  if (status === 'pending') return <PageLoader />;
  return (
    <Alert color="red">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="default" size="xs" onClick={onRetry} loading={retrying}>
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
