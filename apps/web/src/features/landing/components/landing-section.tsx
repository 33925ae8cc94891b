/** The landing section under the map: the hero at once, the rest loaded lazily (it is below the fold). */
import { Container, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';

const LandingDetails = lazy(() => import('./landing-details').then((m) => ({ default: m.LandingDetails })));

/** The hero at once; the details once the visitor scrolls near them (a sentinel watched from afar). */
export function LandingSection() {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  // The details (and their form code) load when the visitor scrolls towards them, not with the map.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '150px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);

  return (
    <>
      <Container component="section" size="md" py="xl">
        <Stack>
          <Title order={1}>{t('app.name')}</Title>
          <Text size="lg">{t('home.tagline')}</Text>
          <Text>{t('landing.hero')}</Text>
        </Stack>
      </Container>
      <div ref={sentinel} />
      {near && (
        <Suspense>
          <LandingDetails />
        </Suspense>
      )}
    </>
  );
}
