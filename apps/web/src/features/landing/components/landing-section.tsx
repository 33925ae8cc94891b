/** The landing section under the map: hero (more sections follow). */
import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The landing section. */
export function LandingSection() {
  const { t } = useTranslation();
  return (
    <Container component="section" size="md" py="xl">
      <Stack>
        <Title order={1}>{t('app.name')}</Title>
        <Text size="lg">{t('home.tagline')}</Text>
      </Stack>
    </Container>
  );
}
