/** Whether an import source is active or paused, as a badge (the admin's sources, an organisation's calendars). */
import type { ImportSource } from '@evmap/contract/import';
import { Badge } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';

/** Mantine's greens are too light for small text on white (WCAG AA): a darker one. */
const DARK_GREEN = '#1b5e20';

/** Active or paused, as a badge. */
export function ImportSourceState({ source }: { source: Pick<ImportSource, 'paused'> }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="outline"
      color={source.paused ? 'orange.9' : DARK_GREEN}
      size="sm"
      tt="none"
      // A narrow column never cuts the word.
      style={{ minWidth: 'max-content' }}
    >
      {t(source.paused ? 'sources.state.paused' : 'sources.state.active')}
    </Badge>
  );
}
