import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-setup';
import { ERROR_MESSAGES, errorMessage, isErrorKey } from './errors';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[?}]/g)].map((m) => m[1]).sort();

describe('error catalogue', () => {
  it('has every message in both languages with the same placeholders', () => {
    for (const [key, text] of Object.entries(ERROR_MESSAGES)) {
      expect(text.en.trim(), key).not.toBe('');
      expect(text.fr.trim(), key).not.toBe('');
      expect(placeholders(text.fr), key).toEqual(placeholders(text.en));
    }
  });

  it('keeps the wording of spec section 8', () => {
    expect(errorMessage('noPlan', 'en')).toBe('No plan selected. Please select a plan to continue.');
    expect(errorMessage('cardInvalid', 'en')).toBe(
      'Your card number, expiration date, security code and postal code is invalid',
    );
    expect(errorMessage('codeRateLimit', 'fr')).toContain('1 minute');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(errorMessage('fieldRequired', 'en', { field: 'email' })).toBe('The field email is required');
    expect(errorMessage('fieldType', 'fr', { field: 'age' })).toBe('Le champ age doit être de type {type}');
  });

  it('makes the word agree with the number', () => {
    expect(errorMessage('rateLimited', 'en', { minutes: 1 })).toBe('Too many attempts. Please try again in 1 minute.');
    expect(errorMessage('rateLimited', 'en', { minutes: 15 })).toBe(
      'Too many attempts. Please try again in 15 minutes.',
    );
    expect(errorMessage('eventWritesRateLimited', 'fr', { minutes: 1 })).toBe(
      'Vous enregistrez des événements trop souvent. Veuillez réessayer dans 1 minute.',
    );
    expect(errorMessage('eventWritesRateLimited', 'fr', { minutes: 2 })).toBe(
      'Vous enregistrez des événements trop souvent. Veuillez réessayer dans 2 minutes.',
    );
  });
});

describe('zod error map', () => {
  const schema = z.object({ name: z.string().min(1), age: z.number().max(120), lang: z.enum(['fr', 'en']) });
  const keys = (input: unknown) =>
    Object.fromEntries(schema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);

  it('answers catalogue keys', () => {
    expect(keys({ age: 'x', lang: 'de' })).toEqual({ name: 'fieldRequired', age: 'fieldType', lang: 'enumInvalid' });
    expect(keys({ name: '', age: 200, lang: 'fr' })).toEqual({ name: 'fieldRequired', age: 'max' });
    expect(Object.values(keys({})).every(isErrorKey)).toBe(true);
  });
});
