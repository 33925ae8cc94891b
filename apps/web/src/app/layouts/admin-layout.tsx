import { Box, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import '@/styles/full';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { CalendarIcon, DashboardIcon, ExternalIcon, LogoutIcon, MapIcon, UsersIcon } from '@/components/icons';
import { isUnder, PATHS } from '@/lib/paths';
import { useSignOut } from '@/lib/use-sign-out';
import classes from './admin-layout.module.css';

/** The admin area: a side menu (Dashboard, Events, Users, Map in a new tab, Log out) beside the page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const current = (active: boolean) => (active ? ('page' as const) : undefined);

  return (
    <Box className={classes.layout}>
      <Box component="nav" aria-label={t('admin.menu')} className={classes.menu}>
        <Text fw={700} px="sm" py="xs">
          {t('admin.title')}
        </Text>
        <Stack gap={2}>
          <NavLink
            component={Link}
            to={PATHS.admin}
            label={t('admin.dashboard')}
            leftSection={<DashboardIcon size={18} />}
            active={pathname === PATHS.admin}
            aria-current={current(pathname === PATHS.admin)}
          />
          <NavLink
            component={Link}
            to={PATHS.adminEvents}
            label={t('admin.events')}
            leftSection={<CalendarIcon size={18} />}
            active={isUnder(pathname, PATHS.adminEvents)}
            aria-current={current(isUnder(pathname, PATHS.adminEvents))}
          />
          <NavLink
            component={Link}
            to={PATHS.adminUsers}
            label={t('admin.users')}
            leftSection={<UsersIcon size={18} />}
            active={isUnder(pathname, PATHS.adminUsers)}
            aria-current={current(isUnder(pathname, PATHS.adminUsers))}
          />
          <NavLink
            component="a"
            href={PATHS.home}
            target="_blank"
            rel="noopener"
            label={
              <>
                {t('admin.map')}
                <VisuallyHidden>{t('common.newTab')}</VisuallyHidden>
              </>
            }
            leftSection={<MapIcon size={18} />}
            rightSection={<ExternalIcon size={14} />}
          />
          <NavLink
            component="button"
            type="button"
            onClick={signOut}
            label={t('admin.logout')}
            leftSection={<LogoutIcon size={18} />}
          />
        </Stack>
      </Box>
      <Box component="main" className={classes.content}>
        <Outlet />
      </Box>
    </Box>
  );
}
