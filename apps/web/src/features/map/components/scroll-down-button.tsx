/**
 * The scroll-down button (medium screens and wider): it pulses until the page has been scrolled
 * more than 200px; pressing it scrolls down 360px.
 */
import { ActionIcon } from '@mantine/core';
import { useMediaQuery, useWindowScroll } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import classes from './scroll-down-button.module.css';

const PULSE_UNTIL_PX = 200;
const STEP_PX = 360;

/** The button over the bottom of the map. */
export function ScrollDownButton() {
  const { t } = useTranslation();
  const medium = useMediaQuery('(min-width: 48em)');
  const [scroll] = useWindowScroll();
  if (!medium) return null;
  return (
    <ActionIcon
      className={classes.button}
      data-pulsing={scroll.y <= PULSE_UNTIL_PX || undefined}
      size={44}
      radius="xl"
      aria-label={t('map.scrollDown')}
      onClick={() => window.scrollBy({ top: STEP_PX, behavior: 'smooth' })}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </ActionIcon>
  );
}
