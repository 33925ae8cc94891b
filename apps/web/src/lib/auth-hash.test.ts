import { describe, expect, it } from 'vitest';
import { authHash, parseAuthHash, readAuthState, searchWithoutToken } from './auth-hash';

describe('parseAuthHash', () => {
  it.each([
    ['#/auth/login', 'login'],
    ['#/auth/signup', 'signup'],
    ['#/auth/forgot-pwd', 'forgot-pwd'],
    ['#/auth/change-pwd', 'change-pwd'],
    ['#/auth/verify-email', 'verify-email'],
    ['#/auth/login/', 'login'],
  ])('reads %s as the %s dialog', (hash, mode) => {
    expect(parseAuthHash(hash)).toEqual({ mode, token: null });
  });

  it.each([
    '',
    '#',
    '#/auth',
    '#/auth/',
    '#/auth/unknown',
    '#/auths/login',
    '#/auth/LOGIN',
    '#auth/login',
    '#/x/auth/login',
  ])('ignores %j', (hash) => {
    expect(parseAuthHash(hash)).toBeNull();
  });

  it('reads the change-password token from the hash, as in the mailed link', () => {
    expect(parseAuthHash('#/auth/change-pwd?token=abc%2Bdef')).toEqual({ mode: 'change-pwd', token: 'abc+def' });
  });

  it('reads the token from the search part when the hash has none', () => {
    expect(parseAuthHash('#/auth/change-pwd', '?token=from-search&x=1')).toEqual({
      mode: 'change-pwd',
      token: 'from-search',
    });
  });

  it('prefers the token of the hash to the one of the search part', () => {
    expect(parseAuthHash('#/auth/change-pwd?token=hash', '?token=search')?.token).toBe('hash');
  });

  it('treats an empty or blank token as missing', () => {
    expect(parseAuthHash('#/auth/change-pwd?token=', '')?.token).toBeNull();
    expect(parseAuthHash('#/auth/change-pwd?token=%20%20')?.token).toBeNull();
  });
});

describe('auth hash helpers', () => {
  it('builds the hash of a dialog', () => {
    expect(authHash('verify-email')).toBe('#/auth/verify-email');
    expect(parseAuthHash(authHash('forgot-pwd'))?.mode).toBe('forgot-pwd');
  });

  it('drops the token from the search part and keeps the rest', () => {
    expect(searchWithoutToken('?token=secret')).toBe('');
    expect(searchWithoutToken('?day=2026-11-21&token=secret')).toBe('?day=2026-11-21');
    expect(searchWithoutToken('')).toBe('');
  });
});

describe('readAuthState', () => {
  it('keeps the email, the path to return to and where the dialog came from', () => {
    expect(readAuthState({ email: 'a@b.ca', redirect_to: '/profile/me', coming_from: 'click' })).toEqual({
      email: 'a@b.ca',
      redirect_to: '/profile/me',
      coming_from: 'click',
    });
    expect(readAuthState({ coming_from: 'upgrade' }).coming_from).toBe('upgrade');
  });

  it('drops anything that is not a path of this app, and unknown origins', () => {
    expect(readAuthState({ redirect_to: 'https://evil.example/' }).redirect_to).toBeUndefined();
    expect(readAuthState({ redirect_to: '//evil.example/' }).redirect_to).toBeUndefined();
    expect(readAuthState({ coming_from: 'elsewhere' }).coming_from).toBeUndefined();
  });

  it('reads no state as an empty one', () => {
    expect(readAuthState(null)).toEqual({});
    expect(readAuthState('text')).toEqual({});
  });
});
