/**
 * The hook of every form: a contract schema (the same zod schema the API validates with), default
 * values, and the call that sends the result. Server errors land where they belong: `errors.<field>`
 * on the field of that name (or the one `serverField` maps it to), `global` and anything without a
 * field as the form message.
 *
 * The schema is given as it is (`schema`), or as a function that imports it (`loadSchema`): a form whose first
 * screen must not wait for zod (the event form: zod and the contract's schemas are about 25 KB gzipped) loads it
 * with its first check, or sooner when `warmValidation` is called (the form's first focus). The resolver itself
 * (zod's, with the contract's error map) is loaded the same way; with `schema`, as soon as the form mounts.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '@/i18n/use-translation';
import { applyApiErrors } from '@/lib/form-errors';
import { loadOnce } from '@/lib/load-once';

/** The contract's resolver (lib/contract-resolver.ts: zod's, with the error map installed). */
const loadContractResolver = loadOnce(() => import('@/lib/contract-resolver'));

/** Starts loading `promise`'s module ahead of need: a failure is left to the check that needs it, which says so. */
const ahead = (promise: Promise<unknown>) => {
  promise.catch(() => {});
};

/** The schema as it is, or the function that imports it (see the module comment). */
type SchemaSource<TSchema> =
  | { schema: TSchema; loadSchema?: undefined }
  | { schema?: undefined; loadSchema: () => Promise<TSchema> };

/** The type of the form's root error when what it checks with could not be loaded (offline). */
const CHECK_UNAVAILABLE = 'check-unavailable';

/**
 * A resolver that checks with the schema of `source`, once it and the contract's resolver are loaded. When they
 * cannot be (offline), the check fails with a root error of type CHECK_UNAVAILABLE, and the next one tries again.
 */
function lazyResolver<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  source: () => Promise<TSchema>,
): Resolver<z.input<TSchema>, unknown, z.output<TSchema>> {
  return async (values, context, options) => {
    let loaded: [typeof import('@/lib/contract-resolver'), TSchema];
    try {
      loaded = await Promise.all([loadContractResolver(), source()]);
    } catch {
      return {
        values: {},
        errors: { root: { type: CHECK_UNAVAILABLE, message: CHECK_UNAVAILABLE } } as FieldErrors<z.input<TSchema>>,
      };
    }
    const [{ contractResolver }, schema] = loaded;
    // The resolver's generic types cannot follow an abstract schema; the form's types come from TSchema.
    const resolve = contractResolver(schema as never) as unknown as Resolver<
      z.input<TSchema>,
      unknown,
      z.output<TSchema>
    >;
    return resolve(values, context, options);
  };
}

export type ContractFormOptions<
  TSchema extends z.ZodType<FieldValues, FieldValues>,
  TResult,
> = SchemaSource<TSchema> & {
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
  /** Starts loading what the form checks with (the schema, zod), before the first check needs it. */
  warmValidation: () => void;
};

/** A form bound to a contract schema and the call that submits it. */
export function useContractForm<TSchema extends z.ZodType<FieldValues, FieldValues>, TResult = unknown>(
  options: ContractFormOptions<TSchema, TResult>,
): ContractForm<TSchema> {
  const { t } = useTranslation();
  const { schema, loadSchema, defaultValues, submit, onSuccess, serverField = (key) => key, disabled, mode } = options;
  // The schema given, or `loadSchema`'s, imported once while it is the same function.
  const source = useMemo((): (() => Promise<TSchema>) => {
    if (schema !== undefined) return () => Promise.resolve(schema);
    if (!loadSchema) throw new Error('useContractForm needs a schema or a loadSchema');
    return loadOnce(loadSchema);
  }, [schema, loadSchema]);
  const resolver = useMemo(() => lazyResolver(source), [source]);
  const warmValidation = () => {
    ahead(loadContractResolver());
    ahead(source());
  };
  // A form given its schema has zod already: its resolver is loaded at once, ready for the first check.
  const eager = schema !== undefined;
  useEffect(() => {
    if (eager) ahead(loadContractResolver());
  }, [eager]);
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    resolver,
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

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormMessage(undefined);
      let result: TResult;
      try {
        result = await submit(values);
      } catch (error) {
        showError(error);
        return;
      }
      onSuccess?.(result, values);
    },
    (errors) => {
      // What the form checks with could not be loaded: as a request that could not be sent, nothing is lost.
      if (errors.root?.type === CHECK_UNAVAILABLE) setFormMessage(t('unavailable', { ns: 'errors' }));
    },
  );

  return { form, onSubmit, formMessage, setFormMessage, showError, warmValidation };
}
