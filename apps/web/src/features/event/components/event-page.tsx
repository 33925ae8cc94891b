import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/events/:handleOrUuid`: a single event (loaded by handle or uuid with the event issue). */
export function EventPage() {
  const { t } = useTranslation();
  return (
    <Container component="main" size="sm" py="xl">
      <PageHeading title={t('pages.event')} />
    </Container>
  );
}
