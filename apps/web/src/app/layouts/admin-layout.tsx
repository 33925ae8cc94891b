import { Box, Burger, Drawer, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import '@/styles/lazy.css';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import {
  CalendarIcon,
  DashboardIcon,
  ExternalIcon,
  ImportIcon,
  LogoutIcon,
  MapIcon,
  UsersIcon,
} from '@/components/icons';
import { LanguageSwitch } from '@/components/language-switch';
import { useTranslation } from '@/i18n/use-translation';
import { isUnder, PATHS } from '@/lib/paths';
import { useSignOut } from '@/lib/use-sign-out';
import classes from './admin-layout.module.css';

/** Wider than this, the menu stays beside the page; narrower, it opens as a drawer (the CSS uses the same width). */
const SIDE_MENU_QUERY = '(min-width: 48em)';

/** The entries of the admin menu (spec section 2), in their order: Dashboard, Events, Users, Sources (issue 25), Map, Log out. */
function AdminMenuEntries() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const current = (active: boolean) => (active ? ('page' as const) : undefined);

  return (
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
        component={Link}
        to={PATHS.adminSources}
        label={t('admin.sources')}
        leftSection={<ImportIcon size={18} />}
        active={isUnder(pathname, PATHS.adminSources)}
        aria-current={current(isUnder(pathname, PATHS.adminSources))}
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
  );
}

/**
 * The admin area: a side menu (Dashboard, Events, Users, Map in a new tab, Log out) beside the page; on
 * phones, a menu button opening the same entries in a drawer, which closes when a page is chosen (focus
 * goes back to the button, as the drawer returns it where it was). The public tab bar and footer are not
 * shown here (see page-chrome): the language switch sits under the menu, or in the phone bar.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [drawerOpened, { open: openDrawer, close: closeDrawer }] = useDisclosure(false);
  const wide = useMediaQuery(SIDE_MENU_QUERY);

  // Navigating (a drawer entry, the back button) closes the drawer; so does a window grown to show the side menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);
  useEffect(() => {
    if (wide) closeDrawer();
  }, [wide, closeDrawer]);

  return (
    <Box className={classes.layout}>
      <Box className={classes.phoneBar}>
        <Burger
          opened={drawerOpened}
          onClick={openDrawer}
          size="sm"
          aria-label={t('admin.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={drawerOpened}
        />
        <Text fw={700}>{t('admin.title')}</Text>
        <Box ml="auto">
          <LanguageSwitch />
        </Box>
      </Box>
      <Box className={classes.menu}>
        <nav aria-label={t('admin.menu')}>
          <Text fw={700} px="sm" py="xs">
            {t('admin.title')}
          </Text>
          <AdminMenuEntries />
        </nav>
        <Box px="xs" py="sm">
          <LanguageSwitch />
        </Box>
      </Box>
      <Drawer
        opened={drawerOpened}
        onClose={closeDrawer}
        title={t('admin.title')}
        size="xs"
        closeButtonProps={{ 'aria-label': t('admin.closeMenu') }}
      >
        <nav aria-label={t('admin.menu')}>
          <AdminMenuEntries />
        </nav>
      </Drawer>
      <Box component="main" className={classes.content}>
        <Outlet />
      </Box>
    </Box>
  );
}
