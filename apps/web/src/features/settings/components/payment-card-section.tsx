/**
 * The payment card of an event-manager: the saved card (brand, last 4 digits, expiry) with its removal,
 * or the form that adds one. A removal the server refuses (a paid plan needs the card: "Cancel your plan
 * before deleting the payment method.") is shown under the card.
 */
import type { PaymentMethod } from '@evmap/contract/billing';
import { Alert, Badge, Button, Center, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { usePaymentMethods } from '@/lib/get-payment-methods';
import { toast } from '@/lib/toast';
import { useRemovePaymentMethod } from '../api/payment-method-remove';
import { CardForm } from './card-form';

const BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;
type KnownBrand = (typeof BRANDS)[number];

/** The brand as shown: its name, or "Card" for a brand we do not know. */
function useBrandName() {
  const { t } = useTranslation();
  return (brand: string) =>
    (BRANDS as readonly string[]).includes(brand) ? t(`card.brands.${brand as KnownBrand}`) : t('card.brands.unknown');
}

const expiry = (card: PaymentMethod) => `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;

/** One saved card with its remove button. */
function SavedCard({
  card,
  charged,
  onRemove,
  removing,
}: {
  card: PaymentMethod;
  /** Shown when several cards are saved: the one payments use. */
  charged: boolean;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const brand = brandName(card.brand);
  return (
    <Group justify="space-between" wrap="nowrap" component="li" data-card={card.id}>
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>{t('card.summary', { brand, last4: card.last4 })}</Text>
          {charged && <Badge variant="light">{t('card.charged')}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {t('card.expires', { date: expiry(card) })}
        </Text>
      </Stack>
      <Button
        variant="outline"
        color="red"
        size="compact-sm"
        onClick={onRemove}
        loading={removing}
        aria-label={t('card.removeLabel', { brand, last4: card.last4 })}
      >
        {t('card.remove')}
      </Button>
    </Group>
  );
}

/** The payment card part of the account page. */
export function PaymentCardSection() {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const cards = usePaymentMethods();
  const remove = useRemovePaymentMethod();
  const [confirm, dialog] = useConfirm();
  const [adding, setAdding] = useState(false);
  const [removeError, setRemoveError] = useState<string>();

  const onRemove = async (card: PaymentMethod) => {
    setRemoveError(undefined);
    const ok = await confirm({
      title: t('card.removeTitle'),
      message: t('card.removeMessage', { brand: brandName(card.brand), last4: card.last4 }),
      confirmLabel: t('card.remove'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(card.id);
    } catch (error) {
      setRemoveError(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
      return;
    }
    toast.success(t('card.removed'));
  };

  const onSaved = (card: PaymentMethod) => {
    setAdding(false);
    setRemoveError(undefined);
    toast.success(t('card.saved', { brand: brandName(card.brand), last4: card.last4 }));
  };

  if (cards.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('card.loadFailed')}
      </Alert>
    );
  }
  if (!cards.data) {
    return (
      <Center py="md">
        <Spinner size="sm" />
      </Center>
    );
  }

  const saved = cards.data;
  return (
    <Stack>
      {saved.length > 0 ? (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('card.listLabel')}
        >
          {saved.map((card) => (
            <SavedCard
              key={card.id}
              card={card}
              charged={saved.length > 1 && card.isDefault}
              removing={remove.isPending && remove.variables === card.id}
              onRemove={() => void onRemove(card)}
            />
          ))}
        </Stack>
      ) : (
        <Text size="sm">{t('card.none')}</Text>
      )}
      {removeError && (
        <Alert color="red" variant="light" role="alert">
          {removeError}
        </Alert>
      )}
      {saved.length === 0 || adding ? (
        <CardForm onSaved={onSaved} onCancel={saved.length > 0 ? () => setAdding(false) : undefined} />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setAdding(true)}>
            {t('card.addAnother')}
          </Button>
        </Group>
      )}
      {dialog}
    </Stack>
  );
}
