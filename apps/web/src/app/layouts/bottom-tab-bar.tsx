import { Group, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { profileTabAction } from '@/app/guards/route-access';
import { MapIcon, UserIcon } from '@/components/icons';
import { useTranslation } from '@/i18n/use-translation';
import { isUnder, PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useOpenAuthDialog } from '@/lib/use-auth-dialog';
import classes from './bottom-tab-bar.module.css';
import { TAB_BAR_HEIGHT } from './page-chrome';

function TabContent({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      {icon}
      <span className={classes.label}>{label}</span>
    </>
  );
}

/**
 * The bottom two-tab bar (map / profile). The profile tab opens login when signed out and
 * verify-email for an event-manager whose first verification is pending.
 */
export function BottomTabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openAuthDialog = useOpenAuthDialog();
  const session = useSession();
  const onProfile = isUnder(pathname, PATHS.profile);

  const openProfile = () => {
    const action = profileTabAction(session);
    if (action.kind === 'navigate') void navigate(action.pathname);
    else void openAuthDialog(action.mode, action.state);
  };

  return (
    <nav aria-label={t('nav.tabs')} className={classes.bar} style={{ height: TAB_BAR_HEIGHT }}>
      <Group grow gap={0} h="100%" wrap="nowrap">
        <Link to="/" className={classes.tab} aria-current={onProfile ? undefined : 'page'}>
          <TabContent icon={<MapIcon />} label={t('nav.map')} />
        </Link>
        <UnstyledButton className={classes.tab} onClick={openProfile} aria-current={onProfile ? 'page' : undefined}>
          <TabContent icon={<UserIcon />} label={t('nav.profile')} />
        </UnstyledButton>
      </Group>
    </nav>
  );
}
