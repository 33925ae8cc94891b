/**
 * The text of a plan change's confirmation (spec section 4): one paragraph per consequence (the trial ends
 * for good, how the plan is charged, the subscription stops) and, when the change leaves the complete plan,
 * the events scheduled after the renewal date that are deleted now, listed by title.
 */
import type { Event } from '@evmap/contract/events';
import { List, Stack, Text } from '@mantine/core';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { useFormatDate } from '@/lib/dates';
import type { ConfirmPart } from '../utils/plan-rules';

export type PlanConfirmationProps = {
  parts: ConfirmPart[];
  /** The price as said in the charge paragraph ("$34.99 plus taxes ($40.23 in total)"). */
  price?: string;
  /** The renewal date after which events are deleted, or null when the change deletes none. */
  cutoff: string | null;
  deleted: Pick<Event, 'id' | 'titleFr' | 'titleEn'>[];
};

/** The confirmation's message. */
export function PlanConfirmation({ parts, price, cutoff, deleted }: PlanConfirmationProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatDate();
  return (
    <Stack gap="sm" data-plan-confirmation>
      {parts.map((part) => (
        <Text key={part}>{t(`plans.confirm.${part}`, { price })}</Text>
      ))}
      {cutoff && deleted.length === 0 && (
        <Text>
          {t('plans.confirm.noneDeleted', { date: formatDate(cutoff, { dateStyle: 'long', timeStyle: 'short' }) })}
        </Text>
      )}
      {cutoff && deleted.length > 0 && (
        <>
          <Text fw={600}>
            {t('plans.confirm.deleted', { date: formatDate(cutoff, { dateStyle: 'long', timeStyle: 'short' }) })}
          </Text>
          <List size="sm" aria-label={t('plans.confirm.deletedList')}>
            {deleted.map((event) => (
              <List.Item key={event.id}>{lang === 'fr' ? event.titleFr : event.titleEn || event.titleFr}</List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
