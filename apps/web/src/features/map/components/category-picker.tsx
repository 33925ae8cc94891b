/**
 * The category picker at the bottom of the map: All and one icon per category, as a radio group
 * (arrow keys move), each named by its tooltip text; the chosen category's name is written above the bar.
 */
import { CategoryIcon } from '@/components/category-icon';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { useGlobals } from '@/lib/get-globals';
import { useSearchStore } from '../hooks/use-search-store';
import { PickerBar, type PickerOption } from './picker-bar';

const ALL = 'all';

/** The category picker bound to the search store. */
export function CategoryPicker() {
  const { t } = useTranslation();
  const lang = useLang();
  const globals = useGlobals();
  const categoryId = useSearchStore((s) => s.categoryId);
  const setCategory = useSearchStore((s) => s.setCategory);
  const categories = globals.data?.categories ?? [];

  const options: PickerOption[] = [
    { value: ALL, name: t('map.allCategories'), content: <CategoryIcon handle="all" /> },
    ...categories.map((category) => ({
      value: String(category.id),
      name: lang === 'fr' ? category.titleFr : category.titleEn,
      content: <CategoryIcon handle={category.handle} />,
    })),
  ];

  return (
    <PickerBar
      label={t('map.categories')}
      options={options}
      value={categoryId === null ? ALL : String(categoryId)}
      onChange={(value) => setCategory(value === ALL ? null : Number(value))}
      tooltips="above"
      showChosen
    />
  );
}
