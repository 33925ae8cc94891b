/**
 * The day picker at the top of the map: "now" (events in progress or starting within three hours, each in its own
 * time zone), then the 7 days from today, as a radio group (arrow keys move),
 * each showing its weekday initial over its day of the month (an initial alone says nothing on a phone, where no
 * tooltip shows), with the full date (or "today") as tooltip and accessible name. The names of days are written out
 * (lib/calendar-text.ts): a date format of `Intl` made on the first screen was its longest task.
 */
import { DAY_NOW } from '@evmap/contract/constants';
import { useMemo } from 'react';
import { Icon } from '@/components/icons';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { localParts, weekdayInitial, writeDay } from '@/lib/calendar-text';
import { useSearchStore } from '../hooks/use-search-store';
import { dayKey, pickerDays } from '../utils/days';
import { PickerBar, type PickerOption } from './picker-bar';
import classes from './picker-bar.module.css';

/** The seven-day picker bound to the search store. */
export function DayPicker() {
  const { t } = useTranslation();
  const lang = useLang();
  const selectedDay = useSearchStore((s) => s.selectedDay);
  const setDay = useSearchStore((s) => s.setDay);

  const options = useMemo((): PickerOption[] => {
    const now: PickerOption = {
      value: DAY_NOW,
      name: t('map.now'),
      content: (
        <span className={classes.day}>
          <Icon size={18}>
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </Icon>
        </span>
      ),
    };
    return [
      now,
      ...pickerDays().map((date, i) => ({
        value: dayKey(date),
        name:
          i === 0
            ? t('map.today')
            : writeDay(localParts(date), lang, { weekday: 'long', month: 'long', year: false }, false),
        content: (
          <span className={classes.day}>
            <span>{weekdayInitial(localParts(date), lang)}</span>
            <span className={classes.dayNumber}>{date.getDate()}</span>
          </span>
        ),
      })),
    ];
  }, [lang, t]);

  return <PickerBar label={t('map.days')} options={options} value={selectedDay} onChange={setDay} tooltips="below" />;
}
