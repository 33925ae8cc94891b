/**
 * What keeps the event off the map, said before it is published or saved (spec: an owner may save an
 * event with only its French title; the map shows an event with a point and a date).
 */
import { mapBlockers, mapBlockersKey } from '@evmap/contract/map-readiness';
import { Alert } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { isValidDate } from '../utils/date-rules';
import type { EventFormValues } from '../utils/event-form-values';

/** "Not on the map: add a place and a date", while the form's values lack them; nothing otherwise. */
export function MapReadiness() {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues>();
  const [latitude, longitude, dates] = useWatch({ control, name: ['latitude', 'longitude', 'dates'] });
  const key = mapBlockersKey(mapBlockers({ latitude, longitude, dates: (dates ?? []).filter(isValidDate) }));
  if (!key) return null;
  return (
    <Alert color="yellow" variant="light" title={t(`mapReadiness.${key}`)} role="status">
      {t('mapReadiness.formHint')}
    </Alert>
  );
}
