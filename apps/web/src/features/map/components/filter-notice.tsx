/**
 * Over the map, while a search or accessibility filters (chosen in the list or under "Search and filters") apply to
 * its markers: says so, with a
 * button that clears them (the map shows every event of the day and category again).
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { useSearchStore } from '../hooks/use-search-store';

export function FilterNotice() {
  const { t } = useTranslation();
  const text = useSearchStore((s) => s.text);
  const access = useSearchStore((s) => s.access);
  if (!text && access.length === 0) return null;
  const clear = () => {
    const store = useSearchStore.getState();
    store.setText('');
    store.setAccess([]);
  };
  return (
    <Paper shadow="sm" px="xs" py={4} mt={6} role="status">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{t('home.filtered')}</Text>
        <Button size="compact-sm" variant="light" onClick={clear}>
          {t('list.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
