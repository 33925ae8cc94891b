import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from '@/i18n/use-translation';
import { useSession } from '@/lib/session';
import { useSwitchToEventManager } from '../hooks/use-switch-to-event-manager';
import { AvatarForm } from './avatar-form';
import { PendingEmail } from './pending-email';
import { ProfileForm } from './profile-form';
import { SettingsMenu } from './settings-menu';

/** A viewer's way to publish (spec section 4): the type update, then /profile. There is no way back. */
function SwitchToManager() {
  const { t } = useTranslation();
  const headingId = useId();
  const { switchToEventManager, isPending } = useSwitchToEventManager();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" align="flex-start">
      <Title order={2} size="h4" id={headingId}>
        {t('settings.managerHeading')}
      </Title>
      <Text size="sm">{t('settings.managerText')}</Text>
      <Button variant="light" loading={isPending} onClick={() => void switchToEventManager()}>
        {t('menu.switchToManager')}
      </Button>
    </Stack>
  );
}

/**
 * `/profile/me`: the avatar, the name and email (with a pending email change), the switch to
 * event-manager for viewers, and the settings menu.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const profileHeadingId = useId();
  if (!user) return null;

  return (
    <>
      <PageHeading title={t('pages.settings')} />
      <Stack gap="xl">
        <Stack component="section" aria-labelledby={profileHeadingId}>
          <Title order={2} size="h4" id={profileHeadingId}>
            {t('settings.profileHeading')}
          </Title>
          <AvatarForm user={user} />
          <PendingEmail user={user} />
          {/* A verified change of address starts the form again from the new one. */}
          <ProfileForm key={user.email} user={user} />
        </Stack>
        {user.type === 'viewer' && !user.isAdmin && <SwitchToManager />}
        <Divider />
        <SettingsMenu />
      </Stack>
    </>
  );
}
