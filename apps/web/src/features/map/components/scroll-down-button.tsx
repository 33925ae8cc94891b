/**
 * The scroll-down button (medium screens and wider): it pulses until the page has been scrolled
 * more than 200px; pressing it scrolls down 360px.
 */
import { ActionIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { afterNextPaint } from '@/lib/after-next-paint';
import classes from './scroll-down-button.module.css';

const PULSE_UNTIL_PX = 200;
const STEP_PX = 360;

/**
 * Whether the page is still scrolled no more than 200px: read on scroll events and once after the first paint (a
 * restored scroll position), never while the first screen is being laid out.
 */
function useNearTop(active: boolean): boolean {
  const [nearTop, setNearTop] = useState(true);
  useEffect(() => {
    if (!active) return;
    const update = () => setNearTop(window.scrollY <= PULSE_UNTIL_PX);
    window.addEventListener('scroll', update, { passive: true });
    const cancel = afterNextPaint(update);
    return () => {
      cancel();
      window.removeEventListener('scroll', update);
    };
  }, [active]);
  return nearTop;
}

/** The button over the bottom of the map. */
export function ScrollDownButton() {
  const { t } = useTranslation();
  const medium = useMediaQuery('(min-width: 48em)') ?? false;
  const nearTop = useNearTop(medium);
  if (!medium) return null;
  return (
    <ActionIcon
      className={classes.button}
      data-pulsing={nearTop || undefined}
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
