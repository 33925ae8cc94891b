import { describe, expect, it } from 'vitest';
import { headerAction, hidesFooter, hidesTabBar } from './page-chrome';

describe('headerAction', () => {
  it('shows the settings icon on /profile', () => {
    expect(headerAction('/profile')).toEqual({ kind: 'settings' });
    expect(headerAction('/profile/')).toEqual({ kind: 'settings' });
  });

  it.each([
    ['/profile/me/plans', '/profile/me/account'],
    ['/profile/me/account', '/profile/me'],
    ['/profile/me/contact', '/profile/me'],
    ['/profile/me/password', '/profile/me'],
    ['/profile/me/deletion', '/profile/me'],
    ['/profile/me', '/profile'],
    ['/profile/events/create', '/profile'],
    ['/profile/events/3f1c', '/profile'],
  ])('on %s, goes back to %s', (path, to) => {
    expect(headerAction(path)).toEqual({ kind: 'back', to });
  });
});

describe('hidesTabBar', () => {
  it('hides the bottom tab bar on event creation and in the admin area only', () => {
    for (const path of [
      '/profile/events/create',
      '/profile/events/create/',
      '/profile/admin',
      '/profile/admin/users/3',
    ]) {
      expect(hidesTabBar(path), path).toBe(true);
    }
    for (const path of ['/', '/events/x', '/profile', '/profile/events/abc', '/profile/me', '/profile/administrator']) {
      expect(hidesTabBar(path), path).toBe(false);
    }
  });
});

describe('hidesFooter', () => {
  it('hides the public footer in the admin area only', () => {
    for (const path of ['/profile/admin', '/profile/admin/', '/profile/admin/events']) {
      expect(hidesFooter(path), path).toBe(true);
    }
    for (const path of ['/', '/events/x', '/profile', '/profile/me', '/profile/events/create']) {
      expect(hidesFooter(path), path).toBe(false);
    }
  });
});
