/**
 * An icon per category (inline SVG, decorative), shared by the map's category picker and the
 * event modal; `all` is the picker's "All" option.
 */
import type { CategoryHandle } from '@evmap/contract/enums';
import { Icon } from '@/components/icons';

const PATHS: Record<CategoryHandle | 'all', string> = {
  all: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  business: 'M3 7h18v13H3zM8 7V4h8v3M3 12h18',
  community:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M17 11a2.5 2.5 0 1 0 0-5M21 20c0-2.6-1.6-4.8-4-5.6',
  cultural: 'M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM21 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  nightlife: 'M8 21h8M12 15v6M4 3h16l-8 12z',
  'sports-entertainment': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7l4 3-1.5 5h-5L8 10z',
  'sports-outdoor': 'M3 20l6-10 4 6 3-4 5 8zM16 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
};

/** The icon of a category handle (or `all`). */
export function CategoryIcon({ handle, size = 22 }: { handle: CategoryHandle | 'all'; size?: number }) {
  return (
    <Icon size={size}>
      <path d={PATHS[handle]} />
    </Icon>
  );
}
