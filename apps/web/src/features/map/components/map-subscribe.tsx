/**
 * "Subscribe" over the map and the list: the feed of what the visitor is looking at (the area the map shows, the
 * category, the words and the accessibility filters; not the day: a feed covers the coming weeks).
 */
import { useCallback } from 'react';
import { SubscribeButton } from '@/components/subscribe-button';
import { useLang } from '@/i18n/use-lang';
import type { FeedFilters } from '@/lib/feed-links';
import { useGlobals } from '@/lib/get-globals';
import { useSearchStore } from '../hooks/use-search-store';

export function MapSubscribe({ mt, size }: { mt?: number; size?: 'compact-sm' | 'sm' }) {
  const lang = useLang();
  const { data: globals } = useGlobals();
  const filters = useCallback((): FeedFilters => {
    const { area, categoryId, access, text } = useSearchStore.getState();
    const category = globals?.categories.find((c) => c.id === categoryId)?.handle;
    const b = area?.bounds;
    return {
      lang,
      ...(category ? { category } : {}),
      ...(b ? { bounds: { west: b.westLng, south: b.southLat, east: b.eastLng, north: b.northLat } } : {}),
      access,
      q: text,
    };
  }, [lang, globals]);
  return <SubscribeButton filters={filters} mt={mt} size={size} />;
}
