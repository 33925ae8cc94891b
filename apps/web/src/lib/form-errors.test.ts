import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { ApiError } from './api-client';
import { applyServerErrors, errorText, SERVER_ERROR } from './form-errors';

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

describe('applyServerErrors', () => {
  it('puts field messages on their fields and the rest, global first, as the form message', () => {
    const setError = vi.fn();
    const error = new ApiError(400, { password: 'Password is invalid', token: 'The token is invalid', global: 'Oops' });
    applyServerErrors(error, setError, ['email', 'password'], t);
    expect(setError).toHaveBeenCalledWith(
      'password',
      { type: SERVER_ERROR, message: 'Password is invalid' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith('root.server', { type: SERVER_ERROR, message: 'Oops The token is invalid' });
    expect(setError).toHaveBeenCalledTimes(2);
  });

  it('shows the generic message for anything that is not an API answer', () => {
    const setError = vi.fn();
    applyServerErrors(new TypeError('boom'), setError, ['email'], t);
    expect(setError).toHaveBeenCalledWith('root.server', {
      type: SERVER_ERROR,
      message: 'An unexpected error occurred. Please try again.',
    });
  });
});
