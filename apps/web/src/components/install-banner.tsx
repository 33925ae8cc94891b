import { INSTALL_BANNER } from '@evmap/contract/constants';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import {
  countVisit,
  installContext,
  isIos,
  readInstallDismissal,
  shouldOfferInstall,
  writeInstallDismissal,
} from '@/lib/banners';
import { promptInstall, useInstallPrompt } from '@/lib/install-prompt';
import { useOverlayTurn } from '@/lib/overlay-turn';

/**
 * The install banner: on mobile browsers only, not when already installed, from the second visit on,
 * INSTALL_BANNER.delayMs after the page opens and once no other overlay waits; a dismissal is remembered
 * INSTALL_BANNER.dismissDays days.
 */
export function InstallBanner() {
  const { t } = useTranslation();
  const titleId = useId();
  const { prompt, installed } = useInstallPrompt();
  const [visible, setVisible] = useState(false);

  const shown = useOverlayTurn('install', visible && !installed);

  useEffect(() => {
    countVisit();
    if (!shouldOfferInstall(readInstallDismissal(), installContext(), Date.now())) return;
    const timer = setTimeout(() => setVisible(true), INSTALL_BANNER.delayMs);
    return () => clearTimeout(timer);
  }, []);

  if (!shown) return null;

  const dismiss = () => {
    writeInstallDismissal(Date.now());
    setVisible(false);
  };
  const install = async () => {
    const outcome = await promptInstall();
    if (outcome === 'dismissed') dismiss();
    if (outcome === 'accepted') setVisible(false);
  };
  const instructions = isIos(navigator.userAgent) ? t('install.iosSteps') : t('install.menuSteps');

  return (
    <Paper component="section" aria-labelledby={titleId} shadow="md" p="md" withBorder data-banner="install">
      <Text fw={600} id={titleId}>
        {t('install.title')}
      </Text>
      <Text size="sm" mt={4}>
        {prompt ? t('install.text') : instructions}
      </Text>
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button variant="default" onClick={dismiss}>
          {t('install.dismiss')}
        </Button>
        {prompt && <Button onClick={() => void install()}>{t('install.install')}</Button>}
      </Group>
    </Paper>
  );
}
