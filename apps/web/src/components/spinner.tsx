import { Loader, type MantineSize } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';

/**
 * Mantine's loader, read by assistive technology as "Loading…" / "Chargement…": a status. Its root is a bare <span>,
 * on which an aria-label alone is not read (axe: aria-prohibited-attr).
 */
export function Spinner({ size }: { size?: MantineSize }) {
  const { t } = useTranslation();
  return <Loader size={size} role="status" aria-label={t('common.loading')} />;
}
