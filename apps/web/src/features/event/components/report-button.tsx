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
      <Text size="sm" c="red.9" role="status">
        {t('event.reported')}
      </Text>
    );
  }
  return (
    // Shade 9: the red stays above 4.5:1 on white and on its own hover background (WCAG 1.4.3).
    <Button
      variant="subtle"
      color="red.9"
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
