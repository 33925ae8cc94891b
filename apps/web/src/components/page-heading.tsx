import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A page's main heading, also used as the document title ("Settings · EventMap"). */
export function PageHeading({ title }: { title: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
    return () => {
      document.title = t('app.name');
    };
  }, [title, t]);
  return (
    <Title order={1} size="h2" mb="md">
      {title}
    </Title>
  );
}
