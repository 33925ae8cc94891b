/**
 * Adding a card: the set-up call says which provider the server uses, then its form is shown (our own
 * fields for the built-in provider, Stripe's card element with Stripe).
 */
import type { PaymentMethod } from '@evmap/contract/billing';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Spinner } from '@/components/spinner';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { usePaymentMethodSetup } from '../api/payment-method-setup';
import { chooseCardProvider } from '../utils/card-provider';
import { BuiltinCardForm } from './card-form-builtin';
import { StripeCardForm } from './card-form-stripe';

type Props = {
  onSaved: (card: PaymentMethod) => void;
  onCancel?: () => void;
};

/** The add-card form of the provider the server uses. */
export function CardForm({ onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const setup = usePaymentMethodSetup();
  const provider = useMemo(() => (setup.data ? chooseCardProvider(setup.data, lang) : undefined), [setup.data, lang]);

  if (setup.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          {t('card.setupFailed')}
          <Button size="compact-sm" variant="light" onClick={() => void setup.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (provider === undefined) {
    return (
      <Center py="md">
        <Spinner size="sm" />
      </Center>
    );
  }
  if (provider === null) {
    return (
      <Alert color="yellow" variant="light" role="status">
        {t('card.unavailable')}
      </Alert>
    );
  }
  return provider.kind === 'builtin' ? (
    <BuiltinCardForm provider={provider} onSaved={onSaved} onCancel={onCancel} />
  ) : (
    <StripeCardForm provider={provider} onSaved={onSaved} onCancel={onCancel} />
  );
}
