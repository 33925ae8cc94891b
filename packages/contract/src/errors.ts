/**
 * The error catalogue of spec section 8, in both languages. The API answers
 * `{ errors: { <field>: <message>, global: <message> } }` with these messages; the web app
 * shows the same texts for its own form validation, so each message exists once. Each language's
 * messages are in a module of their own (errors-en.ts, errors-fr.ts): the web app loads its
 * interface language's only.
 */
import { z } from 'zod';
import type { Lang } from './enums';
import { ERRORS_EN } from './errors-en';
import { ERRORS_FR } from './errors-fr';

/** The catalogue's keys, each with its message in both languages. */
export type ErrorKey = keyof typeof ERRORS_EN;

/** Each message of the catalogue in both languages (their modules: errors-en.ts, errors-fr.ts). */
export const ERROR_MESSAGES = Object.fromEntries(
  (Object.keys(ERRORS_EN) as ErrorKey[]).map((key) => [key, { en: ERRORS_EN[key], fr: ERRORS_FR[key] }]),
) as { readonly [Key in ErrorKey]: { readonly en: (typeof ERRORS_EN)[Key]; readonly fr: string } };

export type ErrorParams = Record<string, string | number>;

/** True when `value` names a message of the catalogue. */
export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}

/**
 * The catalogue message for `key` in `lang`, with `{name}` placeholders filled from `params`, and
 * `{name?one|other}` choosing the word that agrees with the number `name` ("1 minute", "2 minutes": in English and
 * in French alike, 0 and 1 take the singular only in French, and a wait is never 0).
 */
export function errorMessage(key: ErrorKey, lang: Lang, params: ErrorParams = {}): string {
  const template = ERROR_MESSAGES[key][lang];
  return template.replace(/\{(\w+)(?:\?([^|}]*)\|([^}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (one === undefined || other === undefined) return String(value);
    const singular = lang === 'fr' ? Math.abs(Number(value)) < 2 : Math.abs(Number(value)) === 1;
    return singular ? one : other;
  });
}

/**
 * Every error body of the API: messages keyed by field, `global` for the form message. Its OpenAPI name and
 * description are given by the API (plugins/openapi.ts): `.meta()` here would be a side effect that keeps zod in
 * whatever imports this file (the web app's tests, its forms' code).
 */
export const errorBodySchema = z.object({ errors: z.record(z.string(), z.string()) });
export type ErrorBody = z.infer<typeof errorBodySchema>;
