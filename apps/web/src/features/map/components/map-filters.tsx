/**
 * Over the map (issue 24): a "Search and filters" button that opens the list's search field and accessibility
 * filters in a dialog anchored to it (map-filters-popover.tsx). Its choices narrow the map's markers exactly as they
 * narrow the list; the button stays filled while some apply. The home's first load holds only this button: the
 * dialog's code (the popover's positioning, the filters) loads when the button is first pointed at, focused or
 * pressed, and replaces it, open.
 */
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useSearchStore } from '../hooks/use-search-store';

const loadPopover = () => import('./map-filters-popover');
const MapFiltersPopover = lazy(() => loadPopover().then((m) => ({ default: m.MapFiltersPopover })));
const preload = () => void loadPopover().catch(() => undefined);

export function MapFilters() {
  const { t } = useTranslation();
  const [used, setUsed] = useState(false);
  const active = useSearchStore((s) => s.text !== '' || s.access.length > 0);
  const button = (
    <Button
      size="compact-sm"
      mt={6}
      variant={active ? 'filled' : 'default'}
      onClick={() => setUsed(true)}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {t('home.searchFilters')}
    </Button>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <MapFiltersPopover active={active} />
    </Suspense>
  );
}
