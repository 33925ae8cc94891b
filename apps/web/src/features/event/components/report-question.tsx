/**
 * The report button's question (report-button.tsx): why the event is reported, then the report sent with its reason.
 * A module of its own, loaded when the button is pressed: its radio buttons are the only form controls of the event
 * dialog, and they kept the UI kit's form controls in every event page's scripts.
 */
import { SIGNAL_REASONS, type SignalReason } from '@evmap/contract/signal-reasons';
import { Button, Group, Radio, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { useSignalEvent } from '../api/signal-event';

export type ReportQuestionProps = {
  uuid: string;
  signal: ReturnType<typeof useSignalEvent>;
  onCancel: () => void;
};

export function ReportQuestion({ uuid, signal, onCancel }: ReportQuestionProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<SignalReason | null>(null);
  const [missing, setMissing] = useState(false);
  const firstChoice = useRef<HTMLInputElement>(null);

  // The question takes the focus when it opens, so a keyboard or screen-reader user lands on the choices.
  useEffect(() => {
    firstChoice.current?.focus();
  }, []);

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
        <Button size="xs" variant="default" onClick={onCancel}>
          {t('event.reportReasons.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
