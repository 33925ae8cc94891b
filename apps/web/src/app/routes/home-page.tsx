import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CategoryList } from '@/features/map/components/category-list';

/** `/`: the home page (the map comes in a later issue). */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <Container component="main" size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('app.name')}</Title>
        <Text size="lg">{t('home.tagline')}</Text>
        <CategoryList />
      </Stack>
    </Container>
  );
}
