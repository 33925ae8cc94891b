/**
 * The category picker at the bottom of the map: All and one icon per category, as a radio group
 * (arrow keys move), each named by its tooltip text.
 */
import { SegmentedControl, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from '@/components/category-icon';
import { useLang } from '@/i18n/use-lang';
import { useGlobals } from '@/lib/get-globals';
import { useSearchStore } from '../hooks/use-search-store';

const ALL = 'all';

function option(value: string, name: string, icon: React.ReactNode) {
  return {
    value,
    label: (
      <Tooltip label={name} withinPortal>
        <span style={{ display: 'inline-flex' }}>
          {icon}
          <VisuallyHidden>{name}</VisuallyHidden>
        </span>
      </Tooltip>
    ),
  };
}

/** The category picker bound to the search store. */
export function CategoryPicker() {
  const { t } = useTranslation();
  const lang = useLang();
  const globals = useGlobals();
  const categoryId = useSearchStore((s) => s.categoryId);
  const setCategory = useSearchStore((s) => s.setCategory);
  const categories = globals.data?.categories ?? [];

  const data = [
    option(ALL, t('map.allCategories'), <CategoryIcon handle="all" />),
    ...categories.map((category) =>
      option(
        String(category.id),
        lang === 'fr' ? category.titleFr : category.titleEn,
        <CategoryIcon handle={category.handle} />,
      ),
    ),
  ];

  return (
    <SegmentedControl
      aria-label={t('map.categories')}
      data={data}
      value={categoryId === null ? ALL : String(categoryId)}
      onChange={(value) => setCategory(value === ALL ? null : Number(value))}
      radius="xl"
      size="sm"
      withItemsBorders={false}
    />
  );
}
