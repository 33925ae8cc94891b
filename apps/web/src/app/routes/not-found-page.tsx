import { Center, Title } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';

/** Any unknown route: the page shows only the text 404 (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100dvh">
      <Title order={1}>{t('notFound.code')}</Title>
    </Center>
  );
}
