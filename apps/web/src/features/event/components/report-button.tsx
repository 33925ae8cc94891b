/**
 * The report button. Pressed, it asks why (a short list: wrong information, cancelled, offensive, spam, something
 * else), then sends the report with its reason; once sent it is replaced by a notice for this visitor alone, also
 * on a later visit (the events reported here are remembered), while other visitors see nothing (issue 27).
 */
import { SIGNAL_REASONS, type SignalReason } from '@evmap/contract/signal-reasons';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { reportedHere, useSignalEvent } from '../api/signal-event';

/** Whether this browser reported the event `uuid`. */
export function useReportedHere(uuid: string): boolean {
  const [reported] = useState(() => reportedHere().includes(uuid));
  return reported;
}

/** Reports the event `uuid`. */
export function ReportButton({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const signal = useSignalEvent();
  const reportedBefore = useReportedHere(uuid);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<SignalReason | null>(null);
  const [missing, setMissing] = useState(false);
  const firstChoice = useRef<HTMLInputElement>(null);
  const reportButton = useRef<HTMLButtonElement>(null);

  // The question takes the focus when it opens, so a keyboard or screen-reader user lands on the choices.
  useEffect(() => {
    if (asking) firstChoice.current?.focus();
  }, [asking]);

  if (signal.isSuccess || reportedBefore) {
    return (
      <Text size="sm" c="red.9" role="status">
        {signal.isSuccess ? t('event.reported') : t('event.reportedByYou')}
      </Text>
    );
  }

  if (!asking) {
    return (
      // Shade 9: the red stays above 4.5:1 on white and on its own hover background (WCAG 1.4.3).
      <Button
        ref={reportButton}
        variant="subtle"
        color="red.9"
        size="xs"
        onClick={() => setAsking(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('event.report')}
      </Button>
    );
  }

  const send = () => {
    if (!reason) {
      setMissing(true);
      firstChoice.current?.focus();
      return;
    }
    signal.mutate(
      { uuid, reason },
      {
        onError: (error) => toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' })),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('event.reportReasons.legend')}
        value={reason}
        onChange={(value) => {
          setReason(value as SignalReason);
          setMissing(false);
        }}
        error={missing ? t('event.reportReasons.required') : undefined}
        size="sm"
      >
        <Stack gap={6} mt={6}>
          {SIGNAL_REASONS.map((value, index) => (
            <Radio
              key={value}
              value={value}
              label={t(`event.reportReasons.${value}`)}
              ref={index === 0 ? firstChoice : undefined}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group gap="xs">
        <Button size="xs" color="red.9" loading={signal.isPending} onClick={send}>
          {t('event.reportReasons.send')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            setAsking(false);
            setMissing(false);
          }}
        >
          {t('event.reportReasons.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
