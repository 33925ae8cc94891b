/**
 * Over the map (issue 24): a "Search and filters" button that opens the list's search field and accessibility
 * filters (ListFilters) in a dialog anchored to it. Its choices narrow the map's markers exactly as they narrow the
 * list; the button stays filled while some apply. The filters' code loads when the button is first pointed at,
 * focused or pressed (the home's first load stays small), and the dialog opens once it is there, so that the focus
 * lands in its search field and stays in the dialog; Escape or a click outside closes it and gives the focus back.
 */
import { Button, Popover } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchStore } from '../hooks/use-search-store';

type FiltersModule = typeof import('./list-filters');
let filtersModule: FiltersModule | undefined;
let loading: Promise<FiltersModule> | undefined;
function loadFilters(): Promise<FiltersModule> {
  loading ??= import('./list-filters').then((module) => {
    filtersModule = module;
    return module;
  });
  return loading;
}

export function MapFilters() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const active = useSearchStore((s) => s.text !== '' || s.access.length > 0);
  const toggle = () => {
    if (opened || filtersModule) setOpened(!opened);
    else
      loadFilters().then(
        () => setOpened(true),
        () => undefined,
      );
  };
  const Filters = filtersModule?.ListFilters;
  return (
    <Popover
      opened={opened && Filters !== undefined}
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
          size="compact-sm"
          mt={6}
          variant={active ? 'filled' : 'default'}
          onClick={toggle}
          onPointerEnter={() => void loadFilters().catch(() => undefined)}
          onFocus={() => void loadFilters().catch(() => undefined)}
        >
          {t('home.searchFilters')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('home.searchFilters')} px={0}>
        {Filters && <Filters inDialog />}
      </Popover.Dropdown>
    </Popover>
  );
}
