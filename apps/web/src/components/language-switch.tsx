import type { Lang } from '@evmap/contract/enums';
import { Button } from '@mantine/core';
import { setLanguage } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';

/** A button naming the other language in that language; pressing it switches at once and stores the choice. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const other: Lang = useLang() === 'fr' ? 'en' : 'fr';
  return (
    <Button variant="subtle" size="compact-sm" lang={other} onClick={() => void setLanguage(other)}>
      {t('language.switch')}
    </Button>
  );
}
