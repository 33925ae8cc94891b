import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { CookieBanner } from '@/components/cookie-banner';
import { Footer } from '@/components/footer';
import { InstallBanner } from '@/components/install-banner';
import { AuthDialogHost } from '@/features/auth/components/auth-dialog-host';
import { BottomTabBar } from './bottom-tab-bar';
import { hidesTabBar, TAB_BAR_HEIGHT } from './page-chrome';
import classes from './shell-layout.module.css';

/**
 * The frame of every page but the 404: the page, the footer, the bottom tab bar (unless hidden),
 * the banners, and the authentication dialog of the URL hash.
 */
export function ShellLayout() {
  const { pathname } = useLocation();
  const withTabBar = !hidesTabBar(pathname);
  const bottom = withTabBar ? TAB_BAR_HEIGHT : 0;

  return (
    <>
      <Box className={classes.page} style={{ paddingBottom: bottom }}>
        <Box className={classes.content}>
          <Outlet />
        </Box>
        <Footer />
      </Box>
      <Box className={classes.banners} style={{ bottom: bottom + 8 }}>
        {/* The install banner comes later and above: the cookie banner, anchored at the bottom, does not move. */}
        <InstallBanner />
        <CookieBanner />
      </Box>
      {withTabBar && <BottomTabBar />}
      <AuthDialogHost />
    </>
  );
}
