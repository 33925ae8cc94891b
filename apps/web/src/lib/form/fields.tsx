/**
 * The field components of the form kit. Each takes a `name`, reads its value and error from the
 * surrounding form (ContractFormView), and shows a visible label and its error on the field.
 */
import { MINUTE_STEPS } from '@evmap/contract/event-date-rules';
import { Checkbox, NativeSelect, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './fields.module.css';
import { formatPhone, phoneDigits } from './phone';
import { type FieldProps, useFormField } from './use-form-field';

/** A one-line text field (`type` email, url...). */
export function TextField({
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  ...props
}: FieldProps & {
  type?: 'text' | 'email' | 'url' | 'number';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'url';
  maxLength?: number;
}) {
  const { field, label, error } = useFormField(props.name, props.label);
  return (
    <TextInput
      {...field}
      value={field.value ?? ''}
      type={type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      data-autofocus={props.initialFocus || undefined}
      label={label}
      description={props.description}
      withAsterisk={props.required}
      error={error}
      disabled={props.disabled || field.disabled}
    />
  );
}

/** A multi-line text field that grows with its text, from `minRows` lines to 12 (fields.module.css). */
export function TextareaField({ minRows = 3, ...props }: FieldProps & { minRows?: number }) {
  const { field, label, error } = useFormField(props.name, props.label);
  return (
    <Textarea
      {...field}
      value={field.value ?? ''}
      rows={minRows}
      classNames={{ input: classes.grows }}
      style={{ '--rows': minRows } as CSSProperties}
      label={label}
      description={props.description}
      withAsterisk={props.required}
      error={error}
      disabled={props.disabled || field.disabled}
    />
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

/**
 * A native select (accessible, usable with the keyboard and by its label). Values are strings in the
 * DOM; `parse` turns the chosen one into the form value (a number, null for the empty choice) and
 * `format` the form value back.
 */
export function SelectField<V>({
  options,
  placeholder,
  parse = (value) => value as V,
  format = (value) => (value === null || value === undefined ? '' : String(value)),
  ...props
}: FieldProps & {
  options: SelectOption[];
  /** An empty first choice with this text. */
  placeholder?: string;
  parse?: (value: string) => V;
  format?: (value: V) => string;
}) {
  const { field, label, error } = useFormField(props.name, props.label);
  const data = placeholder ? [{ value: '', label: placeholder }, ...options] : options;
  return (
    <NativeSelect
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      value={format(field.value as V)}
      onChange={(event) => field.onChange(parse(event.currentTarget.value))}
      data={data}
      label={label}
      description={props.description}
      withAsterisk={props.required}
      error={error}
      disabled={props.disabled || field.disabled}
    />
  );
}

/**
 * A checkbox bound to a boolean. Its label may hold links (`content`); errors then name the field by
 * `label`, or by the one derived from the name.
 */
export function CheckboxField({ content, ...props }: FieldProps & { content?: ReactNode }) {
  const { field, label, error } = useFormField(props.name, props.label);
  return (
    <Checkbox
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      data-autofocus={props.initialFocus || undefined}
      label={content ?? label}
      description={props.description}
      error={error}
      disabled={props.disabled || field.disabled}
    />
  );
}

/** One choice among a few, as radio buttons under the group's label; the form holds the chosen value. */
export function RadioGroupField({ options, ...props }: FieldProps & { options: SelectOption[] }) {
  const { field, label, error } = useFormField(props.name, props.label);
  return (
    <Radio.Group
      name={field.name}
      value={typeof field.value === 'string' ? field.value : null}
      onChange={(value) => field.onChange(value)}
      label={label}
      description={props.description}
      withAsterisk={props.required}
      error={error}
      readOnly={props.disabled || field.disabled}
    >
      <Stack gap="xs" mt={4}>
        {options.map((option, index) => (
          <Radio
            key={option.value}
            value={option.value}
            label={option.label}
            disabled={option.disabled || props.disabled || field.disabled}
            onBlur={field.onBlur}
            // The first choice takes the focus of a field error, and of a dialog that opens.
            ref={index === 0 ? field.ref : undefined}
            data-autofocus={(index === 0 && props.initialFocus) || undefined}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** A day (`YYYY-MM-DD`), typed or picked with the browser's date picker, between `min` and `max`. */
export function DateField({ min, max, ...props }: FieldProps & { min?: string; max?: string }) {
  const { field, label, error } = useFormField(props.name, props.label);
  return (
    <TextInput
      {...field}
      value={field.value ?? ''}
      type="date"
      min={min}
      max={max}
      label={label}
      description={props.description}
      withAsterisk={props.required}
      error={error}
      disabled={props.disabled || field.disabled}
    />
  );
}

/** Every time of a day in the minute steps of spec section 9 (00, 15, 30, 45): `00:00` … `23:45`. */
export const TIME_STEPS: readonly string[] = Array.from({ length: 24 }, (_, hour) =>
  MINUTE_STEPS.map((minute) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`),
).flat();

/** A time (`HH:mm`) chosen among the 15-minute steps, limited to `min`..`max` when given. */
export function TimeField({ min, max, ...props }: FieldProps & { min?: string; max?: string }) {
  const { field, label, error } = useFormField(props.name, props.label);
  const value = typeof field.value === 'string' ? field.value : '';
  const options = TIME_STEPS.filter((time) => (!min || time >= min) && (!max || time <= max));
  // A value outside the limits stays listed (so the field shows it) until the rules move it.
  if (value && !options.includes(value)) options.push(value);
  return (
    <NativeSelect
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      value={value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      data={options.sort()}
      label={label}
      description={props.description}
      withAsterisk={props.required}
      error={error}
      disabled={props.disabled || field.disabled}
    />
  );
}

/** A phone number typed as `(XXX) XXX-XXXX`; the form holds its digits. */
export function PhoneField(props: FieldProps) {
  const { field, label, error } = useFormField(props.name, props.label);
  return (
    <TextInput
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      value={formatPhone(field.value)}
      onChange={(event) => field.onChange(phoneDigits(event.currentTarget.value))}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(514) 555-0123"
      label={label}
      description={props.description}
      withAsterisk={props.required}
      error={error}
      disabled={props.disabled || field.disabled}
    />
  );
}
