import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { legalUrl } from '@/lib/app-links';
import { readCookieConsent, shouldShowCookieBanner, writeCookieConsent } from '@/lib/banners';
import { useOverlayTurn } from '@/lib/overlay-turn';

/**
 * The cookie-consent banner (version COOKIE_BANNER.version): shown until accepted, again 24 hours
 * after a refusal, and again to everyone when the version changes. On a phone it is the first overlay of a visit
 * (overlay-turn.ts).
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const [visible, setVisible] = useState(() => shouldShowCookieBanner(readCookieConsent(), Date.now()));
  const shown = useOverlayTurn('cookies', visible);
  if (!shown) return null;

  const answer = (accepted: boolean) => {
    writeCookieConsent(accepted, Date.now());
    setVisible(false);
  };

  return (
    <Paper component="section" aria-labelledby={titleId} shadow="md" p="md" withBorder data-banner="cookies">
      <Text fw={600} id={titleId}>
        {t('cookies.title')}
      </Text>
      <Text size="sm" mt={4}>
        {t('cookies.text')}{' '}
        <Anchor href={legalUrl('policy', lang)} target="_blank" rel="noopener" size="sm">
          {t('footer.policy')}
        </Anchor>
      </Text>
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button variant="default" onClick={() => answer(false)}>
          {t('cookies.decline')}
        </Button>
        <Button onClick={() => answer(true)}>{t('cookies.accept')}</Button>
      </Group>
    </Paper>
  );
}
