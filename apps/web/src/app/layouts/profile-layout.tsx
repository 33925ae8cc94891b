import { ActionIcon, Box, Container, Group } from '@mantine/core';
import '@/styles/lazy.css';
import { Link, Outlet, useLocation } from 'react-router';
import { AlertIcon, ArrowLeftIcon, SettingsIcon } from '@/components/icons';
import { WelcomeModal } from '@/components/welcome-modal';
import { planRequirement } from '@/features/profile/utils/plan-requirement';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { headerAction } from './page-chrome';
import { isProfileIncomplete } from './profile-completeness';
import classes from './profile-layout.module.css';
import { UserMenu } from './user-menu';

/** The header of the profile pages: settings (with a red alert when the profile is incomplete) or back. */
function ProfileHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession((state) => state.user);
  const action = headerAction(pathname);
  const incomplete = user !== null && isProfileIncomplete(user);

  return (
    <Box component="header" className={classes.header}>
      <Group justify="space-between" wrap="nowrap">
        {action.kind === 'settings' ? (
          <ActionIcon
            component={Link}
            to={PATHS.settings}
            variant="subtle"
            size="xl"
            aria-label={incomplete ? t('header.settingsIncomplete') : t('header.settings')}
            data-incomplete={incomplete || undefined}
            className={classes.settings}
          >
            <SettingsIcon />
            {incomplete && <AlertIcon size={16} className={classes.alert} data-testid="profile-incomplete" />}
          </ActionIcon>
        ) : (
          <ActionIcon component={Link} to={action.to} variant="subtle" size="xl" aria-label={t('header.back')}>
            <ArrowLeftIcon />
          </ActionIcon>
        )}
        <UserMenu />
      </Group>
    </Box>
  );
}

/**
 * The signed-in pages outside the admin area: header, content, and the welcome message for organisations. The
 * welcome (about the free trial) waits while a plan is required: the plan popup of /profile speaks first.
 */
export function ProfileLayout() {
  const user = useSession((state) => state.user);
  const welcome = user?.type === 'event-manager' && planRequirement(user) === null;
  return (
    <>
      <ProfileHeader />
      <Container component="main" size="md" py="md">
        <Outlet />
      </Container>
      {welcome && <WelcomeModal />}
    </>
  );
}
