import { Button, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';
import { useSwitchToEventManager } from '../hooks/use-switch-to-event-manager';

/** `/profile/me`: the settings menu (the avatar, name and email editors come with the settings issue). */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const signOut = useSignOut();
  const { switchToEventManager, isPending } = useSwitchToEventManager();

  return (
    <>
      <PageHeading title={t('pages.settings')} />
      <Stack gap={0} component="nav" aria-label={t('pages.settings')}>
        <NavLink component={Link} to={PATHS.account} label={t('menu.account')} />
        <NavLink component={Link} to={PATHS.password} label={t('menu.password')} />
        <NavLink component={Link} to={PATHS.contact} label={t('menu.contact')} />
        <NavLink component={Link} to={PATHS.deletion} label={t('menu.deletion')} />
      </Stack>
      <Stack mt="lg" align="flex-start">
        {user?.type === 'viewer' && (
          <Button variant="light" loading={isPending} onClick={() => void switchToEventManager()}>
            {t('menu.switchToManager')}
          </Button>
        )}
        <Button variant="default" onClick={signOut}>
          {t('menu.logout')}
        </Button>
      </Stack>
    </>
  );
}
