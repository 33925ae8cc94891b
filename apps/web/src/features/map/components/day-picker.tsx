/**
 * The day picker at the top of the map: the 7 days from today as a radio group (arrow keys move),
 * each showing its weekday initial, with the full date (or "today") as tooltip and accessible name.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { useSearchStore } from '../hooks/use-search-store';
import { dayKey, pickerDays } from '../utils/days';
import { PickerBar, type PickerOption } from './picker-bar';

/** The seven-day picker bound to the search store. */
export function DayPicker() {
  const { t } = useTranslation();
  const lang = useLang();
  const selectedDay = useSearchStore((s) => s.selectedDay);
  const setDay = useSearchStore((s) => s.setDay);
  const locale = lang === 'fr' ? 'fr-CA' : 'en-CA';

  const options = useMemo((): PickerOption[] => {
    const initial = new Intl.DateTimeFormat(locale, { weekday: 'narrow' });
    const full = new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric' });
    return pickerDays().map((date, i) => ({
      value: dayKey(date),
      name: i === 0 ? t('map.today') : full.format(date),
      content: initial.format(date).toUpperCase(),
    }));
  }, [locale, t]);

  return <PickerBar label={t('map.days')} options={options} value={selectedDay} onChange={setDay} tooltips="below" />;
}
