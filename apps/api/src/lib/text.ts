/** Text normalisation shared by slugs and searches. */

/** Lower-case, accents stripped (é -> e, ç -> c), whitespace collapsed. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The searchable text of a row: its parts folded and joined. */
export function searchText(...parts: Array<string | null | undefined>): string {
  return foldText(parts.filter(Boolean).join(' '));
}

/** A readable slug: "Fête de la musique!" -> "fete-de-la-musique" (at most 80 characters). */
export function slugify(value: string): string {
  const slug = foldText(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'evenement';
}

/** Escapes LIKE wildcards so user text matches literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
