/** An event's title in the reader's language: the English title in English when there is one, else the French. */
import type { Lang } from '@evmap/contract/enums';

export function eventTitle(event: { titleFr: string; titleEn?: string | null }, lang: Lang): string {
  return lang === 'en' && event.titleEn?.trim() ? event.titleEn : event.titleFr;
}
