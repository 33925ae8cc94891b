import { Center, Loader } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';

/** Shown while a page's code or the session is loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="50dvh" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
