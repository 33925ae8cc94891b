import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { FormMessage } from '@/components/form-message';

/**
 * A form of the kit: provides the form to its fields, shows the form message above them, and
 * submits through `onSubmit` (from useContractForm). No browser validation: the contract's messages
 * are shown instead.
 */
export function ContractFormView<T extends FieldValues>({
  form,
  onSubmit,
  formMessage,
  messageAction,
  children,
  label,
}: {
  form: UseFormReturn<T, unknown, FieldValues>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  formMessage: string | undefined;
  /** Shown under the form message (a link that helps, say). */
  messageAction?: ReactNode;
  children: ReactNode;
  /** The form's accessible name. */
  label?: string;
}) {
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack>
          <FormMessage message={formMessage} action={messageAction} />
          {children}
        </Stack>
      </form>
    </FormProvider>
  );
}
