/**
 * The hook of every form: a contract schema (the same zod schema the API validates with), default
 * values, and the call that sends the result. Server errors land where they belong: `errors.<field>`
 * on the field of that name (or the one `serverField` maps it to), `global` and anything without a
 * field as the form message.
 */
import { useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { contractResolver } from '@/lib/contract-resolver';
import { SERVER_ERROR } from '@/lib/form-errors';

export type ContractFormOptions<TSchema extends z.ZodType<FieldValues, FieldValues>, TResult> = {
  schema: TSchema;
  defaultValues: DefaultValues<z.input<TSchema>>;
  /** Sends the validated values (a mutation's mutateAsync, typically). */
  submit: (values: z.output<TSchema>) => Promise<TResult>;
  /** After a successful submit. */
  onSuccess?: (result: TResult, values: z.output<TSchema>) => void;
  /** The form field of a server error key (a dotted path of the request body); the key itself by default. */
  serverField?: (key: string) => string | undefined;
  /** Every field read-only (react-hook-form disables them all). */
  disabled?: boolean;
} & Pick<UseFormProps<z.input<TSchema>>, 'mode'>;

export type ContractForm<TSchema extends z.ZodType<FieldValues, FieldValues>> = {
  form: UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>>;
  /** The `<form onSubmit>` handler: validates, sends, applies server errors. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** The form-level message (server `global`, or a failure with no field), already translated. */
  formMessage: string | undefined;
};

/** A form bound to a contract schema and the call that submits it. */
export function useContractForm<TSchema extends z.ZodType<FieldValues, FieldValues>, TResult = unknown>(
  options: ContractFormOptions<TSchema, TResult>,
): ContractForm<TSchema> {
  const { t } = useTranslation();
  const { schema, defaultValues, submit, onSuccess, serverField = (key) => key, disabled, mode } = options;
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    // The resolver's generic types cannot follow an abstract schema; the form's types come from TSchema.
    resolver: contractResolver(schema as never) as never,
    defaultValues,
    disabled,
    mode,
  });
  const [formMessage, setFormMessage] = useState<string>();

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessage(undefined);
    let result: TResult;
    try {
      result = await submit(values);
    } catch (error) {
      setFormMessage(applyApiErrors(error, form, serverField, t('internal', { ns: 'errors' })));
      return;
    }
    onSuccess?.(result, values);
  });

  return { form, onSubmit, formMessage };
}

/**
 * Puts each field message of a failed call on its field; returns the form message (global first, then
 * messages whose field the form does not have), or `fallback` when the failure is not an API answer.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'setError' | 'getValues'>,
  serverField: (key: string) => string | undefined,
  fallback: string,
): string | undefined {
  if (!(error instanceof ApiError)) return fallback;
  const messages: string[] = [];
  let focused = false;
  for (const [key, message] of Object.entries(error.errors)) {
    const field = key === 'global' ? undefined : serverField(key);
    if (field !== undefined && form.getValues(field as Path<T>) !== undefined) {
      form.setError(field as Path<T>, { type: SERVER_ERROR, message }, { shouldFocus: !focused });
      focused = true;
    } else if (key === 'global') messages.unshift(message);
    else messages.push(message);
  }
  return messages.length > 0 ? messages.join(' ') : undefined;
}
