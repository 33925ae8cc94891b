/**
 * The dialog of "Search and filters" over the map (map-filters.tsx loads this module on first use, so that the
 * popover's positioning code and the filters stay out of the home's first load): the list's search field and
 * accessibility filters (ListFilters) anchored to the button, open as soon as it is shown. Escape or a click outside closes
 * it and gives the focus back to the button.
 */
import '@/styles/lazy.css';
import { Button, Popover } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { ListFilters } from './list-filters';

export function MapFiltersPopover({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  // This button replaces the one that was pressed: it takes the focus first, so that closing gives it back here.
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={340}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
      // The button sits in the map's corner: the dialog stays with it rather than vanishing when it scrolls away.
      hideDetached={false}
    >
      <Popover.Target>
        <Button
          ref={target}
          size="compact-sm"
          mt={6}
          variant={active ? 'filled' : 'default'}
          onClick={() => setOpened((o) => !o)}
        >
          {t('home.searchFilters')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('home.searchFilters')} px={0}>
        <ListFilters inDialog />
      </Popover.Dropdown>
    </Popover>
  );
}
