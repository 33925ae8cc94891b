import { STORAGE_KEYS, TRIAL_DAYS_ALTERNATIVE, TRIAL_MONTHS } from '@evmap/contract/constants';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * The welcome message for organisations, shown once per browser. It keeps both free-trial texts of
 * the product as they are: the welcome text says TRIAL_MONTHS months, the explanation says
 * TRIAL_DAYS_ALTERNATIVE days (a known conflict of spec section 1, deliberately left visible).
 */
export function WelcomeModal() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(() => readStorage(STORAGE_KEYS.welcome) === null);

  const close = () => {
    writeStorage(STORAGE_KEYS.welcome, new Date().toISOString());
    setOpened(false);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('welcome.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text data-trial="welcome">{t('welcome.trial', { months: TRIAL_MONTHS })}</Text>
        <Text>{t('welcome.freeForNow')}</Text>
        <Text data-trial="explanation" c="dimmed" size="sm">
          {t('welcome.trialExplanation', { days: TRIAL_DAYS_ALTERNATIVE })}
        </Text>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            {t('welcome.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
