/**
 * The switch between the map and the list on the home (issue 24): two toggle buttons named by their visible label,
 * the chosen one pressed, the state in the URL (`?view=list`), so that a shared link opens the list and the browser's
 * back returns to the map. Plain buttons: no extra code on the first screen.
 */
import { Button, Group } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';

export type HomeView = 'map' | 'list';

export function ViewSwitch({ value, onChange }: { value: HomeView; onChange: (view: HomeView) => void }) {
  const { t } = useTranslation();
  const choice = (view: HomeView, label: string) => (
    <Button
      size="compact-sm"
      variant={value === view ? 'filled' : 'default'}
      aria-pressed={value === view}
      onClick={() => value !== view && onChange(view)}
    >
      {label}
    </Button>
  );
  return (
    <Group gap={0} role="group" aria-label={t('home.view')} wrap="nowrap">
      {choice('map', t('home.mapView'))}
      {choice('list', t('home.listView'))}
    </Group>
  );
}
