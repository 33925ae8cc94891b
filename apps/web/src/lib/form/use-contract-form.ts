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
import type { z } from 'zod';
import { useTranslation } from '@/i18n/use-translation';
import { contractResolver } from '@/lib/contract-resolver';
import { applyApiErrors } from '@/lib/form-errors';

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
  /** Replaces the form message (a side action's failure, say); undefined clears it. */
  setFormMessage: (message: string | undefined) => void;
  /**
   * Shows a failed call as a submit failure is shown (field messages on their fields, the rest as the form
   * message), for calls the form makes beside its submit; `serverField` overrides the form's mapping.
   */
  showError: (error: unknown, serverField?: (key: string) => string | undefined) => void;
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

  // A server key lands on a field the form has: one with a value, or one of the default values (a radio
  // group starts undefined); anything else becomes the form message.
  const hasField = (field: string) =>
    form.getValues(field as Path<z.input<TSchema>>) !== undefined || Object.hasOwn(defaultValues, field);
  const showError = (error: unknown, fieldOf: (key: string) => string | undefined = serverField) =>
    setFormMessage(
      applyApiErrors(
        error,
        form.setError,
        (key) => {
          const field = fieldOf(key);
          return field !== undefined && hasField(field) ? field : undefined;
        },
        t('internal', { ns: 'errors' }),
      ),
    );

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessage(undefined);
    let result: TResult;
    try {
      result = await submit(values);
    } catch (error) {
      showError(error);
      return;
    }
    onSuccess?.(result, values);
  });

  return { form, onSubmit, formMessage, setFormMessage, showError };
}
