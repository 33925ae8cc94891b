/**
 * The landing content below the hero (loaded lazily): organisations, users, the three features,
 * three testimonials and the newsletter signup.
 */
import '@/styles/lazy.css';
import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { NewsletterForm } from './newsletter-form';

const FEATURES = ['geolocation', 'variety', 'realtime'] as const;
const TESTIMONIALS = ['one', 'two', 'three'] as const;

/** The sections under the hero. */
export function LandingDetails() {
  const { t } = useTranslation();
  return (
    <Container size="md" pb="xl">
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="xs" component="section">
            <Title order={2}>{t('landing.organisations.title')}</Title>
            <Text>{t('landing.organisations.text')}</Text>
          </Stack>
          <Stack gap="xs" component="section">
            <Title order={2}>{t('landing.users.title')}</Title>
            <Text>{t('landing.users.text')}</Text>
          </Stack>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {FEATURES.map((key) => (
            <Card key={key} withBorder component="section">
              <Title order={3} size="h4">
                {t(`landing.features.${key}.title`)}
              </Title>
              <Text size="sm">{t(`landing.features.${key}.text`)}</Text>
            </Card>
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {TESTIMONIALS.map((key) => (
            <Card key={key} withBorder component="figure" m={0}>
              <Text component="blockquote" m={0} fs="italic">
                {t(`landing.testimonials.${key}.quote`)}
              </Text>
              <Text component="figcaption" size="sm" mt="xs" fw={600}>
                {t(`landing.testimonials.${key}.author`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <NewsletterForm />
      </Stack>
    </Container>
  );
}
