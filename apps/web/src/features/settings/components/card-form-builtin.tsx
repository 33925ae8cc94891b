/**
 * The card form of the built-in payment provider: number, expiry (MM/YY), security code and postal code,
 * each checked with the contract's card rules (section 8's card message on the field that breaks one),
 * then saved with `POST /connected/me/payment-methods`. The server's refusals (a declined card, too many
 * tries) are the form message.
 */
import type { PaymentMethod } from '@evmap/contract/billing';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { ContractFormView } from '@/lib/form/contract-form';
import { useContractForm } from '@/lib/form/use-contract-form';
import { type FieldProps, useFormField } from '@/lib/form/use-form-field';
import { useAddPaymentMethod } from '../api/payment-method-add';
import { type BuiltinCardProvider, formatCardNumber, formatExpiry } from '../utils/card-provider';

type CardFieldProps = FieldProps & {
  autoComplete: string;
  /** How the text is shown as it is typed. */
  format?: (value: string) => string;
  placeholder?: string;
  inputMode?: 'numeric' | 'text';
};

/** A card field of the kit: its label from `fields.<name>`, its error on it, its text formatted as typed. */
function CardField({ format = (value) => value, autoComplete, placeholder, inputMode, ...props }: CardFieldProps) {
  const { field, label, error } = useFormField(props.name, props.label);
  return (
    <TextInput
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(format(event.currentTarget.value))}
      autoComplete={autoComplete}
      inputMode={inputMode}
      placeholder={placeholder}
      label={label}
      withAsterisk
      error={error}
      disabled={props.disabled || field.disabled}
    />
  );
}

type Props = {
  provider: BuiltinCardProvider;
  onSaved: (card: PaymentMethod) => void;
  /** Offered when a card is already saved (the form was opened to add another). */
  onCancel?: () => void;
};

/** The built-in provider's card form. */
export function BuiltinCardForm({ provider, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const add = useAddPaymentMethod();
  const { form, onSubmit, formMessage } = useContractForm({
    schema: provider.schema,
    defaultValues: { cardNumber: '', cardExpiry: '', cardCvc: '', cardPostalCode: '' },
    submit: (body) => add.mutateAsync(body),
    // Card refusals name no field: they are the form's message.
    serverField: () => undefined,
    onSuccess: onSaved,
  });

  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage} label={t('card.formLabel')}>
      <CardField
        name="cardNumber"
        autoComplete="cc-number"
        inputMode="numeric"
        format={formatCardNumber}
        placeholder="4242 4242 4242 4242"
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <CardField
          name="cardExpiry"
          autoComplete="cc-exp"
          inputMode="numeric"
          format={formatExpiry}
          placeholder={t('card.expiryPlaceholder')}
        />
        <CardField name="cardCvc" autoComplete="cc-csc" inputMode="numeric" placeholder="123" />
        <CardField name="cardPostalCode" autoComplete="postal-code" placeholder="H2X 1Y4" />
      </SimpleGrid>
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('card.save')}
        </Button>
      </Group>
    </ContractFormView>
  );
}
