/**
 * The report button. Pressed, it asks why (a short list: wrong information, cancelled, offensive, spam, something
 * else), then sends the report with its reason; once sent it is replaced by a notice for this visitor alone, also
 * on a later visit (the events reported here are remembered), while other visitors see nothing (issue 27). The
 * question is loaded when the button is pressed (report-question.tsx), and asked for as soon as a pointer or the
 * focus reaches the button.
 */
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useOnDemand } from '@/lib/use-on-demand';
import { reportedHere, useSignalEvent } from '../api/signal-event';

const loadQuestion = () => import('./report-question');

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
  const question = useOnDemand(loadQuestion, (module) => module.ReportQuestion);

  if (signal.isSuccess || reportedBefore) {
    return (
      <Text size="sm" c="red.9" role="status">
        {signal.isSuccess ? t('event.reported') : t('event.reportedByYou')}
      </Text>
    );
  }

  const Question = question.loaded;
  if (Question) return <Question uuid={uuid} signal={signal} onCancel={question.hide} />;

  return (
    // Shade 9: the red stays above 4.5:1 on white and on its own hover background (WCAG 1.4.3).
    <Button
      variant="subtle"
      color="red.9"
      size="xs"
      onClick={question.show}
      {...question.preload}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('event.report')}
    </Button>
  );
}
