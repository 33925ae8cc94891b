import { type MantineSpacing, Stack } from '@mantine/core';
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
  intro,
  gap,
  children,
  label,
  focusMessage = false,
  onFocus,
}: {
  form: UseFormReturn<T, unknown, FieldValues>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  formMessage: string | undefined;
  /** Shown under the form message (a link that helps, say). */
  messageAction?: ReactNode;
  /** Shown above the form message (what the form asks for). */
  intro?: ReactNode;
  /** The space between the fields (Mantine spacing), `md` by default. */
  gap?: MantineSpacing;
  children: ReactNode;
  /** The form's accessible name. */
  label?: string;
  /** A new form message takes the focus (a long form: its message is far from its button). */
  focusMessage?: boolean;
  /** The focus moved to the form or within it (the event form starts loading what it checks with). */
  onFocus?: () => void;
}) {
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} onFocus={onFocus} noValidate aria-label={label}>
        <Stack gap={gap}>
          {intro}
          <FormMessage message={formMessage} action={messageAction} focusOnShow={focusMessage} />
          {children}
        </Stack>
      </form>
    </FormProvider>
  );
}
