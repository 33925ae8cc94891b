import { PasswordInput } from '@mantine/core';
import { usePasswordToggle } from '@/features/auth/components/use-password-toggle';
import { type FieldProps, useFormField } from '@/lib/form/use-form-field';

/**
 * A password field in the form kit's manner (label from `fields.<name>`, error on the field). The kit
 * has none: only this feature's password page needs one inside a kit form.
 */
export function PasswordField({
  autoComplete,
  ...props
}: FieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  const { field, label, error } = useFormField(props.name, props.label);
  const toggle = usePasswordToggle();
  return (
    <PasswordInput
      {...field}
      {...toggle}
      value={field.value ?? ''}
      autoComplete={autoComplete}
      label={label}
      description={props.description}
      withAsterisk={props.required}
      error={error}
      aria-invalid={error ? true : undefined}
      disabled={props.disabled || field.disabled}
    />
  );
}
