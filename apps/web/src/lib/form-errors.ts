/**
 * Form messages: client-side checks yield catalogue keys (the contract schemas' messages), which are
 * translated when shown; server answers are already in the user's language and are shown as they
 * are, each field's message on its field and `global` (or anything without a field) as the form message.
 */
import type { ErrorKey } from '@evmap/contract/errors';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { i18n } from '@/i18n/i18n';
import type { TFunction } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';

/** The `type` given to errors that came from the server, whose messages are already translated. */
export const SERVER_ERROR = 'server';

/** The text of a field error: a catalogue key translated (with the field's label), or a server message. */
export function errorText(
  t: TFunction,
  error: { type?: string | number; message?: string } | undefined,
  fieldLabel: string,
): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (error.type === SERVER_ERROR || !i18n.exists(message, { ns: 'errors' })) return message;
  return t(message as ErrorKey, { ns: 'errors', field: fieldLabel });
}

/**
 * The one error applier of every form: puts each field message of a failed call on its field (the
 * field `fieldOf` names for the server key, focusing the first), and returns the form message: `global`
 * first, then messages with no field of the form; `fallback` when the failure is not an API answer.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (key: string) => string | undefined,
  fallback: string,
): string | undefined {
  if (!(error instanceof ApiError)) return fallback;
  const messages: string[] = [];
  let focused = false;
  for (const [key, message] of Object.entries(error.errors)) {
    const field = key === 'global' ? undefined : fieldOf(key);
    if (field !== undefined) {
      setError(field as Path<T>, { type: SERVER_ERROR, message }, { shouldFocus: !focused });
      focused = true;
    } else if (key === 'global') messages.unshift(message);
    else messages.push(message);
  }
  return messages.length > 0 ? messages.join(' ') : undefined;
}
