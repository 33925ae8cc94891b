import { Button, Center, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { reportError } from '@/lib/error-reporting';

/** Shown instead of a page that threw while rendering or loading. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
    reportError(error);
  }, [error]);
  return (
    <Center component="main" mih="100dvh">
      <Stack align="center">
        <Text>{t('app.crashed')}</Text>
        <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
      </Stack>
    </Center>
  );
}
