/**
 * What every field of the kit derives from its `name`: the react-hook-form controller of that
 * field, its visible label (`fields.<last name segment>` in the i18n files, unless given) and its
 * error text in the user's language.
 */
import { useController } from 'react-hook-form';
import type { TFunction } from '@/i18n/translate';
import { useTranslation } from '@/i18n/use-translation';
import { errorText } from '@/lib/form-errors';

/** The label of a field name: `dates.0.startTime` → `fields.startTime`. */
export function fieldLabel(t: TFunction, name: string): string {
  const last =
    name
      .split('.')
      .filter((segment) => !/^\d+$/.test(segment))
      .pop() ?? name;
  // Keys are checked by the i18n files' tests; a field without a label is reported as a missing key.
  return t(`fields.${last}` as 'fields.email');
}

/** The controller, label and error text of the field `name` of the surrounding form. */
export function useFormField(name: string, label?: string) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name });
  const text = label ?? fieldLabel(t, name);
  return { field, fieldState, label: text, error: errorText(t, fieldState.error, text) };
}

/** Props every field component of the kit takes. */
export type FieldProps = {
  /** The field's path in the form values (`titleFr`, `dates.0.startTime`). */
  name: string;
  /** The visible label; derived from the name when not given. */
  label?: string;
  /** Marks the label as required (the schema enforces it). */
  required?: boolean;
  description?: string;
  disabled?: boolean;
  /** The field a dialog focuses when it opens (Mantine's `data-autofocus`). */
  initialFocus?: boolean;
};
