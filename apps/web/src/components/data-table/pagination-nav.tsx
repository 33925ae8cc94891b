/**
 * The page buttons under a table: first, previous, the pages of `paginationItems` with their
 * ellipses, next and last, in a labelled navigation landmark; the current page is `aria-current`.
 * Every button reports the page it names, the current one too: the table's state decides whether that
 * changes anything (its URL may already be ahead of the page shown, see useTableUrlState).
 */
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { paginationItems } from './pagination-model';
import classes from './pagination-nav.module.css';

export type PaginationNavProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark ("Pages of the events"). */
  label: string;
};

/** The pagination; nothing when everything fits on one page. */
export function PaginationNav({ page, totalPages, onChange, label }: PaginationNavProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const step = (target: number, text: string, disabled: boolean) => (
    <li>
      <Button variant="default" size="compact-sm" disabled={disabled} onClick={() => onChange(target)}>
        {text}
      </Button>
    </li>
  );

  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm" mt="md" wrap="wrap">
      <ul className={classes.list}>
        {step(1, t('dataTable.first'), current === 1)}
        {step(current - 1, t('dataTable.previous'), current === 1)}
        {paginationItems(current, totalPages).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={`ellipsis-${item.side}`} className={classes.ellipsis}>
              …
            </li>
          ) : (
            <li key={item.page}>
              <Button
                variant={item.page === current ? 'filled' : 'default'}
                size="compact-sm"
                aria-label={t('dataTable.page', { page: item.page })}
                aria-current={item.page === current ? 'page' : undefined}
                onClick={() => onChange(item.page)}
              >
                {item.page}
              </Button>
            </li>
          ),
        )}
        {step(current + 1, t('dataTable.next'), current === totalPages)}
        {step(totalPages, t('dataTable.last'), current === totalPages)}
      </ul>
      <Text size="sm">{t('dataTable.pageOf', { page: current, total: totalPages })}</Text>
    </Group>
  );
}
