import type { User } from '@evmap/contract/users';
import { Menu } from '@mantine/core';
import { type ReactElement, type RefObject, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSwitchToEventManager } from '@/features/settings/hooks/use-switch-to-event-manager';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { legalUrl } from '@/lib/app-links';
import { PATHS } from '@/lib/paths';
import { useSignOut } from '@/lib/use-sign-out';

export type AccountMenuProps = {
  user: User;
  /** The button that opens the menu (user-menu.tsx), and a reference to it. */
  target: ReactElement;
  targetRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The signed-in user's menu (spec section 2): account information, change password, settings,
 * delete my account, contact us, map, profile, privacy policy, terms of use, log out, and for a viewer, switch to
 * event manager. Loaded when its button is first pressed (user-menu.tsx), it opens as soon as it is shown, the focus
 * on the button first, so that closing it gives the focus back there.
 */
export function AccountMenu({ user, target, targetRef }: AccountMenuProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    targetRef.current?.focus();
    setOpened(true);
  }, [targetRef]);
  const lang = useLang();
  const signOut = useSignOut();
  const { switchToEventManager } = useSwitchToEventManager();

  return (
    <Menu
      position="bottom-end"
      width={240}
      shadow="md"
      withInitialFocusPlaceholder={false}
      opened={opened}
      onChange={setOpened}
    >
      <Menu.Target>{target}</Menu.Target>
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
