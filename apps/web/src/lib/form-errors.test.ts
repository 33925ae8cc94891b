import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { ApiError } from './api-client';
import { applyApiErrors, errorText, SERVER_ERROR } from './form-errors';

const t = i18n.getFixedT('en');
const tFr = i18n.getFixedT('fr');

describe('errorText', () => {
  it('translates the catalogue keys of the contract schemas, with the field label', () => {
    expect(errorText(t, { type: 'too_small', message: 'fieldRequired' }, 'Email')).toBe('The field Email is required');
    expect(errorText(tFr, { type: 'too_small', message: 'fieldRequired' }, 'Courriel')).toBe(
      'Le champ Courriel est obligatoire',
    );
    expect(errorText(t, { type: 'custom', message: 'passwordsDoNotMatch' }, 'x')).toBe('Passwords do not match');
    expect(errorText(t, { type: 'invalid_value', message: 'termsRequired' }, 'x')).toBe(
      'You must accept the terms of use',
    );
  });

  it('shows server messages as they are (already in the user language)', () => {
    expect(errorText(t, { type: SERVER_ERROR, message: 'Password is invalid' }, 'Password')).toBe(
      'Password is invalid',
    );
  });

  it('returns nothing without an error', () => {
    expect(errorText(t, undefined, 'Email')).toBeUndefined();
  });
});

describe('applyApiErrors', () => {
  const fieldOf = (key: string) => (['email', 'password'].includes(key) ? key : undefined);

  it('puts field messages on their fields, focusing the first, and returns the rest, global first', () => {
    const setError = vi.fn();
    const error = new ApiError(400, {
      email: 'Email does not exist',
      password: 'Password is invalid',
      token: 'The token is invalid',
      global: 'Oops',
    });
    expect(applyApiErrors(error, setError, fieldOf, 'fallback')).toBe('Oops The token is invalid');
    expect(setError.mock.calls).toEqual([
      ['email', { type: SERVER_ERROR, message: 'Email does not exist' }, { shouldFocus: true }],
      ['password', { type: SERVER_ERROR, message: 'Password is invalid' }, { shouldFocus: false }],
    ]);
  });

  it('returns nothing when every message has its field', () => {
    const setError = vi.fn();
    expect(applyApiErrors(new ApiError(400, { email: 'Taken' }), setError, fieldOf, 'fallback')).toBeUndefined();
  });

  it('returns the fallback for anything that is not an API answer', () => {
    const setError = vi.fn();
    expect(applyApiErrors(new TypeError('boom'), setError, fieldOf, t('internal', { ns: 'errors' }))).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(setError).not.toHaveBeenCalled();
  });
});
