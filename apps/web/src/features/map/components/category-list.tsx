import { Alert, Group, List, Loader, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { ApiError } from '@/lib/api-client';
import { useGlobals } from '@/lib/get-globals';

/** The categories from the API, titled in the current language (the category picker grows from it). */
export function CategoryList() {
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const globals = useGlobals();

  if (globals.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t('common.loading')}</Text>
      </Group>
    );
  }
  if (globals.isError) {
    const message = globals.error instanceof ApiError ? globals.error.message : t('internal', { ns: 'errors' });
    return (
      <Alert color="red" role="alert">
        {message}
      </Alert>
    );
  }
  return (
    <section>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('home.categories')}
      </Title>
      <List aria-labelledby={headingId}>
        {globals.data.categories.map((category) => (
          <List.Item key={category.id}>{lang === 'fr' ? category.titleFr : category.titleEn}</List.Item>
        ))}
      </List>
    </section>
  );
}
