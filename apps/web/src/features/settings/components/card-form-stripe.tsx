/**
 * The card form with Stripe: Stripe.js's card element (number, expiry, code and postal code typed in
 * Stripe's own frame), the SetupIntent the server made confirmed with it, then the confirmed
 * PaymentMethod saved with `POST /connected/me/payment-methods { paymentMethodId }`.
 */
import type { PaymentMethod } from '@evmap/contract/billing';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { FormMessage } from '@/components/form-message';
import { Spinner } from '@/components/spinner';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { useAddPaymentMethod } from '../api/payment-method-add';
import type { MountedStripeCard, StripeCardProvider } from '../utils/card-provider';
import { StripeCardError } from '../utils/card-provider-stripe';

type Props = {
  provider: StripeCardProvider;
  onSaved: (card: PaymentMethod) => void;
  onCancel?: () => void;
};

/** Stripe's card element and its save button. */
export function StripeCardForm({ provider, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const add = useAddPaymentMethod();
  const labelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const [card, setCard] = useState<MountedStripeCard>();
  const [message, setMessage] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let mounted: MountedStripeCard | undefined;
    let live = true;
    if (!container.current) return;
    provider.mount(container.current).then(
      (element) => {
        if (live) {
          mounted = element;
          setCard(element);
        } else element.destroy();
      },
      () => {
        if (live) setMessage(t('card.unavailable'));
      },
    );
    return () => {
      live = false;
      mounted?.destroy();
    };
  }, [provider, t]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!card) return;
    setMessage(undefined);
    setSaving(true);
    try {
      onSaved(await add.mutateAsync(await card.confirm()));
    } catch (error) {
      if (error instanceof StripeCardError) setMessage(error.stripeMessage ?? t('cardInvalid', { ns: 'errors' }));
      else if (error instanceof ApiError) setMessage(error.message);
      else setMessage(t('internal', { ns: 'errors' }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label={t('card.formLabel')}>
      <Stack>
        <FormMessage message={message} />
        <Stack gap={4}>
          <Text id={labelId} size="sm" fw={500}>
            {t('card.stripeLabel')}
          </Text>
          <Box
            ref={container}
            role="group"
            aria-labelledby={labelId}
            p="sm"
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          />
          {!card && !message && <Spinner size="sm" />}
        </Stack>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={saving} disabled={!card}>
            {t('card.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
