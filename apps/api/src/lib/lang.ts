/** The language of a request: `Accept-Language` starting with fr means French, anything else English. */
import type { Lang } from '@evmap/contract/enums';

export function langFromHeader(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim().toLowerCase().startsWith('fr') ? 'fr' : 'en';
}
