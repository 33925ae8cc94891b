/**
 * Form messages: client-side checks yield catalogue keys (the contract schemas' messages), which are
 * translated when shown; server answers are already in the user's language and are shown as they
 * are, each field's message on its field and `global` (or anything without a field) as the form message.
 */
import { isErrorKey } from '@evmap/contract/errors';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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
  if (error.type === SERVER_ERROR || !isErrorKey(message)) return message;
  return t(message, { ns: 'errors', field: fieldLabel });
}

/**
 * Puts the messages of a failed call on the form: field messages on the named fields, the rest
 * joined as the form message (`root.server`). Anything that is not an ApiError gets the generic message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
  t: TFunction,
): void {
  if (!(error instanceof ApiError)) {
    setError('root.server', { type: SERVER_ERROR, message: t('internal', { ns: 'errors' }) });
    return;
  }
  const formMessages: string[] = [];
  for (const [key, message] of Object.entries(error.errors)) {
    const field = fields.find((name) => name === key);
    if (field) setError(field, { type: SERVER_ERROR, message }, { shouldFocus: true });
    else if (key === 'global') formMessages.unshift(message);
    else formMessages.push(message);
  }
  if (formMessages.length > 0) setError('root.server', { type: SERVER_ERROR, message: formMessages.join(' ') });
}
