import { ActionIcon, Avatar, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { useSwitchToEventManager } from '@/features/settings/hooks/use-switch-to-event-manager';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { legalUrl } from '@/lib/app-links';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';

/** Initials for the avatar: the first letters of the name, else of the email. */
function initials(name: string | null, email: string): string {
  const words = (name?.trim() || email).split(/[\s@._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * The signed-in user's menu (spec section 2): account information, change password, settings,
 * delete my account, contact us, map, profile, privacy policy, terms of use, log out, and for a
 * viewer, switch to event manager.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession((state) => state.user);
  const signOut = useSignOut();
  const { switchToEventManager } = useSwitchToEventManager();
  if (!user) return null;
  const letters = initials(user.name, user.email);

  return (
    <Menu position="bottom-end" width={240} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {/* Named by the initials it shows, then what it is (WCAG 2.5.3, label in name). */}
        <ActionIcon variant="subtle" size="xl" radius="xl" aria-label={t('userMenu.label', { initials: letters })}>
          <Avatar src={user.imageUrl} alt="" radius="xl" size="md" color="blue">
            {letters}
          </Avatar>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.name || user.email}</Menu.Label>
        <Menu.Item component={Link} to={PATHS.account}>
          {t('menu.account')}
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.password}>
          {t('menu.password')}
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.settings}>
          {t('menu.settings')}
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.deletion}>
          {t('menu.deletion')}
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.contact}>
          {t('menu.contact')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to={PATHS.home}>
          {t('menu.map')}
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.profile}>
          {t('menu.profile')}
        </Menu.Item>
        <Menu.Item component="a" href={legalUrl('policy', lang)} target="_blank" rel="noopener">
          {t('footer.policy')}
        </Menu.Item>
        <Menu.Item component="a" href={legalUrl('terms', lang)} target="_blank" rel="noopener">
          {t('footer.terms')}
        </Menu.Item>
        <Menu.Divider />
        {user.type === 'viewer' && (
          <Menu.Item onClick={() => void switchToEventManager()}>{t('menu.switchToManager')}</Menu.Item>
        )}
        <Menu.Item color="red.9" onClick={signOut}>
          {t('menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
