/**
 * The password field of the form kit: label from `fields.<name>` (or given), error on the field, and a
 * show-password button named in the user's language (Mantine's own name is English). The button says
 * whether the password is shown with aria-pressed, so its name stays the same.
 */
import { PasswordInput } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { type FieldProps, useFormField } from './use-form-field';

/** A password, hidden until its button shows it. */
export function PasswordField({
  autoComplete,
  ...props
}: FieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  const { t } = useTranslation();
  const { field, label, error } = useFormField(props.name, props.label);
  return (
    <PasswordInput
      {...field}
      value={field.value ?? ''}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
      autoComplete={autoComplete}
      data-autofocus={props.initialFocus || undefined}
      label={label}
      description={props.description}
      withAsterisk={props.required}
      error={error}
      aria-invalid={error ? true : undefined}
      disabled={props.disabled || field.disabled}
    />
  );
}
