import { Box } from '@mantine/core';
import { type RefObject, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CookieBanner } from '@/components/cookie-banner';
import { Footer } from '@/components/footer';
import { InstallBanner } from '@/components/install-banner';
import { AuthDialogHost } from '@/features/auth/components/auth-dialog-host';
import { BottomTabBar } from './bottom-tab-bar';
import { hidesFooter, hidesTabBar, TAB_BAR_HEIGHT } from './page-chrome';
import classes from './shell-layout.module.css';

/** Space kept between the banners and the end of the page (px). */
const BANNER_GAP = 16;

/**
 * While banners are shown, the page ends their height further down (`--evm-banner-space`), so that scrolling to its
 * end brings the footer (the language switch) above them instead of under them. Measured by a ResizeObserver after
 * layout: no layout read of its own, and nothing above the end of the page moves.
 */
function useBannerSpace(banners: RefObject<HTMLElement | null>, page: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const stack = banners.current;
    const root = page.current;
    if (!stack || !root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.contentRect.height ?? 0;
      root.style.setProperty('--evm-banner-space', height > 0 ? `${Math.ceil(height) + BANNER_GAP}px` : '0px');
    });
    observer.observe(stack);
    return () => observer.disconnect();
  }, [banners, page]);
}

/**
 * The frame of every page but the 404: the page, the footer and the bottom tab bar (neither in the
 * admin area, which has its own menu; no tab bar on event creation), the banners, and the
 * authentication dialog of the URL hash.
 */
export function ShellLayout() {
  const { pathname } = useLocation();
  const withTabBar = !hidesTabBar(pathname);
  const withFooter = !hidesFooter(pathname);
  const bottom = withTabBar ? TAB_BAR_HEIGHT : 0;
  const page = useRef<HTMLDivElement>(null);
  const banners = useRef<HTMLDivElement>(null);
  useBannerSpace(banners, page);

  return (
    <>
      <Box
        ref={page}
        className={classes.page}
        style={{ paddingBottom: `calc(${bottom}px + var(--evm-banner-space, 0px))` }}
      >
        <Box className={classes.content}>
          <Outlet />
        </Box>
        {withFooter && <Footer />}
      </Box>
      <Box className={classes.banners} style={{ bottom: bottom + 8 }}>
        {/* The install banner comes later and above: the cookie banner, anchored at the bottom, does not move. */}
        <div ref={banners} className={classes.stack}>
          <InstallBanner />
          <CookieBanner />
        </div>
      </Box>
      {withTabBar && <BottomTabBar />}
      <AuthDialogHost />
    </>
  );
}
