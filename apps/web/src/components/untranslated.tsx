/**
 * The "not translated" mark (issue 25): a text of an event not written in the reader's language shows the other
 * language's original, in a span whose `lang` says which, followed by a small mark. The event answer says which
 * texts fall back (`untranslated`, per language).
 */
import type { Lang } from '@evmap/contract/enums';
import type { Event, TranslatedField } from '@evmap/contract/events';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';

/** The language of the text shown for `field` when it is not written in `lang`, or undefined when it is. */
export function originalLang(
  event: Pick<Event, 'untranslated'> | undefined,
  field: TranslatedField,
  lang: Lang,
): Lang | undefined {
  if (!event?.untranslated?.[lang]?.includes(field)) return undefined;
  return lang === 'en' ? 'fr' : 'en';
}

/** The small mark itself. */
export function NotTranslatedMark() {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="gray.8" size="xs" tt="none" fw={500} style={{ verticalAlign: 'middle' }}>
      {t('event.notTranslated')}
    </Badge>
  );
}

/** `children` (the text of `field` in `lang`), marked when it is the other language's original. */
export function MaybeTranslated({
  event,
  field,
  lang,
  children,
}: {
  event: Pick<Event, 'untranslated'> | undefined;
  field: TranslatedField;
  lang: Lang;
  children: ReactNode;
}) {
  const original = originalLang(event, field, lang);
  if (!original) return <>{children}</>;
  return (
    <>
      <span lang={original}>{children}</span> <NotTranslatedMark />
    </>
  );
}
