/**
 * The signed-in user's account menu button, named by the initials it shows. The menu itself (account-menu.tsx, with
 * the UI kit's Menu: 5.6 KB gzipped that every organiser screen loaded) is loaded when the button is first pressed,
 * and asked for as soon as a pointer or the focus reaches the button; it then opens at once and keeps the button.
 */
import { ActionIcon, Avatar } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useSession } from '@/lib/session';
import { useOnDemand } from '@/lib/use-on-demand';

const loadMenu = () => import('./account-menu');

/** Initials for the avatar: the first letters of the name, else of the email. */
function initials(name: string | null, email: string): string {
  const words = (name?.trim() || email).split(/[\s@._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** The account menu (spec section 2) of the signed-in user; nothing when signed out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const menu = useOnDemand(loadMenu, (module) => module.AccountMenu);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (!user) return null;
  const letters = initials(user.name, user.email);
  const AccountMenu = menu.loaded;
  const button = (
    // Named by the initials it shows, then what it is (WCAG 2.5.3, label in name).
    <ActionIcon
      ref={buttonRef}
      variant="subtle"
      size="xl"
      radius="xl"
      aria-label={t('userMenu.label', { initials: letters })}
      {...(AccountMenu
        ? {}
        : {
            'aria-haspopup': 'menu' as const,
            'aria-expanded': false,
            onClick: menu.show,
            ...menu.preload,
          })}
    >
      <Avatar src={user.imageUrl} alt="" radius="xl" size="md" color="blue">
        {letters}
      </Avatar>
    </ActionIcon>
  );
  return AccountMenu ? <AccountMenu user={user} target={button} targetRef={buttonRef} /> : button;
}
