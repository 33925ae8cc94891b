/** The report button, replaced by a "reported" notice once used. */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSignalEvent } from '../api/signal-event';

/** Reports the event `uuid`. */
export function ReportButton({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const signal = useSignalEvent();
  if (signal.isSuccess) {
    return (
      <Text size="sm" c="red.8" role="status">
        {t('event.reported')}
      </Text>
    );
  }
  return (
    <Button
      variant="subtle"
      color="red.8"
      size="xs"
      loading={signal.isPending}
      onClick={() =>
        signal.mutate(uuid, {
          onError: (error) => toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' })),
        })
      }
      style={{ alignSelf: 'flex-start' }}
    >
      {t('event.report')}
    </Button>
  );
}
