import type { User } from '@evmap/contract/users';
import { describe, expect, it } from 'vitest';
import type { SessionState } from '@/lib/session';
import { profileTabAction, routeAccess } from './route-access';

const baseUser: User = {
  id: 2,
  name: 'Someone',
  email: 'someone@example.ca',
  unverifiedEmail: null,
  preferredLang: 'en',
  type: 'viewer',
  isAdmin: false,
  phoneNumber: null,
  website: null,
  address: null,
  city: null,
  zipcode: null,
  state: null,
  country: 'CA',
  billingAddress: null,
  billingCity: null,
  billingZipcode: null,
  billingState: null,
  billingCountry: null,
  planType: null,
  trialEndedAt: null,
  acceptTerms: true,
  acceptCommunications: false,
  imagePath: null,
  imageUrl: null,
  deletedAt: null,
};

const signedIn = (patch: Partial<User>): SessionState => ({ status: 'signed-in', user: { ...baseUser, ...patch } });
const visitor: SessionState = { status: 'anonymous', user: null };
const loading: SessionState = { status: 'loading', user: null };
const viewer = signedIn({});
const manager = signedIn({ type: 'event-manager', planType: 'trial' });
const pendingManager = signedIn({ type: 'event-manager', unverifiedEmail: baseUser.email });
const managerChangingEmail = signedIn({ type: 'event-manager', unverifiedEmail: 'new@example.ca' });
const admin = signedIn({ id: 1, type: 'event-manager', isAdmin: true });
const pendingAdmin = signedIn({ id: 1, type: 'event-manager', isAdmin: true, unverifiedEmail: baseUser.email });

const PUBLIC = ['/', '/events/some-handle', '/profiles', '/does-not-exist'];
const PROFILE = ['/profile', '/profile/me', '/profile/me/plans', '/profile/events/create', '/profile/events/abc'];
const ADMIN = ['/profile/admin', '/profile/admin/events', '/profile/admin/users/3', '/profile/admin/users/create'];

describe('routeAccess', () => {
  it.each([visitor, loading, viewer, manager, pendingManager, admin])(
    'lets everyone see the public pages',
    (session) => {
      for (const path of PUBLIC) expect(routeAccess(path, session)).toEqual({ kind: 'allow' });
    },
  );

  it('waits for a loading session before deciding on /profile pages', () => {
    for (const path of [...PROFILE, ...ADMIN]) expect(routeAccess(path, loading)).toEqual({ kind: 'wait' });
  });

  it('sends a visitor to the login dialog on the home page, to come back afterwards', () => {
    for (const path of [...PROFILE, ...ADMIN]) {
      expect(routeAccess(path, visitor)).toEqual({
        kind: 'redirect',
        to: { pathname: '/', hash: '#/auth/login' },
        state: { redirect_to: path },
      });
    }
  });

  it('comes back to a shared link with its query (page 2 of a table stays page 2)', () => {
    expect(routeAccess('/profile/admin/events', visitor, '?sortField=titleFr&page=2')).toMatchObject({
      state: { redirect_to: '/profile/admin/events?sortField=titleFr&page=2' },
    });
  });

  it('lets viewers and event-managers into the profile pages but not the admin area', () => {
    for (const session of [viewer, manager, managerChangingEmail]) {
      for (const path of PROFILE) expect(routeAccess(path, session)).toEqual({ kind: 'allow' });
      for (const path of ADMIN) {
        expect(routeAccess(path, session)).toEqual({ kind: 'redirect', to: { pathname: '/profile' } });
      }
    }
  });

  it('confines an admin to the admin area', () => {
    for (const path of ADMIN) expect(routeAccess(path, admin)).toEqual({ kind: 'allow' });
    for (const path of PROFILE) {
      expect(routeAccess(path, admin)).toEqual({ kind: 'redirect', to: { pathname: '/profile/admin' } });
    }
  });

  it('sends an event-manager with a pending first verification to the forced verify-email dialog', () => {
    for (const path of PROFILE) {
      expect(routeAccess(path, pendingManager)).toEqual({
        kind: 'redirect',
        to: { pathname: '/', hash: '#/auth/verify-email' },
        state: { email: baseUser.email, redirect_to: path, coming_from: 'guard' },
      });
    }
  });

  it('does not hold back an admin with an unverified email', () => {
    expect(routeAccess('/profile/admin', pendingAdmin)).toEqual({ kind: 'allow' });
  });
});

describe('profileTabAction', () => {
  it('opens login for a visitor', () => {
    expect(profileTabAction(visitor)).toEqual({ kind: 'dialog', mode: 'login', state: { redirect_to: '/profile' } });
  });

  it('opens verify-email for a pending event-manager', () => {
    expect(profileTabAction(pendingManager)).toEqual({
      kind: 'dialog',
      mode: 'verify-email',
      state: { email: baseUser.email, redirect_to: '/profile', coming_from: 'guard' },
    });
  });

  it.each([viewer, manager, managerChangingEmail, admin, loading])('goes to the profile otherwise', (session) => {
    expect(profileTabAction(session)).toEqual({ kind: 'navigate', pathname: '/profile' });
  });
});
